import '@mantine/dates/styles.css';
import { Badge, Button, Center, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconDownload, IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { handleApiError } from '../../api/notify';
import { type Column, DataTable } from '../../components/DataTable';
import { listTableProps } from '../../components/listTableProps';
import { PageHeader } from '../../components/PageHeader';
import { ProblemAlert } from '../../components/ProblemAlert';
import { pageParams, useTableState } from '../../components/tableState';
import { countryName, DATE_INPUT_FORMAT, formatDate, formatDateTime, languageName } from '../../i18n/format';
import { useBusinessUnitStatistics } from '../business-units';
import { DownloadCharts } from './DownloadCharts';
import { presets, rangeFromParams } from './dayRange';
import { downloadsCsv, saveCsv } from './downloadsCsv';
import { type DocumentDownload, fetchAllDownloads, useDownloadStats, useDownloads } from './websiteStats.hooks';

/** Downloads from the unit's public website in a date range: charts, the records, and a CSV of them. */
export function WebsiteStatsPage() {
  const { t } = useTranslation();
  const unitId = Number(useParams().businessUnitId);
  const unit = useBusinessUnitStatistics(unitId);
  const [params, setParams] = useSearchParams();
  const range = rangeFromParams(params);
  const [picked, setPicked] = useState<[string | null, string | null]>([range.from, range.to]);
  useEffect(() => setPicked([range.from, range.to]), [range.from, range.to]);
  const state = useTableState({ defaultSort: { field: 'at', direction: 'desc' }, defaultSize: 20 });
  const stats = useDownloadStats(unitId, range);
  const records = useDownloads(unitId, range, pageParams(state));
  const [exporting, setExporting] = useState<{ loaded: number; total: number } | null>(null);

  const pick = (value: [string | null, string | null]) => {
    setPicked(value);
    const [from, to] = value;
    if (!from || !to) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('from', from);
        next.set('to', to);
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  };

  const exportCsv = async () => {
    setExporting({ loaded: 0, total: records.data?.pageable.totalElements ?? 0 });
    try {
      const all = await fetchAllDownloads(unitId, range, (loaded, total) => setExporting({ loaded, total }));
      saveCsv(downloadsCsv(all), `downloads-${unit.data?.slug ?? unitId}-${range.from}-${range.to}.csv`);
    } catch (err) {
      handleApiError(err);
    } finally {
      setExporting(null);
    }
  };

  const p = presets();
  const columns: Column<DocumentDownload>[] = [
    {
      key: 'at',
      header: t('websiteStats.fields.at'),
      sortable: true,
      render: (d) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
          {formatDateTime(d.at, { utc: true })}
        </Text>
      ),
    },
    { key: 'country', header: t('websiteStats.fields.country'), sortable: true, render: (d) => countryName(d.country) },
    { key: 'language', header: t('websiteStats.fields.language'), sortable: true, render: (d) => languageName(d.language) },
    {
      key: 'audience',
      header: t('websiteStats.fields.audience'),
      sortable: true,
      render: (d) => (
        <Badge variant="light" radius="sm" size="sm" color={d.audience === 'PATIENT' ? 'teal' : 'blue'}>
          {t(`websiteStats.audience.${d.audience}`)}
        </Badge>
      ),
    },
    {
      key: 'productTypeName',
      header: t('websiteStats.fields.product'),
      sortable: true,
      render: (d) => (
        <Stack gap={0}>
          <Text size="sm">{d.productTypeName}</Text>
          {d.keyCode && (
            <Text size="xs" c="dimmed">
              {d.keyCode}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'documentName',
      header: t('websiteStats.fields.document'),
      sortable: true,
      render: (d) => (
        <Stack gap={0}>
          <Text size="sm">{d.documentName}</Text>
          {d.documentNumber && (
            <Text size="xs" c="dimmed">
              {d.documentNumber}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'fileName', header: t('websiteStats.fields.file'), sortable: true, render: (d) => d.fileName },
    {
      key: 'version',
      header: t('websiteStats.fields.version'),
      render: (d) => (d.versionDate ? t('websiteStats.versionOf', { version: d.version, date: formatDate(d.versionDate) }) : d.version),
    },
  ];

  const total = stats.data?.total;
  return (
    <>
      <PageHeader
        title={t('websiteStats.title')}
        description={unit.data ? t('websiteStats.descriptionFor', { name: unit.data.displayName }) : t('websiteStats.description')}
        back={{ to: `/my-business-units/${unitId}`, label: unit.data?.displayName ?? t('websiteStats.backHome') }}
        actions={
          <Button
            leftSection={<IconDownload size={16} aria-hidden />}
            variant="light"
            onClick={() => void exportCsv()}
            loading={exporting !== null}
            disabled={!total}
          >
            {t('websiteStats.export')}
          </Button>
        }
      />
      <Group mb="md" align="flex-end" gap="md" wrap="wrap">
        <DatePickerInput
          type="range"
          label={t('websiteStats.range')}
          description={t('websiteStats.rangeHint')}
          value={picked}
          onChange={(v) => pick(v as [string | null, string | null])}
          allowSingleDateInRange
          valueFormat={DATE_INPUT_FORMAT}
          weekendDays={[]}
          // the other months' days are drawn faint, below the contrast minimum
          hideOutsideDates
          presets={[
            { value: p.last7, label: t('websiteStats.presets.last7') },
            { value: p.last30, label: t('websiteStats.presets.last30') },
            { value: p.last365, label: t('websiteStats.presets.last365') },
            { value: p.thisYear, label: t('websiteStats.presets.thisYear') },
          ]}
          ariaLabels={{
            nextMonth: t('websiteStats.picker.nextMonth'),
            previousMonth: t('websiteStats.picker.previousMonth'),
            nextYear: t('websiteStats.picker.nextYear'),
            previousYear: t('websiteStats.picker.previousYear'),
            nextDecade: t('websiteStats.picker.nextDecade'),
            previousDecade: t('websiteStats.picker.previousDecade'),
          }}
          miw={260}
        />
        {total !== undefined && (
          <Text size="sm" c="dimmed" data-testid="downloads-total" aria-live="polite">
            {t('websiteStats.total', { count: total, from: formatDate(range.from), to: formatDate(range.to) })}
          </Text>
        )}
        {exporting && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('websiteStats.exporting', { loaded: exporting.loaded, total: exporting.total })}
          </Text>
        )}
      </Group>

      {stats.isPending ? (
        <Skeleton h={280} mb="lg" data-testid="stats-loading" />
      ) : stats.error ? (
        <ProblemAlert mb="lg" title={t('websiteStats.statsFailed')}>
          <Button size="xs" variant="light" color="red" leftSection={<IconRefresh size={14} />} onClick={() => void stats.refetch()}>
            {t('components.form.retry')}
          </Button>
        </ProblemAlert>
      ) : stats.data && stats.data.total === 0 ? (
        <Paper withBorder radius="sm" p="xl" mb="lg">
          <Center>
            <Text c="dimmed">{t('websiteStats.empty')}</Text>
          </Center>
        </Paper>
      ) : stats.data ? (
        <DownloadCharts stats={stats.data} />
      ) : null}

      <DataTable
        label={t('websiteStats.records')}
        columns={columns}
        {...listTableProps(records)}
        rowKey={(d) => d.id}
        state={state}
        emptyMessage={t('websiteStats.empty')}
      />
    </>
  );
}
