import { Alert, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import type { PublicationChangeSet } from '@vellum/contract';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/QueryState';
import { usePublication } from './publishing.hooks';
import { SiteChangesList } from './SiteChangesList';

/** What a publication changed against the previous one: products, documents and files added, removed and changed. */
export function PublicationChanges({ businessUnitId, publicationId }: { businessUnitId: number; publicationId: number }) {
  const { t } = useTranslation();
  const detail = usePublication(businessUnitId, publicationId);
  if (detail.error) return <LoadError error={detail.error} onRetry={() => void detail.refetch()} />;
  if (!detail.data) {
    return (
      <Group gap="xs" p="xs">
        <Loader size="xs" aria-hidden />
        <Text size="sm" c="dimmed">
          {t('publishing.changes.loading')}
        </Text>
      </Group>
    );
  }
  const { changes } = detail.data;
  const label = t('publishing.changes.title');
  if (!changes) {
    return (
      <Text size="sm" p="xs" aria-label={label}>
        {t('publishing.changes.first')}
      </Text>
    );
  }
  const sets = [
    { key: 'products', set: changes.products },
    { key: 'documents', set: changes.documents },
    { key: 'files', set: changes.files },
  ] as const;
  const nothing = !changes.siteChanged && sets.every(({ set }) => set.added + set.removed + set.changed === 0);
  return (
    <Stack gap="sm" p="xs" component="section" aria-label={label} data-testid="publication-changes">
      <Text fw={600} size="sm">
        {label}
      </Text>
      {changes.siteChanged && (
        <Alert color="blue" variant="light" icon={<IconSettings size={16} />} p="xs">
          {t('publishing.changes.siteChanged')}
          {changes.site.length > 0 && <SiteChangesList changes={changes.site} />}
        </Alert>
      )}
      {nothing ? (
        <Text size="sm" c="dimmed">
          {t('publishing.changes.none')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          {sets.map(({ key, set }) => (
            <ChangeSet key={key} title={t(`publishing.changes.${key}`)} set={set} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** One kind of item (products, documents or files): how many were added, removed and changed, and the first of each. */
export function ChangeSet({ title, set }: { title: string; set: PublicationChangeSet }) {
  const { t } = useTranslation();
  const groups = [
    { kind: 'added', count: set.added, items: set.addedItems, color: 'teal.9' },
    { kind: 'removed', count: set.removed, items: set.removedItems, color: 'red.8' },
    { kind: 'changed', count: set.changed, items: set.changedItems, color: 'blue.8' },
  ] as const;
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        {title}
      </Text>
      <Text size="xs" c="dimmed">
        {t('publishing.changes.summary', { added: set.added, removed: set.removed, changed: set.changed })}
      </Text>
      {groups
        .filter((g) => g.count > 0)
        .map((g) => (
          <Stack key={g.kind} gap={0}>
            <Text size="sm" c={g.color} fw={500}>
              {t(`publishing.changes.${g.kind}`, { count: g.count })}
            </Text>
            <Text component="ul" size="sm" m={0} pl="md">
              {g.items.map((item) => (
                <li key={item.id}>{item.label}</li>
              ))}
            </Text>
            {g.count > g.items.length && (
              <Text size="xs" c="dimmed">
                {t('publishing.changes.moreThanShown', { shown: g.items.length, count: g.count })}
              </Text>
            )}
          </Stack>
        ))}
    </Stack>
  );
}
