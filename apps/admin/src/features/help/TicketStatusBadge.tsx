import { Badge } from '@mantine/core';
import type { TicketStatus } from '@vellum/contract';
import { useTranslation } from 'react-i18next';

/** OPEN or CLOSED, in words. */
export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={status === 'OPEN' ? 'blue' : 'gray'} variant="light">
      {t(`help.status.${status}`)}
    </Badge>
  );
}
