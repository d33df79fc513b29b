import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Yes/No in a list cell, or custom labels. */
export function BooleanBadge({ value, yes, no, danger }: { value: boolean; yes?: string; no?: string; danger?: boolean }) {
  const { t } = useTranslation();
  const color = value ? (danger ? 'red' : 'teal') : 'gray';
  return (
    <Badge color={color} variant="light" size="sm" radius="sm">
      {value ? (yes ?? t('components.yes')) : (no ?? t('components.no'))}
    </Badge>
  );
}
