import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Badge, Box, MultiSelect, Select, Stack, Switch, TextInput } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { GLOBAL_BUSINESS_UNIT_ID, type UserGroup, userGroupCreateBody } from '@vellum/contract';
import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { FormActions } from '../../components/FormActions';
import { FormSection } from '../../components/FormSection';
import { applyServerErrors, useErrorText } from '../../components/formErrors';
import { PageHeader } from '../../components/PageHeader';
import { LoadError, PageLoader } from '../../components/QueryState';
import { ReadOnlyNotice } from '../../components/ReadOnlyNotice';
import { useFormSync } from '../../components/useFormSync';
import { useAuth } from '../../platform/auth';
import { useBusinessUnits } from '../business-units';
import { useRoles } from '../roles';
import { useSaveUserGroup, useUserGroup } from './userGroups.hooks';
import { useUserOptions } from './users.hooks';

export const USER_GROUPS_PATH = '/general-settings/user-group';

const formSchema = userGroupCreateBody.extend({ roleId: z.number({ error: 'NotNull' }).int().positive('NotNull') });
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

const toForm = (g?: UserGroup): FormInput => ({
  name: g?.name ?? '',
  allBusinessUnits: g?.allBusinessUnits ?? false,
  roleId: g?.role.id as number,
  businessUnitIds: g?.businessUnits.map((u) => u.id) ?? [],
  userIds: g?.users.map((u) => u.id) ?? [],
});

export function UserGroupEditPage() {
  const { id } = useParams();
  const groupId = id === undefined ? undefined : Number(id);
  const group = useUserGroup(groupId);
  if (groupId !== undefined && group.isPending) return <PageLoader />;
  if (group.error) return <LoadError error={group.error} onRetry={() => void group.refetch()} />;
  return <UserGroupForm group={group.data} />;
}

function UserGroupForm({ group }: { group?: UserGroup }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const { account, hasRight } = useAuth();
  const readOnly = !hasRight('USER_MANAGE');
  const users = useUserOptions(!readOnly);
  const roles = useRoles();
  const units = useBusinessUnits();
  const save = useSaveUserGroup();
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(formSchema), defaultValues: toForm(group) });
  const { errors, isDirty } = form.formState;
  const allUnits = useWatch({ control: form.control, name: 'allBusinessUnits' });
  const superAdmin = !!group?.superAdmin;
  const fixed = superAdmin || readOnly;
  const selfWasMember = !!account && !!group?.users.some((u) => u.id === account.id);

  const sync = useFormSync(form, group, toForm);

  const roleOptions = useMemo(() => {
    const list = (roles.data ?? []).map((r) => ({ value: r.id, label: r.name }));
    // without the roles list (no right to read it) the group's own role still shows
    if (group && !list.some((o) => o.value === group.role.id)) list.push({ value: group.role.id, label: group.role.name });
    return list;
  }, [roles.data, group]);
  const unitOptions = useMemo(() => {
    const list = [{ value: GLOBAL_BUSINESS_UNIT_ID, label: t('userGroups.global') }];
    for (const u of units.data ?? []) list.push({ value: u.id, label: `${u.displayName} (${u.slug})` });
    for (const u of group?.businessUnits ?? []) if (!list.some((o) => o.value === u.id)) list.push({ value: u.id, label: u.displayName });
    return list;
  }, [units.data, group, t]);
  const userOptions = useMemo(() => {
    const list = (users.data ?? []).map((u) => ({ value: u.id, label: u.fullName ? `${u.fullName} (${u.login})` : u.login }));
    for (const u of group?.users ?? [])
      if (!list.some((o) => o.value === u.id)) list.push({ value: u.id, label: `${u.fullName} (${u.login})` });
    return list;
  }, [users.data, group]);

  const onSubmit = async (values: FormOutput) => {
    const body = { ...values, businessUnitIds: values.allBusinessUnits ? [] : values.businessUnitIds };
    try {
      await save.mutateAsync(group ? { ...body, id: group.id, version: group.version } : body);
      navigate(USER_GROUPS_PATH);
    } catch (e) {
      sync.afterError(e);
      applyServerErrors(e, form.setError, {
        fields: ['name', 'roleId', 'allBusinessUnits', 'businessUnitIds', 'userIds'],
        keys: { 'error.userGroup.nameExists': 'name', 'error.duplicate': 'name', 'error.user.self': 'userIds' },
      });
    }
  };

  return (
    <Box component="form" onSubmit={form.handleSubmit(onSubmit)} noValidate maw={900}>
      <PageHeader
        title={group ? t('userGroups.editTitle', { name: group.name }) : t('userGroups.createTitle')}
        back={{ to: USER_GROUPS_PATH, label: t('userGroups.back') }}
        badge={
          superAdmin && (
            <Badge variant="light" color="grape" leftSection={<IconShieldLock size={12} />}>
              {t('userGroups.superAdmin')}
            </Badge>
          )
        }
      />
      <Stack gap="lg">
        {readOnly && <ReadOnlyNotice />}
        {superAdmin && (
          <Alert color="grape" variant="light" icon={<IconShieldLock size={18} />}>
            {t('userGroups.superAdminHint')}
          </Alert>
        )}
        <FormSection title={t('userGroups.sections.general')}>
          <TextInput
            label={t('userGroups.fields.name')}
            required
            maxLength={50}
            readOnly={fixed}
            {...form.register('name')}
            error={errorText(errors.name)}
          />
          <Controller
            control={form.control}
            name="roleId"
            render={({ field, fieldState }) => (
              <Select<number>
                label={t('userGroups.fields.role')}
                required
                data={roleOptions}
                value={field.value ?? null}
                onChange={(v) => field.onChange(v ?? undefined)}
                onBlur={field.onBlur}
                searchable
                disabled={fixed}
                error={errorText(fieldState.error)}
                nothingFoundMessage={t('userGroups.nothingFound')}
              />
            )}
          />
        </FormSection>
        <FormSection title={t('userGroups.sections.businessUnits')} description={t('userGroups.businessUnitsHint')}>
          <Controller
            control={form.control}
            name="allBusinessUnits"
            render={({ field }) => (
              <Switch
                label={t('userGroups.fields.allBusinessUnits')}
                checked={!!field.value}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
                disabled={fixed}
              />
            )}
          />
          {!allUnits && (
            <Controller
              control={form.control}
              name="businessUnitIds"
              render={({ field, fieldState }) => (
                <MultiSelect<number>
                  label={t('userGroups.fields.businessUnits')}
                  data={unitOptions}
                  value={field.value ?? []}
                  onChange={field.onChange}
                  searchable
                  clearable
                  disabled={fixed}
                  error={errorText(fieldState.error)}
                  nothingFoundMessage={t('userGroups.nothingFound')}
                />
              )}
            />
          )}
        </FormSection>
        <FormSection title={t('userGroups.sections.members')}>
          <Controller
            control={form.control}
            name="userIds"
            render={({ field, fieldState }) => (
              <MultiSelect<number>
                label={t('userGroups.fields.members')}
                description={selfWasMember ? t('userGroups.selfHint') : undefined}
                placeholder={t('userGroups.membersPlaceholder')}
                data={userOptions}
                value={field.value ?? []}
                onChange={(v) => field.onChange(selfWasMember && account && !v.includes(account.id) ? [...v, account.id] : v)}
                searchable
                hidePickedOptions
                limit={50}
                disabled={readOnly}
                error={errorText(fieldState.error)}
                nothingFoundMessage={t('userGroups.nothingFound')}
              />
            )}
          />
        </FormSection>
        {!readOnly && <FormActions saving={save.isPending} disabled={!!group && !isDirty} cancelTo={USER_GROUPS_PATH} />}
      </Stack>
    </Box>
  );
}
