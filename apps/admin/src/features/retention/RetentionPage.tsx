import { Alert, Badge, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconInfoCircle, IconTrash } from '@tabler/icons-react';
import type { RetainedVersion } from '@vellum/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { type Column, DataTable } from '../../components/DataTable';
import { listTableProps } from '../../components/listTableProps';
import { PageHeader } from '../../components/PageHeader';
import { useTableState } from '../../components/tableState';
import { formatDate, formatDateTime } from '../../i18n/format';
import { useAuth } from '../../platform/auth';
import { usePurge, useRetentionReport } from './retention.hooks';

const FILTERS = ['held', 'purgeable'] as const;

/**
 * administration → retention (decision 0070): every file version the unit's publications ever
 * held, the rule that keeps it (its product type's years, implantable), until when, and whether
 * it may be purged now; "Purge now" for a holder of DOCUMENT_DELETE, after a confirmation.
 */
export function RetentionPage() {
  const { t } = useTranslation();
  const unitId = Number(useParams().businessUnitId);
  const [params, setParams] = useSearchParams();
  const purgeableOnly = params.get('show') === 'purgeable';
  const state = useTableState({ defaultSize: 20 });
  const report = useRetentionReport({ businessUnitId: unitId, page: state.page, size: state.size, purgeable: purgeableOnly });
  const { hasRight } = useAuth();
  const canPurge = hasRight('DOCUMENT_DELETE', unitId);
  const purge = usePurge(unitId);
  const [confirming, setConfirming] = useState(false);
  const purgeable = report.data?.purgeableCount ?? 0;

  const setFilter = (value: string) => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === 'purgeable') next.set('show', 'purgeable');
        else next.delete('show');
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  };

  const until = (v: RetainedVersion) => {
    if (v.retainedUntil !== null) return formatDate(v.retainedUntil);
    return t(v.basis === 'NO_PRODUCT' ? 'retention.indefinitelyNoProduct' : 'retention.indefinitelyNoEndDate');
  };

  const columns: Column<RetainedVersion>[] = [
    {
      key: 'version',
      header: t('retention.fields.version'),
      render: (v) => (
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {t('retention.versionOf', { file: v.fileName, label: v.versionLabel })}
          </Text>
          <Text size="xs" c="dimmed">
            {t('retention.documentOf', { number: v.documentNumber })}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'dates',
      header: t('retention.fields.dates'),
      render: (v) => (
        <Stack gap={2}>
          <Text size="sm">{t('retention.versionDate', { date: formatDate(v.versionDate) })}</Text>
          {v.publishDate && <Text size="xs">{t('retention.published', { date: formatDateTime(v.publishDate) })}</Text>}
          {v.archiveDate && (
            <Text size="xs" c="dimmed">
              {t('retention.archived', { date: formatDateTime(v.archiveDate) })}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'rule',
      header: t('retention.fields.rule'),
      render: (v) =>
        v.productTypeName ? (
          <Stack gap={2}>
            <Text size="sm">{v.productTypeName}</Text>
            <Text size="xs" c="dimmed">
              {t(v.implantable ? 'retention.ruleImplantable' : 'retention.rule', { count: v.retentionYears ?? 0 })}
              {v.endOfLifeDate ? ` · ${t('retention.endOfLife', { date: formatDate(v.endOfLifeDate) })}` : ''}
            </Text>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('retention.noProduct')}
          </Text>
        ),
    },
    { key: 'until', header: t('retention.fields.until'), render: until },
    {
      key: 'state',
      header: t('retention.fields.state'),
      render: (v) =>
        v.purgeable ? (
          <Badge component="span" color="blue" variant="light" size="sm" radius="sm" tt="none">
            {t('retention.state.purgeable')}
          </Badge>
        ) : (
          <Badge component="span" color={v.live ? 'teal' : 'gray'} variant="light" size="sm" radius="sm" tt="none">
            {t(v.live ? 'retention.state.live' : 'retention.state.kept')}
          </Badge>
        ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('retention.title')}
        description={t('retention.description')}
        actions={
          canPurge && (
            <Button color="red" leftSection={<IconTrash size={16} />} disabled={purgeable === 0} onClick={() => setConfirming(true)}>
              {t('retention.purgeNow')}
            </Button>
          )
        }
      />
      <Stack gap="md">
        {report.data && (
          <Alert variant="light" icon={<IconInfoCircle size={18} />} data-testid="retention-summary">
            {t('retention.summary', { held: report.data.held, purgeable: report.data.purgeableCount })}
          </Alert>
        )}
        <Group>
          <SegmentedControl
            aria-label={t('retention.filter')}
            value={purgeableOnly ? 'purgeable' : 'held'}
            onChange={setFilter}
            data={FILTERS.map((f) => ({ value: f, label: t(`retention.filters.${f}`) }))}
          />
        </Group>
        <DataTable
          label={t('retention.title')}
          columns={columns}
          {...listTableProps(report)}
          rowKey={(v) => String(v.fileVersionId)}
          state={state}
          emptyMessage={purgeableOnly ? t('retention.emptyPurgeable') : t('retention.empty')}
        />
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t('retention.confirmTitle')}
        message={t('retention.confirmMessage', { count: purgeable })}
        confirmLabel={t('retention.purgeNow')}
        color="red"
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          try {
            await purge.mutateAsync();
            setConfirming(false);
          } catch {
            // the error is already announced; the report reloads
          }
        }}
      />
    </>
  );
}
