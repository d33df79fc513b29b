import { Badge } from '@mantine/core';
import { type PublishState, publishStateOf } from '@vellum/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../i18n/format';

const COLORS: Record<PublishState, string> = { UNPUBLISHED: 'gray', SCHEDULED: 'blue', PUBLISHED: 'teal' };

/** Unpublished (with the date a publish would keep, if any), scheduled (with its date) or published (since its date). */
export function PublishStateBadge({ publishDate, state }: { publishDate: string | null; state?: PublishState }) {
  const { t } = useTranslation();
  const current = state ?? publishStateOf(publishDate);
  const date = formatDateTime(publishDate);
  return (
    <Badge component="span" color={COLORS[current]} variant="light" size="sm" radius="sm" tt="none">
      {current !== 'UNPUBLISHED'
        ? t(`products.state.${current}_on`, { date })
        : // dated but not in the live publication: unpublished, and the date it will go in with (decision 0051)
          date
          ? t('products.state.UNPUBLISHED_dated', { date })
          : t('products.state.UNPUBLISHED')}
    </Badge>
  );
}
