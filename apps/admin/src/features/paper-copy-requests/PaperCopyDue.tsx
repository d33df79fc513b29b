import { Badge, Stack, Text } from '@mantine/core';
import type { PaperCopyRequest } from '@vellum/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/format';

/** The due date and what is left of the 7 days: days left, overdue (red) or sent with date and who. */
export function PaperCopyDue({ request: r }: { request: PaperCopyRequest }) {
  const { t } = useTranslation();
  const badge =
    r.state === 'SENT' ? (
      <Badge color="teal" variant="light" tt="none">
        {t('paperCopyRequests.state.SENT')}
      </Badge>
    ) : r.state === 'OVERDUE' ? (
      <Badge color="red" variant="filled" tt="none">
        {t('paperCopyRequests.overdue', { count: Math.max(1, 1 - (r.daysLeft ?? 0)) })}
      </Badge>
    ) : (
      <Badge color={(r.daysLeft ?? 0) <= 2 ? 'orange' : 'blue'} variant="light" tt="none">
        {t('paperCopyRequests.daysLeft', { count: r.daysLeft ?? 0 })}
      </Badge>
    );
  return (
    <Stack gap={2} align="flex-start">
      {badge}
      <Text size="xs" c="dimmed">
        {t('paperCopyRequests.dueOn', { date: formatDateTime(r.dueDate) })}
      </Text>
    </Stack>
  );
}
