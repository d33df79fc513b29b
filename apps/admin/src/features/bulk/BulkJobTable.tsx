import { ActionIcon, Badge, Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { IconBan, IconFileAlert, IconFileZip, IconListDetails } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { BulkJob } from '@vellum/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../components/ConfirmDialog';
import { type Column, DataTable } from '../../components/DataTable';
import { listTableProps } from '../../components/listTableProps';
import { actionsColumn } from '../../components/RowActions';
import { useTableState } from '../../components/tableState';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { BulkJobErrorsDialog } from './BulkJobErrorsDialog';
import { BulkStatusBadge } from './BulkStatusBadge';
import { countsLine } from './bulkFormat';
import {
  type BulkTarget,
  CANCELLABLE_STATUSES,
  downloadRejectedRows,
  downloadUploadedZip,
  RUNNING_STATUSES,
  useBulkJobs,
  useCancelBulkJob,
} from './bulkUpload.hooks';

/** Step 3: the unit's uploads, newest first, live while one is queued or processing (spec 001 §3 "bulk upload row"). */
export function BulkJobTable({ target }: { target: BulkTarget }) {
  const { t } = useTranslation();
  const state = useTableState({ prefix: 'jobs-' });
  const jobs = useBulkJobs(target, state.page, state.size);
  const cancel = useCancelBulkJob();
  const rejected = useMutation({ mutationFn: downloadRejectedRows });
  const zip = useMutation({ mutationFn: downloadUploadedZip });
  const [shown, setShown] = useState<BulkJob | null>(null);
  const { ask, dialog } = useConfirm();

  const columns: Column<BulkJob>[] = [
    {
      key: 'fileName',
      header: t('bulk.jobs.fileName'),
      render: (j) => (
        <Group gap={6} miw={180}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {j.fileName}
          </Text>
          {j.mode === 'CHECK' && (
            <Badge variant="outline" size="sm" radius="sm" tt="none" color="gray" style={{ flexShrink: 0 }}>
              {t('bulk.jobs.checkOnly')}
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'userLogin', header: t('bulk.jobs.user'), render: (j) => j.userLogin },
    { key: 'createdDate', header: t('bulk.jobs.created'), render: (j) => formatDateTime(j.createdDate) },
    { key: 'processedDate', header: t('bulk.jobs.processed'), render: (j) => (j.processedDate ? formatDateTime(j.processedDate) : '—') },
    { key: 'status', header: t('bulk.jobs.status'), render: (j) => <JobStatus job={j} /> },
    {
      key: 'counts',
      header: t('bulk.jobs.counts'),
      render: (j) => (
        <Text size="sm" data-testid="bulk-job-counts">
          {(!RUNNING_STATUSES.includes(j.status) && countsLine(j, t)) || '—'}
        </Text>
      ),
    },
    {
      ...actionsColumn(t('components.dataTable.actions'), (j: BulkJob) => (
        <Group gap={4} wrap="nowrap" justify="flex-end">
          <Tooltip label={t('bulk.jobs.showLog')}>
            <ActionIcon variant="subtle" aria-label={t('bulk.jobs.showLogOf', { name: j.fileName })} onClick={() => setShown(j)}>
              <IconListDetails size={18} />
            </ActionIcon>
          </Tooltip>
          {j.hasZip && (
            <Tooltip label={t('bulk.jobs.zip')}>
              <ActionIcon
                variant="subtle"
                aria-label={t('bulk.jobs.zipOf', { name: j.fileName })}
                loading={zip.isPending && zip.variables?.id === j.id}
                onClick={() => zip.mutate(j)}
              >
                <IconFileZip size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          {j.hasRejectedRows && (
            <Tooltip label={t('bulk.jobs.rejectedRows')}>
              <ActionIcon
                variant="subtle"
                aria-label={t('bulk.jobs.rejectedRowsOf', { name: j.fileName })}
                loading={rejected.isPending && rejected.variables?.id === j.id}
                onClick={() => rejected.mutate(j)}
              >
                <IconFileAlert size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          {CANCELLABLE_STATUSES.includes(j.status) && !j.cancelRequested && (
            <Tooltip label={t('bulk.jobs.cancel')}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('bulk.jobs.cancelOf', { name: j.fileName })}
                onClick={() =>
                  ask({
                    title: t('bulk.jobs.cancelTitle', { name: j.fileName }),
                    message: t('bulk.jobs.cancelMessage'),
                    confirmLabel: t('bulk.jobs.cancelConfirm'),
                    onConfirm: () => cancel.mutateAsync(j.id),
                  })
                }
              >
                <IconBan size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      )),
      width: 130,
    },
  ];

  return (
    <>
      <DataTable
        label={t('bulk.jobs.title')}
        columns={columns}
        {...listTableProps(jobs)}
        rowKey={(j) => j.id}
        state={state}
        emptyMessage={t('bulk.jobs.empty')}
      />
      {/* the job as the table last read it: its log grows while it runs */}
      <BulkJobErrorsDialog job={shown ? (jobs.data?.rows.find((j) => j.id === shown.id) ?? shown) : null} onClose={() => setShown(null)} />
      {dialog}
    </>
  );
}

/** The status badge; while processing, the rows done of the rows read as a progress bar. */
function JobStatus({ job }: { job: BulkJob }) {
  const { t } = useTranslation();
  const processing = job.status === 'PROCESSING';
  const percent = job.rowsTotal ? Math.min(100, Math.round((job.rowsDone / job.rowsTotal) * 100)) : 0;
  return (
    <Stack gap={4} miw={140}>
      <Group gap={6} wrap="nowrap">
        <BulkStatusBadge status={job.status} />
        {job.cancelRequested && (
          <Text size="xs" c="dimmed">
            {t('bulk.jobs.cancelling')}
          </Text>
        )}
      </Group>
      {processing && (
        <>
          <Progress
            value={percent}
            size="sm"
            animated={job.rowsTotal === null}
            aria-label={t('bulk.jobs.progressOf', { name: job.fileName })}
            data-testid="bulk-job-progress"
          />
          <Text size="xs" c="dimmed">
            {job.rowsTotal === null
              ? t('bulk.jobs.reading')
              : t('bulk.jobs.rowsDone', { done: formatNumber(job.rowsDone), total: formatNumber(job.rowsTotal), percent })}
          </Text>
        </>
      )}
    </Stack>
  );
}
