import { Button, Code, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** When this local setting exists, confirmations are skipped (document 001 section 5). */
export const SKIP_CONFIRMATION_KEY = 'vellum-skip-confirmation';

export function confirmationSkipped(): boolean {
  try {
    return localStorage.getItem(SKIP_CONFIRMATION_KEY) !== null;
  } catch {
    return false;
  }
}

/** A random code from 1000 to 9999. */
export function randomConfirmationCode(): string {
  return String(1000 + Math.floor(Math.random() * 9000));
}

export interface ConfirmDialogProps {
  opened: boolean;
  title: ReactNode;
  message: ReactNode;
  confirmLabel?: string;
  color?: string;
  onConfirm: () => unknown;
  onClose: () => void;
  /** For tests: a fixed code instead of a random one. */
  code?: string;
  /** false: no code to retype (confirmations skipped, but the dialog still asks a choice). */
  requireCode?: boolean;
  /** Choices shown between the message and the code (e.g. what else a delete removes). */
  children?: ReactNode;
  /** Keeps the confirm button disabled (a required choice in `children` is not made yet). */
  confirmDisabled?: boolean;
}

/**
 * Asks the user to retype a random 4-digit code before a destructive action; the confirm button
 * stays disabled until the code matches exactly.
 */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  color = 'red',
  onConfirm,
  onClose,
  code: fixedCode,
  requireCode = true,
  children,
  confirmDisabled = false,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState(() => fixedCode ?? randomConfirmationCode());
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);

  // a new code every time the dialog opens
  useEffect(() => {
    if (opened) {
      setCode(fixedCode ?? randomConfirmationCode());
      setTyped('');
      setBusy(false);
    }
  }, [opened, fixedCode]);

  const matches = (!requireCode || typed === code) && !confirmDisabled;
  const submit = async () => {
    if (!matches || busy) return;
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={busy ? () => {} : onClose}
      title={title}
      centered
      size="md"
      closeButtonProps={{ 'aria-label': t('global.close') }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm">{message}</Text>
          {children}
          {requireCode && (
            <>
              <Text size="sm">
                {t('components.confirm.instruction')}{' '}
                <Code fz="md" fw={700} data-testid="confirmation-code">
                  {code}
                </Code>
              </Text>
              <TextInput
                label={t('components.confirm.codeLabel')}
                value={typed}
                onChange={(e) => setTyped(e.currentTarget.value.trim())}
                inputMode="numeric"
                autoComplete="off"
                maxLength={4}
                data-autofocus
              />
            </>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('components.confirm.cancel')}
            </Button>
            <Button type="submit" color={color} disabled={!matches} loading={busy}>
              {confirmLabel ?? t('components.confirm.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export interface ConfirmRequest {
  title: ReactNode;
  message: ReactNode;
  confirmLabel?: string;
  color?: string;
  onConfirm: () => unknown;
}

/**
 * `ask(request)` opens the confirmation dialog (or runs the action at once when confirmations are
 * skipped); render `dialog` once in the page. The dialog closes when the action succeeds and stays
 * open when it fails (the global handler shows the error).
 */
export function useConfirm(): { ask: (request: ConfirmRequest) => void; dialog: ReactNode } {
  // the request stays after closing so the closing animation keeps its text
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const [opened, setOpened] = useState(false);
  const ask = useCallback((r: ConfirmRequest) => {
    if (confirmationSkipped()) {
      void Promise.resolve()
        .then(r.onConfirm)
        .catch(() => {});
      return;
    }
    setRequest(r);
    setOpened(true);
  }, []);
  const dialog = (
    <ConfirmDialog
      opened={opened}
      title={request?.title}
      message={request?.message}
      confirmLabel={request?.confirmLabel}
      color={request?.color}
      onClose={() => setOpened(false)}
      onConfirm={async () => {
        if (!request) return;
        try {
          await request.onConfirm();
          setOpened(false);
        } catch {
          // the error is already announced; the user may retry or cancel
        }
      }}
    />
  );
  return { ask, dialog };
}
