import { Button, Code, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import type { DeleteType } from '@vellum/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmationSkipped, randomConfirmationCode } from '../../components/ConfirmDialog';

export interface GroupToDelete {
  id: number;
  name: string;
  productCount: number;
}

/**
 * Deleting a product group: the user chooses whether its products that belong to no other group go
 * too (ORPHANED_PRODUCTS) or stay as orphans (NONE, the default), then retypes the 4-digit code
 * (unless confirmations are skipped). Stays open when the delete fails (the error is announced).
 */
export function ProductGroupDeleteDialog({
  group,
  onClose,
  onConfirm,
  code: fixedCode,
}: {
  group: GroupToDelete | null;
  onClose: () => void;
  onConfirm: (group: GroupToDelete, deleteType: DeleteType) => Promise<unknown>;
  /** For tests: a fixed confirmation code. */
  code?: string;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<GroupToDelete | null>(group);
  const [deleteType, setDeleteType] = useState<DeleteType>('NONE');
  const [code, setCode] = useState(() => fixedCode ?? randomConfirmationCode());
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  // each group starts afresh; the last one stays shown while the dialog closes
  if (group && group !== shown) {
    setShown(group);
    setDeleteType('NONE');
    setCode(fixedCode ?? randomConfirmationCode());
    setTyped('');
  }
  const skipCode = confirmationSkipped();
  const matches = skipCode || typed === code;

  const submit = async () => {
    if (!shown || !matches || busy) return;
    setBusy(true);
    try {
      await onConfirm(shown, deleteType);
      onClose();
    } catch {
      // announced by the global handler; the user may retry or cancel
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={!!group}
      onClose={busy ? () => {} : onClose}
      title={t('productGroups.delete.title', { name: shown?.name ?? '' })}
      centered
      size="md"
      closeButtonProps={{ 'aria-label': t('global.close') }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          e.stopPropagation();
          void submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm">{t('productGroups.delete.message', { count: shown?.productCount ?? 0 })}</Text>
          <Radio.Group label={t('productGroups.delete.typeLabel')} value={deleteType} onChange={(v) => setDeleteType(v as DeleteType)}>
            <Stack gap="xs" mt="xs">
              <Radio value="NONE" label={t('productGroups.delete.NONE')} description={t('productGroups.delete.NONE_hint')} />
              <Radio
                value="ORPHANED_PRODUCTS"
                label={t('productGroups.delete.ORPHANED_PRODUCTS')}
                description={t('productGroups.delete.ORPHANED_PRODUCTS_hint')}
              />
            </Stack>
          </Radio.Group>
          {!skipCode && (
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
            <Button type="submit" color="red" disabled={!matches} loading={busy}>
              {t('components.confirm.delete')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
