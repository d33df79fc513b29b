import { Checkbox } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, confirmationSkipped } from '../../components/ConfirmDialog';

export interface GroupToDelete {
  id: number;
  name: string;
  /** How many documents are restricted to the group. */
  documentCount: number;
}

/**
 * Deleting a restricted group: one linked to documents is deleted only when the user also ticks
 * "unlink the N documents" (sent as unlink-documents=true); then the 4-digit code (unless
 * confirmations are skipped). Stays open when the delete fails (the error is announced).
 */
export function PublicUserGroupDeleteDialog({
  group,
  onClose,
  onConfirm,
  code,
}: {
  group: GroupToDelete | null;
  onClose: () => void;
  onConfirm: (group: GroupToDelete, unlinkDocuments: boolean) => Promise<unknown>;
  /** For tests: a fixed confirmation code. */
  code?: string;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<GroupToDelete | null>(group);
  const [unlink, setUnlink] = useState(false);
  // each group starts afresh; the last one stays shown while the dialog closes
  if (group && group !== shown) {
    setShown(group);
    setUnlink(false);
  }
  const linked = shown?.documentCount ?? 0;

  return (
    <ConfirmDialog
      opened={!!group}
      title={t('restrictedAccess.delete.title', { name: shown?.name ?? '' })}
      message={linked > 0 ? t('restrictedAccess.delete.linkedMessage', { count: linked }) : t('restrictedAccess.delete.message')}
      confirmLabel={t('components.confirm.delete')}
      code={code}
      requireCode={!confirmationSkipped()}
      confirmDisabled={linked > 0 && !unlink}
      onClose={onClose}
      onConfirm={async () => {
        if (!shown) return;
        try {
          await onConfirm(shown, linked > 0 && unlink);
          onClose();
        } catch {
          // announced by the global handler; the user may retry or cancel
        }
      }}
    >
      {linked > 0 && (
        <Checkbox
          checked={unlink}
          onChange={(e) => setUnlink(e.currentTarget.checked)}
          label={t('restrictedAccess.delete.unlink', { count: linked })}
          description={t('restrictedAccess.delete.unlinkHint')}
        />
      )}
    </ConfirmDialog>
  );
}
