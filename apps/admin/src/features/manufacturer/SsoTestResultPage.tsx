import { Alert, Anchor, Badge, Box, Center, Code, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type { SsoTestReport } from '@vellum/contract';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ApiError } from '../../api/client';
import { PageHeader } from '../../components/PageHeader';
import { ProblemAlert } from '../../components/ProblemAlert';
import { SSO_SETTINGS_PATH, useSsoTestReport } from './sso.hooks';

type Answer = { token: string; state: string; iss?: string } | null | undefined;

/**
 * /general-settings/manufacturer-sso-settings/test-result: where `/login/callback` brings a test
 * sign-in's answer. The server exchanges it once and reports what the provider vouched for and what a
 * real sign-in would do with it; nobody is signed in.
 */
export function SsoTestResultPage() {
  const { t } = useTranslation();
  const answer = (useLocation().state as { answer?: Answer } | null)?.answer;
  const report = useSsoTestReport();
  const sent = useRef(false);
  const { mutate } = report;

  useEffect(() => {
    // an answer is taken once by the server: never posted twice (React's double effects in development)
    if (sent.current || !answer) return;
    sent.current = true;
    mutate(answer);
  }, [answer, mutate]);

  let body: ReactNode;
  if (!answer) body = <Failure text={t('manufacturer.sso.test.noAnswer')} />;
  else if (report.error)
    body = (
      <Failure
        text={report.error instanceof ApiError && report.error.status === 503 ? t(report.error.message) : t('components.form.loadFailed')}
      />
    );
  else if (!report.data)
    body = (
      <Center py="lg">
        <Loader size="sm" aria-label={t('manufacturer.sso.test.checking')} />
      </Center>
    );
  else body = <Report report={report.data} />;

  return (
    <Box maw={900}>
      <PageHeader title={t('manufacturer.sso.test.resultTitle')} description={t('manufacturer.sso.test.resultDescription')} />
      <Stack gap="md" align="flex-start">
        {body}
        <Anchor component={Link} to={SSO_SETTINGS_PATH}>
          {t('manufacturer.sso.test.again')}
        </Anchor>
      </Stack>
    </Box>
  );
}

function Failure({ text }: { text: string }) {
  return <ProblemAlert w="100%">{text}</ProblemAlert>;
}

function Report({ report }: { report: SsoTestReport }) {
  const { t } = useTranslation();
  const ok = report.outcome === 'signIn';
  const yesNo = (v: boolean | null) =>
    v === null ? t('manufacturer.sso.test.none') : v ? t('manufacturer.sso.test.yes') : t('manufacturer.sso.test.no');
  const rows: [string, ReactNode][] = [
    ['issuer', report.issuer ?? t('manufacturer.sso.test.none')],
    ['subject', report.subject ?? t('manufacturer.sso.test.none')],
    ['email', report.email ?? t('manufacturer.sso.test.none')],
    ['emailVerified', yesNo(report.emailVerified)],
    [
      'claims',
      report.claims.length ? (
        <Group gap={4} key="claims">
          {report.claims.map((c) => (
            <Code key={c}>{c}</Code>
          ))}
        </Group>
      ) : (
        t('manufacturer.sso.test.none')
      ),
    ],
    [
      'user',
      report.user ? (
        <Group gap="xs" key="user">
          <Text size="sm">{report.user.login}</Text>
          {report.user.ssoOnly && <Badge variant="light">{t('manufacturer.sso.test.ssoOnly')}</Badge>}
        </Group>
      ) : (
        t('manufacturer.sso.test.none')
      ),
    ],
  ];
  if (report.check) rows.push(['check', <Code key="check">{report.check}</Code>]);
  return (
    <Stack gap="md" w="100%" data-testid="sso-test-report" data-outcome={report.outcome}>
      <Alert
        color={ok ? 'teal' : 'red'}
        variant="light"
        icon={ok ? <IconCircleCheck size={18} aria-hidden /> : <IconAlertTriangle size={18} aria-hidden />}
        role={ok ? 'status' : 'alert'}
      >
        {t(`manufacturer.sso.test.outcomes.${report.outcome}`, { login: report.user?.login ?? '' })}
      </Alert>
      <Table withTableBorder variant="vertical" layout="fixed">
        <Table.Tbody>
          {rows.map(([name, value]) => (
            <Table.Tr key={name}>
              <Table.Th w={200}>{t(`manufacturer.sso.test.fields.${name}`)}</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
