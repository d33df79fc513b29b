import { Button, Group, Progress, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** How far an upload is (its bytes sent of the total), with a button that cancels it. */
export function UploadProgress({ loaded, total, onCancel }: { loaded: number; total: number; onCancel: () => void }) {
  const { t } = useTranslation();
  const percent = total > 0 ? Math.round((loaded / total) * 100) : 0;
  return (
    <Group gap="sm" align="center">
      <Progress value={percent} flex={1} size="lg" aria-label={t('components.upload.progress')} data-testid="upload-progress" />
      <Text size="sm" w={48}>
        {percent}%
      </Text>
      <Button variant="subtle" color="red" leftSection={<IconX size={16} />} onClick={onCancel}>
        {t('components.upload.cancel')}
      </Button>
    </Group>
  );
}
