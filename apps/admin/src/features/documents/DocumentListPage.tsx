import { Badge, Box, Button, Group, Select, Switch } from '@mantine/core';
import { IconFilterOff, IconPlus } from '@tabler/icons-react';
import { type DocumentListItem, type DocumentSearchBody, PUBLISH_STATES, type PublishState } from '@vellum/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useConfirm } from '../../components/ConfirmDialog';
import { type Column, DataTable } from '../../components/DataTable';
import { listTableProps } from '../../components/listTableProps';
import { PageHeader } from '../../components/PageHeader';
import { actionsColumn, RowActions } from '../../components/RowActions';
import { pageParams, useTableState } from '../../components/tableState';
import { formatDateTime } from '../../i18n/format';
import { documentPaths } from '../../paths/documents';
import { useAuth } from '../../platform/auth';
import { BulkExportButton, BulkUploadButton } from '../bulk';
import { useDocumentTypes } from '../document-types';
import { PreviewButton } from '../publishing';
import { documentColumns } from './documentColumns';
import { useDeleteDocument, useDocumentSearch } from './documents.hooks';

/** The list's filters in the address: type, publish state, files (with / without) and orphans. */
export const FILTER_PARAMS = { type: 'type', state: 'state', files: 'files', orphans: 'orphans' } as const;

/** The search body of the list from the address and the search box (the number, the name or an attribute value). */
export function documentSearchBodyOf(params: URLSearchParams, search: string): DocumentSearchBody {
  const body: DocumentSearchBody = {};
  const text = search.trim();
  if (text) body.text = text.slice(0, 255);
  const type = Number(params.get(FILTER_PARAMS.type));
  if (Number.isInteger(type) && type > 0) body.documentTypeId = type;
  const state = params.get(FILTER_PARAMS.state);
  if ((PUBLISH_STATES as readonly string[]).includes(state ?? '')) body.publishState = state as PublishState;
  const files = params.get(FILTER_PARAMS.files);
  if (files === 'with') body.hasFiles = true;
  if (files === 'without') body.hasFiles = false;
  if (params.get(FILTER_PARAMS.orphans) === 'true') body.orphans = true;
  return body;
}

/** /my-business-units/:businessUnitId/document-management: the unit's documents. */
export function DocumentListPage() {
  const { t } = useTranslation();
  const unitId = Number(useParams().businessUnitId);
  const auth = useAuth();
  const canManage = auth.hasRight('DOCUMENT_MANAGE', unitId);
  const canDelete = auth.hasRight('DOCUMENT_DELETE', unitId);
  const state = useTableState({ defaultSort: { field: 'number', direction: 'asc' } });
  const [params, setParams] = useSearchParams();
  const body = useMemo(() => documentSearchBodyOf(params, state.search), [params, state.search]);
  const documents = useDocumentSearch({ businessUnitId: unitId, ...pageParams(state) }, body);
  const types = useDocumentTypes({ businessUnitId: unitId, page: 0, size: 2000, sort: 'name,asc' });
  const remove = useDeleteDocument();
  const { ask, dialog } = useConfirm();
  const filtered = Object.keys(body).length > 0;
  const filterSet = Object.values(FILTER_PARAMS).some((p) => params.has(p));

  const set = (changes: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        next.delete('page');
        return next;
      },
      { replace: true },
    );

  const columns: Column<DocumentListItem>[] = [
    ...documentColumns(t, unitId),
    {
      key: 'fileCount',
      header: t('documents.fields.files'),
      align: 'right',
      render: (d) =>
        d.fileCount > 0 ? (
          d.fileCount
        ) : (
          <Badge color="orange" variant="light" size="sm" radius="sm" tt="none">
            {t('documents.noFiles')}
          </Badge>
        ),
    },
    {
      key: 'lastModifiedDate',
      header: t('documents.fields.lastModifiedDate'),
      sortable: true,
      render: (d) => formatDateTime(d.lastModifiedDate),
    },
    actionsColumn(t('components.dataTable.actions'), (d) => (
      <RowActions
        name={d.number}
        editTo={documentPaths.edit(unitId, d.id)}
        onDelete={
          canDelete
            ? () =>
                ask({
                  title: t('documents.delete.title', { name: d.number }),
                  message: t('documents.delete.message'),
                  confirmLabel: t('components.confirm.delete'),
                  onConfirm: () => remove.mutateAsync(d.id),
                })
            : undefined
        }
      />
    )),
  ];

  const newButton = (size: 'xs' | 'sm') => (
    <Button
      component={Link}
      to={documentPaths.edit(unitId, 'new')}
      variant={size === 'xs' ? 'light' : 'filled'}
      size={size}
      leftSection={<IconPlus size={size === 'xs' ? 14 : 16} />}
    >
      {t('documents.create')}
    </Button>
  );
  const empty = filtered ? (
    t('components.dataTable.noMatch')
  ) : (
    <>
      <Box component="span" display="block" mb="sm">
        {t('documents.empty')}
      </Box>
      {canManage && newButton('xs')}
    </>
  );

  return (
    <>
      <PageHeader
        title={t('documents.title')}
        description={t('documents.description')}
        actions={
          <Group gap="xs">
            {/* what visitors would see of these documents after a publish now (decision 0042) */}
            <PreviewButton businessUnitId={unitId} />
            <BulkUploadButton businessUnitId={unitId} />
            <BulkExportButton businessUnitId={unitId} />
            {canManage && newButton('sm')}
          </Group>
        }
      />
      <DataTable
        label={t('documents.title')}
        columns={columns}
        {...listTableProps(documents)}
        rowKey={(d) => d.id}
        state={state}
        searchable
        searchLabel={t('documents.search')}
        emptyMessage={empty}
        toolbar={
          <>
            <Select
              aria-label={t('documents.filters.type')}
              placeholder={t('documents.filters.type')}
              data={(types.data?.rows ?? []).map((ty) => ({ value: String(ty.id), label: ty.name }))}
              value={params.get(FILTER_PARAMS.type)}
              onChange={(v) => set({ [FILTER_PARAMS.type]: v })}
              clearable
              searchable
              w={{ base: '100%', sm: 200 }}
            />
            <Select<PublishState>
              aria-label={t('documents.filters.state')}
              placeholder={t('documents.filters.state')}
              data={PUBLISH_STATES.map((s) => ({ value: s, label: t(`products.state.${s}`) }))}
              value={body.publishState ?? null}
              onChange={(v) => set({ [FILTER_PARAMS.state]: v })}
              clearable
              w={{ base: '100%', sm: 170 }}
            />
            <Select
              aria-label={t('documents.filters.files')}
              placeholder={t('documents.filters.files')}
              data={[
                { value: 'with', label: t('documents.filters.withFiles') },
                { value: 'without', label: t('documents.filters.withoutFiles') },
              ]}
              value={body.hasFiles === undefined ? null : body.hasFiles ? 'with' : 'without'}
              onChange={(v) => set({ [FILTER_PARAMS.files]: v })}
              clearable
              w={{ base: '100%', sm: 170 }}
            />
            <Switch
              label={t('documents.filters.orphans')}
              checked={body.orphans === true}
              onChange={(e) => set({ [FILTER_PARAMS.orphans]: e.currentTarget.checked ? 'true' : null })}
            />
            {filterSet && (
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconFilterOff size={14} />}
                onClick={() => set(Object.fromEntries(Object.values(FILTER_PARAMS).map((p) => [p, null])))}
              >
                {t('documents.filters.clear')}
              </Button>
            )}
          </>
        }
      />
      {dialog}
    </>
  );
}
