import { Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { TICKET_STATUSES, type Ticket, type TicketStatus } from '@vellum/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleApiError } from '../../api/notify';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { type Column, DataTable } from '../../components/DataTable';
import { listTableProps } from '../../components/listTableProps';
import { PageHeader } from '../../components/PageHeader';
import { pageParams, useTableState } from '../../components/tableState';
import { useConfirmedAction } from '../../components/useConfirmedAction';
import { formatDateTime } from '../../i18n/format';
import { downloadAttachment, useCloseTicket, useTickets } from './help.hooks';
import { TicketStatusBadge } from './TicketStatusBadge';

type Filter = TicketStatus | 'ALL';

/**
 * general-settings → tickets (QARAD_USER, the vendor's support staff): every help ticket, newest
 * first, with its requester, page, text and attachment; an open one can be closed (decision 0073).
 */
export function TicketsPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>('OPEN');
  const state = useTableState();
  const { page, size } = pageParams(state);
  const list = useTickets({ page, size, status: filter === 'ALL' ? undefined : filter });
  const close = useCloseTicket();
  const closing = useConfirmedAction((row: Ticket) => close.mutateAsync(row));

  const columns: Column<Ticket>[] = [
    { key: 'id', header: t('help.fields.number'), width: 80, render: (r) => `#${r.id}` },
    { key: 'createdDate', header: t('help.fields.createdDate'), render: (r) => formatDateTime(r.createdDate) },
    {
      key: 'requester',
      header: t('help.fields.requester'),
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm">{r.requesterLogin}</Text>
          <Text size="xs" c="dimmed">
            {r.requesterEmail}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'subject',
      header: t('help.fields.subject'),
      render: (r) => (
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {r.subject}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }} lineClamp={6}>
            {r.description}
          </Text>
          {r.url && (
            <Text size="xs" c="dimmed">
              {t('help.fields.page')}: {r.url}
            </Text>
          )}
          {r.attachment && (
            <Group>
              <Button
                size="compact-xs"
                variant="subtle"
                leftSection={<IconDownload size={14} aria-hidden />}
                onClick={() => void downloadAttachment(r.id, r.attachment?.fileName ?? 'attachment').catch(handleApiError)}
              >
                {r.attachment.fileName}
              </Button>
            </Group>
          )}
        </Stack>
      ),
    },
    {
      key: 'status',
      header: t('help.fields.status'),
      render: (r) =>
        r.status === 'OPEN' ? (
          <Stack gap={4} align="flex-start">
            <TicketStatusBadge status={r.status} />
            <Button size="xs" variant="light" aria-label={t('help.closeOf', { number: r.id })} onClick={() => closing.ask(r)}>
              {t('help.close')}
            </Button>
          </Stack>
        ) : (
          <Stack gap={0}>
            <TicketStatusBadge status={r.status} />
            <Text size="xs" c="dimmed">
              {r.closedDate ? t('help.closedBy', { login: r.closedBy ?? '—', date: formatDateTime(r.closedDate) }) : null}
            </Text>
          </Stack>
        ),
    },
  ];

  return (
    <>
      <PageHeader title={t('help.tickets.title')} description={t('help.tickets.description')} />
      <DataTable
        label={t('help.tickets.title')}
        columns={columns}
        {...listTableProps(list)}
        rowKey={(r) => r.id}
        state={state}
        emptyMessage={t('help.tickets.empty')}
        toolbar={
          <SegmentedControl
            aria-label={t('help.tickets.filter')}
            value={filter}
            onChange={(v) => setFilter(v as Filter)}
            data={[...TICKET_STATUSES, 'ALL' as const].map((s) => ({ value: s, label: t(`help.tickets.filters.${s}`) }))}
          />
        }
      />
      <ConfirmDialog
        {...closing.dialog}
        requireCode={false}
        color="teal"
        title={t('help.close')}
        message={closing.target ? t('help.closeConfirm', { number: closing.target.id, subject: closing.target.subject }) : ''}
        confirmLabel={t('help.close')}
      />
    </>
  );
}
