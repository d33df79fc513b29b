import { Button, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import type { PaperCopyRequest } from '@vellum/contract';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { type Column, DataTable } from '../../components/DataTable';
import { listTableProps } from '../../components/listTableProps';
import { PageHeader } from '../../components/PageHeader';
import { pageParams, useTableState } from '../../components/tableState';
import { useConfirmedAction } from '../../components/useConfirmedAction';
import { formatDateTime, languageName } from '../../i18n/format';
import { PaperCopyDue } from './PaperCopyDue';
import { type PaperCopyFilter, useMarkPaperCopySent, usePaperCopyRequests } from './paperCopyRequests.hooks';

const FILTERS = ['open', 'overdue', 'sent', 'all'] as const;
type Filter = (typeof FILTERS)[number];
const isFilter = (s: string | null): s is Filter => (FILTERS as readonly (string | null)[]).includes(s);

/**
 * administration → paper-copy-requests: the free paper copies visitors asked for on the public
 * site (EU 2021/2226: to be sent within 7 days), the most urgent first, with the days left,
 * overdue ones marked, and "Mark as sent" (decision 0041).
 */
export function PaperCopyRequestsPage() {
  const { t } = useTranslation();
  const unitId = Number(useParams().businessUnitId);
  const [params, setParams] = useSearchParams();
  const raw = params.get('state');
  const filter: Filter = isFilter(raw) ? raw : 'open';
  const state = useTableState({ defaultSort: { field: 'dueDate', direction: 'asc' } });
  const list = usePaperCopyRequests({
    businessUnitId: unitId,
    ...pageParams(state),
    state: filter === 'all' ? undefined : (filter as PaperCopyFilter),
  });
  const mark = useMarkPaperCopySent();
  const marking = useConfirmedAction((row: PaperCopyRequest) => mark.mutateAsync(row));

  const setFilter = (value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('state', value);
        next.delete('page');
        return next;
      },
      { replace: true },
    );

  const columns: Column<PaperCopyRequest>[] = [
    {
      key: 'dueDate',
      header: t('paperCopyRequests.fields.due'),
      sortable: true,
      width: 170,
      render: (r) => <PaperCopyDue request={r} />,
    },
    {
      key: 'createdDate',
      header: t('paperCopyRequests.fields.createdDate'),
      sortable: true,
      render: (r) => formatDateTime(r.createdDate),
    },
    {
      key: 'document',
      header: t('paperCopyRequests.fields.document'),
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {r.documentNumber} – {r.documentName}
          </Text>
          {r.fileName && (
            <Text size="xs" c="dimmed">
              {r.versionLabel ? t('paperCopyRequests.fileVersion', { file: r.fileName, version: r.versionLabel }) : r.fileName}
            </Text>
          )}
          {r.keyCode && (
            <Text size="xs" c="dimmed">
              {r.productTypeName ? `${r.keyCode} (${r.productTypeName})` : r.keyCode}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'language', header: t('paperCopyRequests.fields.language'), render: (r) => languageName(r.language) },
    {
      key: 'requester',
      header: t('paperCopyRequests.fields.requester'),
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {r.requesterName}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {r.postalAddress}
          </Text>
          <Text size="xs" c="dimmed">
            {r.email}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'sentDate',
      header: t('paperCopyRequests.fields.sent'),
      sortable: true,
      render: (r) =>
        r.sentDate ? (
          <Stack gap={0}>
            <Text size="sm">{formatDateTime(r.sentDate)}</Text>
            <Text size="xs" c="dimmed">
              {t('paperCopyRequests.sentBy', { login: r.sentBy ?? '—' })}
            </Text>
          </Stack>
        ) : (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconMailForward size={14} />}
            aria-label={t('paperCopyRequests.markSentOf', { number: r.documentNumber, name: r.requesterName })}
            onClick={() => marking.ask(r)}
          >
            {t('paperCopyRequests.markSent')}
          </Button>
        ),
    },
  ];

  const emptyMessage = t(`paperCopyRequests.empty.${filter}`);
  return (
    <>
      <PageHeader title={t('paperCopyRequests.title')} description={t('paperCopyRequests.description')} />
      <Stack gap="md">
        <DataTable
          label={t('paperCopyRequests.title')}
          columns={columns}
          {...listTableProps(list)}
          rowKey={(r) => r.id}
          state={state}
          emptyMessage={emptyMessage}
          toolbar={
            <SegmentedControl
              aria-label={t('paperCopyRequests.filter')}
              value={filter}
              onChange={setFilter}
              data={FILTERS.map((f) => ({ value: f, label: t(`paperCopyRequests.filters.${f}`) }))}
            />
          }
        />
      </Stack>
      <ConfirmDialog
        {...marking.dialog}
        requireCode={false}
        color="teal"
        title={t('paperCopyRequests.confirm.title')}
        message={
          marking.target
            ? t('paperCopyRequests.confirm.message', { number: marking.target.documentNumber, name: marking.target.requesterName })
            : ''
        }
        confirmLabel={t('paperCopyRequests.markSent')}
      >
        {marking.target && (
          <Text size="sm" style={{ whiteSpace: 'pre-line' }} data-testid="confirm-address">
            {marking.target.postalAddress}
          </Text>
        )}
      </ConfirmDialog>
    </>
  );
}
