import { Badge } from '@mantine/core';
import type { ProductType } from '@vellum/contract';
import { useTranslation } from 'react-i18next';

const COLORS: Record<ProductType['status'], string> = { ENABLED: 'teal', DISABLED: 'gray', WAITING: 'yellow' };

/** Enabled, Disabled or Waiting. */
export function ProductTypeStatusBadge({ status }: { status: ProductType['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light" size="sm" radius="sm">
      {t(`productTypes.status.${status}`)}
    </Badge>
  );
}
