import { ActionIcon, Badge, Button, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconFileSpreadsheet } from '@tabler/icons-react';
import { AUDIT_LOG_COUNT_LIMIT } from '@vellum/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { handleApiError } from '../../api/notify';
import { type Column, DataTable } from '../../components/DataTable';
import { listTableProps } from '../../components/listTableProps';
import { PageHeader } from '../../components/PageHeader';
import { pageParams, useTableState } from '../../components/tableState';
import { formatDateTime } from '../../i18n/format';
import { useAuth } from '../../platform/auth';
import { useBusinessUnitStatistics } from '../business-units';
import { AuditChainStatus } from './AuditChainStatus';
import { AuditChanges } from './AuditChanges';
import { type AuditFilterValues, AuditLogFilters } from './AuditLogFilters';
import { AuditObject } from './AuditObject';
import { type AuditExportFilters, type AuditLog, downloadAuditLogCsv, useAuditLogs } from './auditLogs.hooks';

const ACTION_COLORS: Record<string, string> = { CREATE: 'teal', UPDATE: 'blue', DELETE: 'red', PUBLISH: 'grape' };

/** The audit trail of one business unit (or the global log): who changed what and when, newest first. */
export function AuditLogsPage() {
  const { t } = useTranslation();
  const { businessUnitId } = useParams();
  const unitId = Number(businessUnitId);
  const auth = useAuth();
  const unit = useBusinessUnitStatistics(unitId);
  const state = useTableState({ defaultSort: { field: 'at', direction: 'desc' }, defaultSize: 20 });
  const [params, setParams] = useSearchParams();
  const canGlobal = auth.hasRight('AUDIT_LOG_ALL_READ') || auth.hasRight('AUDIT_LOG_PUBLISH_READ');
  const filters: AuditFilterValues = {
    scope: canGlobal && params.get('scope') === 'global' ? 'global' : 'unit',
    entityName: params.get('entityName') ?? '',
    action: params.get('action') ?? '',
    login: params.get('login') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
  const businessUnit = filters.scope === 'global' ? undefined : unitId;
  const exportFilters: AuditExportFilters = {
    businessUnit,
    entityName: filters.entityName || undefined,
    action: filters.action || undefined,
    login: filters.login || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
  };
  const logs = useAuditLogs({ ...exportFilters, ...pageParams(state) });
  // the chain is the manufacturer's: whoever reads this log whole may verify it
  const canVerify = auth.hasRight('AUDIT_LOG_ALL_READ', businessUnit);
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadAuditLogCsv(exportFilters);
    } catch (error) {
      handleApiError(error);
    } finally {
      setExporting(false);
    }
  };
  const [open, setOpen] = useState<Set<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      next.has(id) ? next.delete(id) : next.add(id);
      return next;
    });
  const setFilters = (changes: Partial<AuditFilterValues>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (!v || (k === 'scope' && v === 'unit')) next.delete(k);
          else next.set(k, v);
        }
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  const items = logs.data?.items ?? [];
  const seen = { entities: [...new Set(items.map((l) => l.entityName))], actions: [...new Set(items.map((l) => l.action))] };

  const columns: Column<AuditLog>[] = [
    {
      key: 'expand',
      header: <VisuallyHidden>{t('auditLogs.changes')}</VisuallyHidden>,
      width: 40,
      render: (l) => (
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          onClick={() => toggle(l.id)}
          aria-expanded={open.has(l.id)}
          aria-label={t('auditLogs.showChanges', { id: l.id })}
        >
          {open.has(l.id) ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
        </ActionIcon>
      ),
    },
    {
      key: 'at',
      header: t('auditLogs.fields.at'),
      sortable: true,
      render: (l) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
          {formatDateTime(l.at, { seconds: true })}
        </Text>
      ),
    },
    {
      key: 'login',
      header: t('auditLogs.fields.user'),
      sortable: true,
      render: (l) =>
        l.login ?? (
          <Text span c="dimmed" size="sm">
            {t('auditLogs.system')}
          </Text>
        ),
    },
    { key: 'entityName', header: t('auditLogs.fields.entity'), sortable: true, render: (l) => <AuditObject log={l} /> },
    {
      key: 'action',
      header: t('auditLogs.fields.action'),
      sortable: true,
      render: (l) => (
        <Badge variant="light" size="sm" radius="sm" color={ACTION_COLORS[l.action] ?? 'gray'}>
          {l.action}
        </Badge>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('auditLogs.title')}
        description={
          filters.scope === 'global'
            ? t('auditLogs.descriptionGlobal')
            : unit.data
              ? t('auditLogs.descriptionFor', { name: unit.data.displayName })
              : t('auditLogs.description')
        }
        back={{ to: `/my-business-units/${unitId}`, label: unit.data?.displayName ?? t('auditLogs.backHome') }}
        actions={
          <Button variant="default" leftSection={<IconFileSpreadsheet size={16} />} loading={exporting} onClick={() => void exportCsv()}>
            {t('auditLogs.exportCsv')}
          </Button>
        }
      />
      <Stack gap="md">
        {canVerify && <AuditChainStatus key={businessUnit ?? 'global'} businessUnit={businessUnit} />}
        <DataTable
          label={t('auditLogs.title')}
          columns={columns}
          {...listTableProps(logs)}
          totalLimit={AUDIT_LOG_COUNT_LIMIT}
          rowKey={(l) => l.id}
          state={state}
          emptyMessage={t('auditLogs.empty')}
          renderExpanded={(l) => <AuditChanges changes={l.changes} />}
          isExpanded={(l) => open.has(l.id)}
          toolbar={<AuditLogFilters values={filters} onChange={setFilters} seen={seen} canGlobal={canGlobal} />}
        />
      </Stack>
    </>
  );
}
