import { Badge } from '@mantine/core';
import type { BulkJobStatus } from '@vellum/contract';
import { useTranslation } from 'react-i18next';

const COLORS: Record<BulkJobStatus, string> = {
  UPLOADING: 'gray',
  UPLOADED: 'blue',
  PROCESSING: 'blue',
  SUCCESS: 'green',
  FAILED: 'red',
  WARNING: 'orange',
};

/** A bulk job's status (spec 001 §4) in words and colour. */
export function BulkStatusBadge({ status }: { status: BulkJobStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light" radius="sm" tt="none" data-testid="bulk-status">
      {t(`bulk.status.${status}`)}
    </Badge>
  );
}
