import { Anchor, Badge, Button, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ScheduledExport } from '@vellum/contract';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useConfirm } from '../../components/ConfirmDialog';
import { type Column, DataTable } from '../../components/DataTable';
import { listTableProps } from '../../components/listTableProps';
import { PageHeader } from '../../components/PageHeader';
import { actionsColumn, RowActions } from '../../components/RowActions';
import { pageParams, useTableState } from '../../components/tableState';
import { formatDateTime, formatDateTimeIn } from '../../i18n/format';
import { scheduledExportPaths } from '../../paths/scheduledExports';
import { useDeleteScheduledExport, useScheduledExports } from './scheduledExports.hooks';
import { scheduleText, whatText } from './scheduleText';

/**
 * The scheduled exports of a business unit: what (a product type or the documents), format,
 * schedule, recipients, next run (on the schedule's zone's clocks) and last run (server paging).
 */
export function ScheduledExportListPage() {
  const { t } = useTranslation();
  const unitId = Number(useParams().businessUnitId);
  const state = useTableState({ defaultSort: { field: 'productTypeName', direction: 'asc' } });
  const list = useScheduledExports({ businessUnitId: unitId, ...pageParams(state) });
  const remove = useDeleteScheduledExport();
  const { ask, dialog } = useConfirm();
  const base = scheduledExportPaths.list(unitId);

  const columns: Column<ScheduledExport>[] = [
    {
      key: 'productTypeName',
      header: t('scheduledExports.columns.what'),
      sortable: true,
      render: (r) => (
        <Anchor component={Link} to={`${base}/${r.id}`} fw={500}>
          {whatText(t, r)}
        </Anchor>
      ),
    },
    { key: 'format', header: t('scheduledExports.columns.format'), render: (r) => r.fileFormat },
    { key: 'frequency', header: t('scheduledExports.columns.frequency'), sortable: true, render: (r) => scheduleText(t, r) },
    { key: 'recipients', header: t('scheduledExports.columns.recipients'), render: (r) => r.recipients.join(', ') },
    {
      key: 'nextRunAt',
      header: t('scheduledExports.columns.nextRun'),
      sortable: true,
      render: (r) =>
        r.active && r.nextRunAt ? (
          formatDateTimeIn(r.nextRunAt, r.timeZone)
        ) : (
          <Badge size="sm" variant="light" color="gray">
            {t('scheduledExports.paused')}
          </Badge>
        ),
    },
    {
      key: 'lastRunAt',
      header: t('scheduledExports.columns.lastRun'),
      render: (r) =>
        r.lastRunAt ? (
          formatDateTime(r.lastRunAt, { utc: true })
        ) : (
          <Text size="sm" c="dimmed">
            {t('scheduledExports.never')}
          </Text>
        ),
    },
    actionsColumn(t('components.dataTable.actions'), (r) => (
      <RowActions
        name={whatText(t, r)}
        editTo={`${base}/${r.id}`}
        onDelete={() =>
          ask({
            title: t('scheduledExports.delete.title'),
            message: t('scheduledExports.delete.message', { name: whatText(t, r) }),
            confirmLabel: t('components.confirm.delete'),
            onConfirm: () => remove.mutateAsync(r.id),
          })
        }
      />
    )),
  ];

  return (
    <>
      <PageHeader
        title={t('scheduledExports.title')}
        description={t('scheduledExports.description')}
        actions={
          <Button component={Link} to={`${base}/new`} leftSection={<IconPlus size={16} />}>
            {t('scheduledExports.create')}
          </Button>
        }
      />
      <DataTable
        label={t('scheduledExports.title')}
        columns={columns}
        {...listTableProps(list)}
        rowKey={(r) => r.id}
        state={state}
        emptyMessage={t('scheduledExports.empty')}
      />
      {dialog}
    </>
  );
}
