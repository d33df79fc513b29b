import { Button, Group } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** Cancel and save at the end of a form; save is disabled while saving or when nothing changed. */
export function FormActions({
  saving,
  disabled,
  cancelTo,
  saveLabel,
}: {
  saving: boolean;
  disabled?: boolean;
  cancelTo?: string;
  saveLabel?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Group justify="flex-end" gap="sm">
      {cancelTo && (
        <Button variant="default" onClick={() => navigate(cancelTo)} disabled={saving}>
          {t('components.form.cancel')}
        </Button>
      )}
      <Button type="submit" loading={saving} disabled={disabled} leftSection={<IconDeviceFloppy size={16} />}>
        {saveLabel ?? t('components.form.save')}
      </Button>
    </Group>
  );
}
