import { ActionIcon, Anchor, Badge, Button, Group, Paper, Select, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { PublicUserGroup } from '@vellum/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConfirm } from '../../components/ConfirmDialog';
import { LoadError } from '../../components/QueryState';
import { restrictedAccessPaths } from '../../paths/restrictedAccess';
import { useAuth } from '../../platform/auth';
import { useAllGroups, useDocumentGroups, useSavePublicUserGroup } from './restrictedAccess.hooks';

const bodyOf = (g: PublicUserGroup, documentIds: number[]) => ({
  id: g.id,
  businessUnitId: g.businessUnitId,
  name: g.name,
  enabled: g.enabled,
  emails: g.emails,
  documentIds,
  version: g.version,
});

/**
 * The restricted-access table of a document's page: the restricted user groups the document is
 * restricted to; with `canManage` (RESTRICTED_ACCESS_GROUP_MANAGE), the document is added to or
 * removed from a group (the group is saved with its documents changed).
 */
export function DocumentRestrictedAccessSection({
  businessUnitId,
  documentId,
  canManage,
}: {
  businessUnitId: number;
  documentId: number;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const groups = useDocumentGroups(businessUnitId, documentId);
  const all = useAllGroups(businessUnitId, canManage);
  const save = useSavePublicUserGroup();
  const { ask, dialog } = useConfirm();
  const [adding, setAdding] = useState<string | null>(null);
  const auth = useAuth();
  // the groups screen is behind the manage right
  const linkToGroups = auth.hasRight('RESTRICTED_ACCESS_GROUP_MANAGE', businessUnitId);
  const linked = groups.data ?? [];
  const linkedIds = new Set(linked.map((g) => g.id));
  const addable = (all.data?.rows ?? []).filter((g) => !linkedIds.has(g.id));

  const add = async () => {
    const group = addable.find((g) => String(g.id) === adding);
    if (!group) return;
    try {
      await save.mutateAsync(bodyOf(group, [...group.documentIds, documentId]));
      setAdding(null);
    } catch {
      // announced by the global handler (a conflict reloads the groups)
    }
  };
  const remove = (group: PublicUserGroup) =>
    ask({
      title: t('restrictedAccess.section.removeTitle', { name: group.name }),
      message: t('restrictedAccess.section.removeMessage'),
      confirmLabel: t('restrictedAccess.section.removeConfirm'),
      onConfirm: () =>
        save.mutateAsync(
          bodyOf(
            group,
            group.documentIds.filter((id) => id !== documentId),
          ),
        ),
    });

  return (
    <Paper withBorder p="lg" radius="sm" component="section" aria-labelledby="document-restricted-access">
      <Title order={4} fw={600} id="document-restricted-access" mb={4}>
        {t('restrictedAccess.section.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {linked.length ? t('restrictedAccess.section.restricted') : t('restrictedAccess.section.public')}
      </Text>
      <Stack gap="md">
        {groups.error ? (
          <LoadError error={groups.error} onRetry={() => void groups.refetch()} />
        ) : groups.isPending ? (
          <Text size="sm" c="dimmed">
            {t('restrictedAccess.section.loading')}
          </Text>
        ) : linked.length === 0 ? null : (
          <Table aria-labelledby="document-restricted-access" striped verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('restrictedAccess.fields.name')}</Table.Th>
                <Table.Th>{t('restrictedAccess.fields.enabled')}</Table.Th>
                <Table.Th ta="right">{t('restrictedAccess.fields.emails')}</Table.Th>
                {canManage && (
                  <Table.Th w={60}>
                    <VisuallyHidden>{t('components.dataTable.actions')}</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {linked.map((g) => (
                <Table.Tr key={g.id}>
                  <Table.Td>
                    {linkToGroups ? (
                      <Anchor component={Link} to={`${restrictedAccessPaths.groups(businessUnitId)}/${g.id}`}>
                        {g.name}
                      </Anchor>
                    ) : (
                      g.name
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={g.enabled ? 'green' : 'gray'}>
                      {g.enabled ? t('restrictedAccess.section.enabled') : t('restrictedAccess.section.disabled')}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">{g.emails.length}</Table.Td>
                  {canManage && (
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('restrictedAccess.section.remove', { name: g.name })}
                        onClick={() => remove(g)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {canManage && (
          <Group align="flex-end" gap="sm">
            <Select
              label={t('restrictedAccess.section.addLabel')}
              placeholder={addable.length ? t('restrictedAccess.section.addPlaceholder') : t('restrictedAccess.section.noneToAdd')}
              data={addable.map((g) => ({ value: String(g.id), label: g.name }))}
              value={adding}
              onChange={setAdding}
              searchable
              disabled={!addable.length}
              w={320}
            />
            <Button leftSection={<IconPlus size={16} />} onClick={() => void add()} disabled={!adding} loading={save.isPending}>
              {t('restrictedAccess.section.add')}
            </Button>
          </Group>
        )}
      </Stack>
      {dialog}
    </Paper>
  );
}
