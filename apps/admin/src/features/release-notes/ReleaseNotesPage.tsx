import { Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { type JiraIssue, releaseVersions } from '@vellum/contract';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { LoadError, PageLoader } from '../../components/QueryState';
import { formatDate } from '../../i18n/format';
import { useManagementInfo } from '../../platform/queries';
import { useReleaseNotes } from './releaseNotes.hooks';

/** The order the kinds of change are listed in within a version. */
const TYPE_ORDER = ['New Feature', 'Improvement', 'Bug', 'Security', 'Deprecation', 'Removal'];

/** A version's changes, by kind in TYPE_ORDER, each kind in the changelog's order. */
export function changesByType(issues: readonly JiraIssue[], version: string): [string, JiraIssue[]][] {
  const groups = new Map<string, JiraIssue[]>();
  for (const issue of issues) {
    if (issue.fields.fixVersions[0]?.name !== version) continue;
    const type = issue.fields.issuetype.name;
    groups.set(type, [...(groups.get(type) ?? []), issue]);
  }
  const rank = (t: string) => (TYPE_ORDER.includes(t) ? TYPE_ORDER.indexOf(t) : TYPE_ORDER.length);
  return [...groups].sort(([a], [b]) => rank(a) - rank(b));
}

/**
 * general-settings → release-notes (spec 000 §2, §3): the known bugs of the running version, then
 * every version newest first with its changes by kind; the running version marked (decision 0073).
 */
export function ReleaseNotesPage() {
  const { t } = useTranslation();
  const notes = useReleaseNotes();
  const running = useManagementInfo().data?.version;
  return (
    <Stack gap={0} maw={860}>
      <PageHeader title={t('releaseNotes.title')} description={t('releaseNotes.description')} />
      {notes.isPending ? (
        <PageLoader />
      ) : notes.isError ? (
        <LoadError error={notes.error} onRetry={() => void notes.refetch()} />
      ) : (
        <ReleaseList issues={notes.data.issues} knownBugs={notes.data.knownBugs} running={running} />
      )}
    </Stack>
  );
}

function ReleaseList({ issues, knownBugs, running }: { issues: JiraIssue[]; knownBugs: JiraIssue[]; running?: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg" data-testid="known-bugs">
        <Title order={2} size="h4" mb="xs">
          {t('releaseNotes.knownBugs')}
        </Title>
        {knownBugs.length === 0 ? (
          <Text size="sm">{t('releaseNotes.noKnownBugs')}</Text>
        ) : (
          <List size="sm" spacing={4}>
            {knownBugs.map((bug) => (
              <List.Item key={bug.key}>{bug.fields.summary}</List.Item>
            ))}
          </List>
        )}
      </Paper>
      {releaseVersions(issues).map((v) => (
        <Paper key={v.name} withBorder radius="md" p="lg" component="section" aria-labelledby={`version-${v.name}`} data-testid="release">
          <Group gap="sm" mb="xs">
            <Title order={2} size="h4" id={`version-${v.name}`}>
              {t('releaseNotes.version', { version: v.name })}
            </Title>
            <Text size="sm" c="dimmed">
              {formatDate(v.releaseDate)}
            </Text>
            {v.name === running && (
              <Badge variant="light" color="teal">
                {t('releaseNotes.running')}
              </Badge>
            )}
          </Group>
          <Stack gap="sm">
            {changesByType(issues, v.name).map(([type, changes]) => (
              <div key={type}>
                <Title order={3} size="h6">
                  {t(`releaseNotes.types.${type}`, { defaultValue: type })}
                </Title>
                <List size="sm" spacing={4}>
                  {changes.map((c) => (
                    <List.Item key={c.key}>{c.fields.summary}</List.Item>
                  ))}
                </List>
              </div>
            ))}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
