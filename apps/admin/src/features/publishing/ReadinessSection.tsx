import { Alert, Anchor, Badge, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import type { PublishProblem, PublishReadiness } from '@vellum/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../components/QueryState';

/** How many offending items a problem lists before 'and n more'. */
const SHOWN_ITEMS = 20;

/**
 * The readiness checks of a publish: a 'Ready to publish' state, or every problem in plain words,
 * errors (which block) apart from warnings (which do not), each offending item linked to where it
 * is fixed.
 */
export function ReadinessSection({
  readiness,
  error,
  loading,
  onRetry,
}: {
  readiness: PublishReadiness | undefined;
  error: unknown;
  loading: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const errors = readiness?.problems.filter((p) => p.severity === 'ERROR') ?? [];
  const warnings = readiness?.problems.filter((p) => p.severity === 'WARNING') ?? [];
  return (
    <Stack component="section" aria-labelledby="publish-readiness" gap="sm">
      <Title order={3} id="publish-readiness" fw={600}>
        {t('publishing.readiness.title')}
      </Title>
      {error ? (
        <LoadError error={error} onRetry={onRetry} />
      ) : loading || !readiness ? (
        <Group gap="xs">
          <Loader size="sm" aria-hidden />
          <Text c="dimmed">{t('publishing.readiness.loading')}</Text>
        </Group>
      ) : (
        <>
          {readiness.ready && errors.length === 0 ? (
            <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} title={t('publishing.readiness.ready')} role="status">
              {t('publishing.readiness.readyText')}
            </Alert>
          ) : (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertTriangle size={18} />}
              title={t('publishing.readiness.notReady')}
              role="status"
            >
              {t('publishing.readiness.notReadyText')}
            </Alert>
          )}
          {[...errors, ...warnings].map((p) => (
            <ProblemCard key={`${p.severity}-${p.key}`} problem={p} />
          ))}
        </>
      )}
    </Stack>
  );
}

function ProblemCard({ problem }: { problem: PublishProblem }) {
  const { t } = useTranslation();
  const isError = problem.severity === 'ERROR';
  const shown = problem.items.slice(0, SHOWN_ITEMS);
  const rest = problem.items.length - shown.length;
  // the kind of an offending item in words, or nothing for a kind without a text
  const itemType = (type: string) => t(`publishing.problemItem.${type}`, { defaultValue: '' });
  return (
    <Alert
      color={isError ? 'red' : 'yellow'}
      variant="outline"
      icon={isError ? <IconAlertTriangle size={18} /> : <IconInfoCircle size={18} />}
      // one note per problem: the page's only alerts are the failures of what the user just did
      role="note"
      data-testid="publish-problem"
      data-severity={problem.severity}
      title={
        <Badge component="span" color={isError ? 'red' : 'yellow'} variant="light" size="sm" tt="none">
          {isError ? t('publishing.readiness.error') : t('publishing.readiness.warning')}
        </Badge>
      }
    >
      <Text size="sm">{t(problem.key, { defaultValue: problem.key })}</Text>
      {shown.length > 0 && (
        <List size="sm" mt="xs" spacing={2} aria-label={t('publishing.readiness.itemsLabel')}>
          {shown.map((item) => (
            <List.Item key={`${item.type}-${item.id}`}>
              <Anchor component={Link} to={item.link} size="sm" underline="always">
                {item.name}
              </Anchor>
              {itemType(item.type) && (
                <Text span size="xs" c="dimmed">
                  {' '}
                  ({itemType(item.type)})
                </Text>
              )}
            </List.Item>
          ))}
          {rest > 0 && (
            <List.Item>
              <Text span size="sm" c="dimmed">
                {t('publishing.readiness.more', { count: rest })}
              </Text>
            </List.Item>
          )}
        </List>
      )}
    </Alert>
  );
}
