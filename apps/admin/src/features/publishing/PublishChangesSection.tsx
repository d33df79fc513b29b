import { Alert, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconHistory, IconInfoCircle } from '@tabler/icons-react';
import type { PublishChanges } from '@vellum/contract';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/QueryState';
import { formatDateTime } from '../../i18n/format';
import { ChangeSet } from './PublicationChanges';
import { SiteChangesList } from './SiteChangesList';

const SETS = ['products', 'documents', 'files'] as const;

/** Whether a publish now would change nothing on the website. */
export const changesNothing = (c: PublishChanges) =>
  c.site.length === 0 && SETS.every((k) => c[k].added + c[k].removed + c[k].changed === 0);

/**
 * What a publish now changes on the public website, against the live publication (decision 0051):
 * the parts of its configuration (layout, languages, translations, settings, …) and the products,
 * documents and files added, removed or changed; after a restore, that the live publication is an
 * earlier one while the admin holds later edits; for a unit never published, what it will hold.
 */
export function PublishChangesSection({
  changes,
  error,
  loading,
  onRetry,
}: {
  changes: PublishChanges | undefined;
  error: unknown;
  loading: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack component="section" aria-labelledby="publish-changes" gap="sm" data-testid="publish-changes">
      <Title order={3} id="publish-changes" fw={600}>
        {t('publishing.changesNow.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('publishing.changesNow.hint')}
      </Text>
      {error ? (
        <LoadError error={error} onRetry={onRetry} />
      ) : loading || !changes ? (
        <Group gap="xs">
          <Loader size="sm" aria-hidden />
          <Text c="dimmed">{t('publishing.changesNow.loading')}</Text>
        </Group>
      ) : (
        <Changes changes={changes} />
      )}
    </Stack>
  );
}

function Changes({ changes }: { changes: PublishChanges }) {
  const { t } = useTranslation();
  if (!changes.live) {
    return (
      <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} title={t('publishing.changesNow.firstTitle')}>
        {t('publishing.changesNow.first', {
          products: t('publishing.n.products', { count: changes.products.added }),
          documents: t('publishing.n.documents', { count: changes.documents.added }),
          files: t('publishing.n.files', { count: changes.files.added }),
        })}
      </Alert>
    );
  }
  const nothing = changesNothing(changes);
  return (
    <>
      {changes.restoredFrom && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconHistory size={18} />}
          title={t('publishing.changesNow.restoredTitle')}
          data-testid="restored-notice"
        >
          {t('publishing.changesNow.restored', {
            number: changes.restoredFrom.number,
            restoredFrom: changes.restoredFrom.restoredFromNumber,
          })}
        </Alert>
      )}
      <Text size="sm">
        {t('publishing.changesNow.against', { number: changes.live.number, date: formatDateTime(changes.live.createdDate) })}
      </Text>
      {nothing ? (
        <Text size="sm" fw={500} data-testid="publish-changes-none">
          {t('publishing.changesNow.none')}
        </Text>
      ) : (
        <>
          {changes.site.length > 0 && (
            <Stack gap={4}>
              <Text fw={600} size="sm">
                {t('publishing.changesNow.site')}
              </Text>
              <SiteChangesList changes={changes.site} />
            </Stack>
          )}
          {SETS.some((k) => changes[k].added + changes[k].removed + changes[k].changed > 0) && (
            <SimpleGrid cols={{ base: 1, md: 3 }}>
              {SETS.map((k) => (
                <ChangeSet key={k} title={t(`publishing.changes.${k}`)} set={changes[k]} />
              ))}
            </SimpleGrid>
          )}
        </>
      )}
    </>
  );
}
