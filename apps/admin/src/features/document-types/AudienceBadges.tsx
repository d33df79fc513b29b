import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The audiences a document type shows to. */
export function AudienceBadges({ hcp, patient }: { hcp: boolean; patient: boolean }) {
  const { t } = useTranslation();
  if (!hcp && !patient) {
    return (
      <Text size="sm" c="dimmed">
        {t('documentTypes.noAudience')}
      </Text>
    );
  }
  return (
    <Group gap={4}>
      {hcp && (
        <Badge size="sm" variant="light" color="blue">
          {t('documentTypes.hcp')}
        </Badge>
      )}
      {patient && (
        <Badge size="sm" variant="light" color="grape">
          {t('documentTypes.patient')}
        </Badge>
      )}
    </Group>
  );
}
