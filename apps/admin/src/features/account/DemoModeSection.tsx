import { Button, Group, Paper, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../platform/auth';
import { useUserGroups } from '../users';
import { useStartDemo } from './demo.hooks';

type Kind = 'USER_GROUP' | 'USER';

/**
 * User settings → demo mode (spec 001 §2, §4): choose a user group or a user and view the admin as
 * they see it, read-only. Groups are offered to those who may read them; a user is named by login.
 */
export function DemoModeSection() {
  const { t } = useTranslation();
  const auth = useAuth();
  const mayListGroups = auth.hasRight('USER_MANAGE') || auth.hasRight('ROLE_MANAGE');
  const groups = useUserGroups(mayListGroups);
  const start = useStartDemo();
  const [kind, setKind] = useState<Kind>(mayListGroups ? 'USER_GROUP' : 'USER');
  const [groupId, setGroupId] = useState<string | null>(null);
  const [login, setLogin] = useState('');
  const [missing, setMissing] = useState(false);

  const submit = () => {
    const target =
      kind === 'USER_GROUP' ? (groupId ? { userGroupId: Number(groupId) } : null) : login.trim() ? { login: login.trim() } : null;
    setMissing(!target);
    if (!target) return;
    start.mutate(target, { onSuccess: (demo) => auth.startDemo(demo.id_token, { kind: demo.kind, label: demo.label }) });
  };

  return (
    <Paper withBorder radius="md" p="lg" mt="md" data-testid="account-demo-mode">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('account.demo.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('account.demo.description')}
          </Text>
          {mayListGroups && (
            <SegmentedControl
              aria-label={t('account.demo.kind')}
              value={kind}
              onChange={(v) => setKind(v as Kind)}
              data={[
                { value: 'USER_GROUP', label: t('account.demo.kindGroup') },
                { value: 'USER', label: t('account.demo.kindUser') },
              ]}
            />
          )}
          {kind === 'USER_GROUP' ? (
            <Select
              label={t('account.demo.group')}
              placeholder={t('account.demo.groupPlaceholder')}
              searchable
              value={groupId}
              onChange={setGroupId}
              data={(groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
              error={missing ? t('account.demo.required') : undefined}
            />
          ) : (
            <TextInput
              label={t('account.demo.login')}
              value={login}
              onChange={(e) => setLogin(e.currentTarget.value)}
              error={missing ? t('account.demo.required') : undefined}
            />
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={start.isPending}>
              {t('account.demo.start')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
