import { Radio, Stack } from '@mantine/core';
import type { DeleteType } from '@vellum/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, confirmationSkipped } from '../../components/ConfirmDialog';

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
  code,
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
  // each group starts afresh; the last one stays shown while the dialog closes
  if (group && group !== shown) {
    setShown(group);
    setDeleteType('NONE');
  }

  return (
    <ConfirmDialog
      opened={!!group}
      title={t('productGroups.delete.title', { name: shown?.name ?? '' })}
      message={t('productGroups.delete.message', { count: shown?.productCount ?? 0 })}
      confirmLabel={t('components.confirm.delete')}
      code={code}
      requireCode={!confirmationSkipped()}
      onClose={onClose}
      onConfirm={async () => {
        if (!shown) return;
        try {
          await onConfirm(shown, deleteType);
          onClose();
        } catch {
          // announced by the global handler; the user may retry or cancel
        }
      }}
    >
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
    </ConfirmDialog>
  );
}
