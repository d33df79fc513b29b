import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { LanguageGroup } from '@vellum/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConfirm } from '../../components/ConfirmDialog';
import { type Column, DataTable } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { actionsColumn, RowActions } from '../../components/RowActions';
import { pageLocally, useTableState } from '../../components/tableState';
import { regionsLanguagesPaths } from '../../paths/regionsLanguages';
import { useAuth } from '../../platform/auth';
import { LanguageListEditor } from './LanguageListEditor';
import { useDeleteLanguageGroup, useLanguageGroups, useLanguages } from './regionsLanguages.hooks';

/** backend-configuration/language-group: the unit's document languages and its language groups (spec 001 §2). */
export function LanguageGroupListPage({ unitId }: { unitId: number }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const canManage = auth.hasRight('DOCUMENT_LANGUAGE_MANAGE', unitId);
  const groups = useLanguageGroups(unitId);
  const languages = useLanguages();
  const remove = useDeleteLanguageGroup();
  const { ask, dialog } = useConfirm();
  const state = useTableState({ defaultSort: { field: 'name', direction: 'asc' } });
  const base = regionsLanguagesPaths.languageGroups(unitId);
  const names = new Map((languages.data ?? []).map((l) => [l.isoCode, l.name]));
  const languageNames = (g: LanguageGroup) => g.documentLanguageIds.map((c) => names.get(c) ?? c).join(', ');
  const page = pageLocally(groups.data, state, {
    searchText: (g) => `${g.name} ${languageNames(g)}`,
    sortValue: (g, f) => (f === 'languages' ? g.documentLanguageIds.length : g.name),
  });

  const columns: Column<LanguageGroup>[] = [
    {
      key: 'name',
      header: t('regionsLanguages.fields.name'),
      sortable: true,
      render: (g) => (
        <Anchor component={Link} to={`${base}/${g.id}`} fw={500}>
          {g.name}
        </Anchor>
      ),
    },
    {
      key: 'languages',
      header: t('regionsLanguages.fields.languageCount'),
      sortable: true,
      align: 'right',
      render: (g) => g.documentLanguageIds.length,
    },
    {
      key: 'languageNames',
      header: t('regionsLanguages.fields.languages'),
      render: (g) => (
        <Text size="sm" lineClamp={2} maw={520}>
          {languageNames(g)}
        </Text>
      ),
    },
    actionsColumn(t('components.dataTable.actions'), (g) => (
      <RowActions
        name={g.name}
        editTo={`${base}/${g.id}`}
        onDelete={
          canManage
            ? () =>
                ask({
                  title: t('regionsLanguages.groups.delete.title', { name: g.name }),
                  message: t('regionsLanguages.groups.delete.message'),
                  confirmLabel: t('components.confirm.delete'),
                  onConfirm: () => remove.mutateAsync(g.id),
                })
            : undefined
        }
      />
    )),
  ];

  return (
    <>
      <PageHeader title={t('regionsLanguages.groups.pageTitle')} description={t('regionsLanguages.groups.pageDescription')} />
      <Stack gap="xl">
        <LanguageListEditor kind="document" unitId={unitId} />
        <Stack gap="sm">
          <Title order={2} size="h3">
            {t('regionsLanguages.groups.title')}
          </Title>
          {canManage && (
            <Button component={Link} to={`${base}/new`} leftSection={<IconPlus size={16} />} w="fit-content">
              {t('regionsLanguages.groups.create')}
            </Button>
          )}
          <DataTable
            label={t('regionsLanguages.groups.title')}
            columns={columns}
            rows={page.rows}
            total={groups.data ? page.total : undefined}
            rowKey={(g) => g.id}
            state={state}
            loading={groups.isPending}
            error={groups.error}
            onRetry={() => void groups.refetch()}
            searchable
            searchLabel={t('regionsLanguages.groups.search')}
            emptyMessage={state.search ? undefined : t('regionsLanguages.groups.empty')}
          />
        </Stack>
      </Stack>
      {dialog}
    </>
  );
}
