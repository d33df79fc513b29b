import { ActionIcon, Badge, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import type { Publication } from '@vellum/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../components/ConfirmDialog';
import { type Column, DataTable } from '../../components/DataTable';
import { listTableProps } from '../../components/listTableProps';
import { actionsColumn } from '../../components/RowActions';
import { pageParams, useTableState } from '../../components/tableState';
import { formatDateTime } from '../../i18n/format';
import { PreviewButton } from './PreviewButton';
import { PublicationChanges } from './PublicationChanges';
import { usePublications, useRestorePublication } from './publishing.hooks';

const KIND_COLORS: Record<Publication['kind'], string> = { PUBLISH: 'blue', RESTORE: 'violet', DEACTIVATE: 'orange', ACTIVATE: 'teal' };

/**
 * The unit's publications, newest first: number, when, who, kind, content, options and the live
 * one; a row opens what changed against the previous publication, and an earlier one can be
 * restored (with the publish right).
 */
export function PublicationHistory({
  businessUnitId,
  canRestore,
  canPreview,
}: {
  businessUnitId: number;
  canRestore: boolean;
  /** PUBLISH or DOCUMENT_READ: each publication can be previewed. */
  canPreview: boolean;
}) {
  const { t } = useTranslation();
  const state = useTableState({ prefix: 'history-', defaultSort: { field: 'number', direction: 'desc' } });
  const list = usePublications(businessUnitId, pageParams(state));
  const restore = useRestorePublication(businessUnitId);
  const { ask, dialog } = useConfirm();
  const [openId, setOpenId] = useState<number | null>(null);

  const askRestore = (p: Publication) =>
    ask({
      title: t('publishing.history.restoreTitle', { number: p.number }),
      message: t('publishing.history.restoreMessage', { number: p.number }),
      confirmLabel: t('publishing.history.restoreLabel'),
      color: 'blue',
      onConfirm: () => restore.mutateAsync(p.id),
    });

  const columns: Column<Publication>[] = [
    {
      key: 'number',
      header: t('publishing.history.number'),
      sortable: true,
      width: 110,
      render: (p) => (
        <Group gap={6} wrap="nowrap">
          <Text fw={600}>{t('publishing.history.numberValue', { number: p.number })}</Text>
          {p.live && (
            <Tooltip label={t('publishing.history.liveHint')}>
              <Badge color="teal" variant="filled" size="sm">
                {t('publishing.history.live')}
              </Badge>
            </Tooltip>
          )}
        </Group>
      ),
    },
    { key: 'createdDate', header: t('publishing.history.createdDate'), sortable: true, render: (p) => formatDateTime(p.createdDate) },
    { key: 'createdBy', header: t('publishing.history.createdBy'), render: (p) => p.createdBy ?? '—' },
    {
      key: 'kind',
      header: t('publishing.history.kind'),
      render: (p) => (
        <Badge color={KIND_COLORS[p.kind]} variant="light" size="sm" tt="none">
          {t(`publishing.history.kind${p.kind}`, { number: p.restoredFromNumber ?? '?' })}
        </Badge>
      ),
    },
    {
      key: 'content',
      header: t('publishing.history.content'),
      render: (p) => (
        <Stack gap={0}>
          <Text size="sm">
            {t('publishing.history.contentValue', {
              products: t('publishing.n.products', { count: p.counts.products }),
              documents: t('publishing.n.documents', { count: p.counts.documents }),
              files: t('publishing.n.files', { count: p.counts.files }),
            })}
          </Text>
          {p.kind === 'PUBLISH' && (
            <Text size="xs" c="dimmed">
              {t('publishing.history.stamped', {
                products: t('publishing.n.products', { count: p.counts.stamped.products }),
                files: t('publishing.n.files', { count: p.counts.stamped.files }),
              })}
              {p.counts.stamped.broughtForward > 0 &&
                `, ${t('publishing.history.broughtForward', { count: p.counts.stamped.broughtForward })}`}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'options',
      header: t('publishing.history.options'),
      render: (p) => {
        const options = [
          p.includeFuture ? t('publishing.history.includeFuture') : null,
          p.customDate ? t('publishing.history.customDate', { date: formatDateTime(p.customDate) }) : null,
        ].filter(Boolean);
        return options.length > 0 ? (
          options.join('; ')
        ) : (
          <Text c="dimmed" size="sm">
            {t('publishing.history.noOptions')}
          </Text>
        );
      },
    },
    actionsColumn(t('components.dataTable.actions'), (p) => {
      const open = openId === p.id;
      return (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {canPreview && <PreviewButton businessUnitId={businessUnitId} publication={p} compact />}
          {canRestore && !p.live && (
            <Tooltip label={t('publishing.history.restoreLabel')} openDelay={500}>
              <ActionIcon variant="subtle" onClick={() => askRestore(p)} aria-label={t('publishing.history.restore', { number: p.number })}>
                <IconArrowBackUp size={16} />
              </ActionIcon>
            </Tooltip>
          )}
          <ActionIcon
            variant="subtle"
            onClick={() => setOpenId(open ? null : p.id)}
            aria-expanded={open}
            aria-label={t(open ? 'publishing.history.close' : 'publishing.history.open', { number: p.number })}
          >
            {open ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
          </ActionIcon>
        </Group>
      );
    }),
  ];

  return (
    <Stack component="section" aria-labelledby="publication-history" gap="sm">
      <Title order={3} id="publication-history" fw={600}>
        {t('publishing.history.title')}
      </Title>
      {!canRestore && (
        <Text size="sm" c="dimmed">
          {t('publishing.history.readOnly')}
        </Text>
      )}
      <DataTable
        label={t('publishing.history.table')}
        columns={columns}
        {...listTableProps(list)}
        rowKey={(p) => p.id}
        state={state}
        emptyMessage={t('publishing.history.empty')}
        isExpanded={(p) => p.id === openId}
        renderExpanded={(p) => <PublicationChanges businessUnitId={businessUnitId} publicationId={p.id} />}
      />
      {dialog}
    </Stack>
  );
}
