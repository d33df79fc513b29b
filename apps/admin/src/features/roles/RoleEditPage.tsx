import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Badge, Box, Button, Stack, Textarea, TextInput } from '@mantine/core';
import { IconLock, IconPencil } from '@tabler/icons-react';
import { type Role, roleCreateBody } from '@vellum/contract';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { FormActions } from '../../components/FormActions';
import { FormSection } from '../../components/FormSection';
import { applyServerErrors, useErrorText } from '../../components/formErrors';
import { PageHeader } from '../../components/PageHeader';
import { LoadError, PageLoader } from '../../components/QueryState';
import { useFormSync } from '../../components/useFormSync';
import { RightsPicker } from './RightsPicker';
import { useAccessRights, useRole, useSaveRole } from './roles.hooks';

export const ROLES_PATH = '/general-settings/role';

type FormInput = z.input<typeof roleCreateBody>;
type FormOutput = z.output<typeof roleCreateBody>;

const toForm = (role?: Role): FormInput => ({
  name: role?.name ?? '',
  description: role?.description ?? '',
  accessRights: (role?.accessRights ?? []) as FormInput['accessRights'],
});

/** Create, edit or (`view`, and always for predefined roles) read a role. */
export function RoleEditPage({ view = false }: { view?: boolean }) {
  const { id } = useParams();
  const roleId = id === undefined ? undefined : Number(id);
  const role = useRole(roleId);
  const rights = useAccessRights();
  if ((roleId !== undefined && role.isPending) || rights.isPending) return <PageLoader />;
  if (role.error || rights.error)
    return <LoadError error={role.error ?? rights.error} onRetry={() => void (role.error ? role.refetch() : rights.refetch())} />;
  return <RoleForm role={role.data} allRights={rights.data ?? []} readOnly={view || !!role.data?.predefined} />;
}

function RoleForm({ role, allRights, readOnly }: { role?: Role; allRights: string[]; readOnly: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const save = useSaveRole();
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(roleCreateBody), defaultValues: toForm(role) });
  const { errors, isDirty } = form.formState;

  const sync = useFormSync(form, role, toForm);

  const onSubmit = async (values: FormOutput) => {
    const body = { ...values, description: values.description || null };
    try {
      await save.mutateAsync(role ? { ...body, id: role.id, version: role.version } : body);
      navigate(ROLES_PATH);
    } catch (e) {
      sync.afterError(e);
      applyServerErrors(e, form.setError, {
        fields: ['name', 'description', 'accessRights'],
        keys: { 'error.role.nameExists': 'name', 'error.duplicate': 'name' },
      });
    }
  };

  const title = role ? (readOnly ? role.name : t('roles.editTitle', { name: role.name })) : t('roles.createTitle');
  return (
    <Box component="form" onSubmit={form.handleSubmit(onSubmit)} noValidate maw={1200}>
      <PageHeader
        title={title}
        back={{ to: ROLES_PATH, label: t('roles.back') }}
        badge={
          role?.predefined && (
            <Badge variant="light" color="gray" leftSection={<IconLock size={12} />}>
              {t('roles.predefined')}
            </Badge>
          )
        }
        actions={
          readOnly &&
          role &&
          !role.predefined && (
            <Button component={Link} to={`${ROLES_PATH}/${role.id}/edit`} leftSection={<IconPencil size={16} />}>
              {t('components.actions.edit')}
            </Button>
          )
        }
      />
      <Stack gap="lg">
        {role?.predefined && (
          <Alert color="gray" variant="light" icon={<IconLock size={18} />}>
            {t('roles.predefinedHint')}
          </Alert>
        )}
        <FormSection title={t('roles.sections.general')}>
          <TextInput
            label={t('roles.fields.name')}
            required
            readOnly={readOnly}
            maxLength={50}
            {...form.register('name')}
            error={errorText(errors.name)}
          />
          <Textarea
            label={t('roles.fields.description')}
            readOnly={readOnly}
            autosize
            minRows={2}
            maxLength={255}
            {...form.register('description')}
            error={errorText(errors.description)}
          />
        </FormSection>
        <FormSection title={t('roles.sections.rights')} description={t('roles.rights.hint')}>
          <Controller
            control={form.control}
            name="accessRights"
            render={({ field, fieldState }) => (
              <RightsPicker
                rights={allRights}
                value={field.value}
                onChange={field.onChange}
                disabled={readOnly}
                error={errorText(fieldState.error)}
              />
            )}
          />
        </FormSection>
        {!readOnly && <FormActions saving={save.isPending} disabled={!!role && !isDirty} cancelTo={ROLES_PATH} />}
      </Stack>
    </Box>
  );
}
