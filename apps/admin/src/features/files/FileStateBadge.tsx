import { Badge } from '@mantine/core';
import type { PublishState } from '@vellum/contract';
import { useTranslation } from 'react-i18next';
import { PublishStateBadge } from '../../components/PublishStateBadge';

/**
 * A file's state: archived once its archive date is reached (off the public website, still here),
 * otherwise the publish state of its current version (unpublished, scheduled, published).
 */
export function FileStateBadge({
  archived,
  publishDate,
  publishState,
}: {
  archived: boolean;
  publishDate: string | null;
  publishState: PublishState;
}) {
  const { t } = useTranslation();
  if (archived) {
    return (
      <Badge component="span" color="orange" variant="light" size="sm" radius="sm" tt="none">
        {t('files.archived')}
      </Badge>
    );
  }
  return <PublishStateBadge publishDate={publishDate} state={publishState} />;
}
