import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Group, MultiSelect, PasswordInput, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { PASSWORD_PATTERN, type User, userCreateBody } from '@vellum/contract';
import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { FormActions } from '../../components/FormActions';
import { FormSection } from '../../components/FormSection';
import { applyServerErrors, useErrorText } from '../../components/formErrors';
import { PageHeader } from '../../components/PageHeader';
import { PasswordChecklist } from '../../components/PasswordChecklist';
import { LoadError, PageLoader } from '../../components/QueryState';
import { useFormSync } from '../../components/useFormSync';
import { formatDateTime } from '../../i18n/format';
import { useAuth } from '../../platform/auth';
import { useUserGroups } from './userGroups.hooks';
import { useSaveUser, useUser } from './users.hooks';

export const USERS_PATH = '/general-settings/user-management';

// an empty password means "send the welcome mail" (a union would hide the weak-password message)
const formSchema = userCreateBody.extend({
  password: z
    .string()
    .max(100, 'Size')
    .refine((p) => p === '' || PASSWORD_PATTERN.test(p), 'customInput.password.errors.tooWeak')
    .optional(),
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

const toForm = (u?: User): FormInput => ({
  login: u?.login ?? '',
  firstName: u?.firstName ?? '',
  lastName: u?.lastName ?? '',
  email: u?.email ?? '',
  activated: u?.activated ?? true,
  technicalAccount: u?.technicalAccount ?? false,
  ssoOnly: u?.ssoOnly ?? false,
  langKey: 'en',
  userGroupIds: u?.userGroups.map((g) => g.id) ?? [],
  password: '',
});

const FIELDS = ['login', 'firstName', 'lastName', 'email', 'activated', 'technicalAccount', 'ssoOnly', 'userGroupIds', 'password'] as const;

export function UserEditPage() {
  const { id } = useParams();
  const userId = id === undefined ? undefined : Number(id);
  const user = useUser(userId);
  if (userId !== undefined && user.isPending) return <PageLoader />;
  if (user.error) return <LoadError error={user.error} onRetry={() => void user.refetch()} />;
  return <UserForm user={user.data} />;
}

function UserForm({ user }: { user?: User }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const { account } = useAuth();
  const groups = useUserGroups();
  const save = useSaveUser();
  const unlock = useSaveUser();
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(formSchema), defaultValues: toForm(user) });
  const { errors, isDirty } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' }) ?? '';
  const isSelf = !!user && account?.id === user.id;

  const sync = useFormSync(form, user, toForm);

  const groupOptions = useMemo(() => {
    const list = (groups.data ?? []).map((g) => ({ value: g.id, label: g.name }));
    for (const g of user?.userGroups ?? []) if (!list.some((o) => o.value === g.id)) list.push({ value: g.id, label: g.name });
    return list;
  }, [groups.data, user]);

  const onSubmit = async (values: FormOutput) => {
    const { password: pw, ...rest } = values;
    const body = { ...rest, firstName: rest.firstName || null, lastName: rest.lastName || null };
    try {
      if (user) await save.mutateAsync({ ...body, id: user.id, version: user.version });
      else await save.mutateAsync({ ...body, password: pw || undefined });
      navigate(USERS_PATH);
    } catch (e) {
      sync.afterError(e);
      applyServerErrors(e, form.setError, {
        fields: FIELDS,
        keys: { 'error.userexists': 'login', 'error.emailexists': 'email', 'error.user.self': 'activated' },
      });
    }
  };

  const doUnlock = async () => {
    if (!user) return;
    const { userGroups, fullName, locked, createdBy, createdDate, lastModifiedBy, lastModifiedDate, ...rest } = user;
    await unlock.mutateAsync({ ...rest, langKey: 'en', userGroupIds: userGroups.map((g) => g.id), unlock: true }).catch(() => {});
  };

  const switchField = (name: 'activated' | 'technicalAccount' | 'ssoOnly', label: string, description: string, disabled = false) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Switch
          label={label}
          aria-label={label}
          description={description}
          checked={!!field.value}
          onChange={(e) => field.onChange(e.currentTarget.checked)}
          disabled={disabled}
        />
      )}
    />
  );

  return (
    <Box component="form" onSubmit={form.handleSubmit(onSubmit)} noValidate maw={900}>
      <PageHeader
        title={user ? t('users.editTitle', { name: user.login }) : t('users.createTitle')}
        description={user ? <UserAuditLine user={user} /> : undefined}
        back={{ to: USERS_PATH, label: t('users.back') }}
      />
      <Stack gap="lg">
        {user?.locked && (
          <Alert color="red" variant="light" icon={<IconLock size={18} />} title={t('users.lockedTitle')}>
            <Group justify="space-between" align="center">
              <Text size="sm">{t('users.lockedHint')}</Text>
              <Button
                size="xs"
                color="red"
                variant="light"
                leftSection={<IconLockOpen size={14} />}
                onClick={doUnlock}
                loading={unlock.isPending}
              >
                {t('users.unlock')}
              </Button>
            </Group>
          </Alert>
        )}
        <FormSection title={t('users.sections.identity')}>
          <TextInput
            label={t('users.fields.login')}
            required
            maxLength={100}
            {...form.register('login')}
            error={errorText(errors.login, { Pattern: 'components.validation.login' })}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('users.fields.firstName')}
              maxLength={50}
              {...form.register('firstName')}
              error={errorText(errors.firstName)}
            />
            <TextInput
              label={t('users.fields.lastName')}
              maxLength={50}
              {...form.register('lastName')}
              error={errorText(errors.lastName)}
            />
          </SimpleGrid>
          <TextInput
            label={t('users.fields.email')}
            type="email"
            required
            maxLength={254}
            {...form.register('email')}
            error={errorText(errors.email, { Pattern: 'components.validation.email' })}
          />
        </FormSection>
        <FormSection title={t('users.sections.access')}>
          {switchField(
            'activated',
            t('users.fields.activated'),
            isSelf ? t('users.cannotDeactivateSelf') : t('users.activatedHint'),
            isSelf,
          )}
          {switchField('technicalAccount', t('users.fields.technicalAccount'), t('users.technicalHint'))}
          {switchField('ssoOnly', t('users.fields.ssoOnly'), t('users.ssoOnlyHint'))}
          <Controller
            control={form.control}
            name="userGroupIds"
            render={({ field, fieldState }) => (
              <MultiSelect<number>
                label={t('users.fields.userGroups')}
                description={isSelf ? t('users.selfGroupsHint') : undefined}
                data={groupOptions}
                value={field.value ?? []}
                onChange={field.onChange}
                searchable
                clearable={!isSelf}
                hidePickedOptions
                error={errorText(fieldState.error)}
                nothingFoundMessage={t('userGroups.nothingFound')}
              />
            )}
          />
        </FormSection>
        {!user && (
          <FormSection title={t('users.sections.password')} description={t('users.passwordHint')}>
            <PasswordInput
              label={t('users.fields.initialPassword')}
              autoComplete="new-password"
              maxLength={100}
              {...form.register('password')}
              error={errorText(errors.password)}
            />
            {password && <PasswordChecklist password={password} />}
          </FormSection>
        )}
        <FormActions saving={save.isPending} disabled={!!user && !isDirty} cancelTo={USERS_PATH} />
      </Stack>
    </Box>
  );
}

function UserAuditLine({ user }: { user: User }) {
  const { t } = useTranslation();
  const when = (d: string | null) => (d ? formatDateTime(d) : '—');
  return (
    <>
      {t('users.createdBy', { by: user.createdBy ?? t('users.system'), at: when(user.createdDate) })}
      {user.lastModifiedDate &&
        ` · ${t('users.modifiedBy', { by: user.lastModifiedBy ?? t('users.system'), at: when(user.lastModifiedDate) })}`}
    </>
  );
}
