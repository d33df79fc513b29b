import { Badge } from '@mantine/core';
import type { PublishState } from '@vellum/contract';
import { useTranslation } from 'react-i18next';

const COLORS: Record<PublishState, string> = { UNPUBLISHED: 'gray', SCHEDULED: 'blue', PUBLISHED: 'teal' };

/** A document's publish state, from the current versions of its files. */
export function DocumentStateBadge({ state }: { state: PublishState }) {
  const { t } = useTranslation();
  return (
    <Badge component="span" color={COLORS[state]} variant="light" size="sm" radius="sm" tt="none">
      {t(`products.state.${state}`)}
    </Badge>
  );
}
