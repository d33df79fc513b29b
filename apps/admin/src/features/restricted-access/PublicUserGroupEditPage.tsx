import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Stack, TextInput } from '@mantine/core';
import { type PublicUserGroup, RestrictedAccessErrorKeys } from '@vellum/contract';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { translateKey } from '../../api/errors';
import { ConflictNotice } from '../../components/ConflictNotice';
import { DeleteButton } from '../../components/DeleteButton';
import { FormActions } from '../../components/FormActions';
import { SwitchField } from '../../components/FormFields';
import { FormSection } from '../../components/FormSection';
import { applyServerErrors, useErrorText } from '../../components/formErrors';
import { NotFoundPage } from '../../components/NotFoundPage';
import { PageHeader } from '../../components/PageHeader';
import { LoadError, PageLoader } from '../../components/QueryState';
import { useFormSync } from '../../components/useFormSync';
import { restrictedAccessPaths } from '../../paths/restrictedAccess';
import { useBusinessUnit } from '../business-units';
import { DocumentPicker } from './DocumentPicker';
import { EmailListEditor } from './EmailListEditor';
import { GroupsDisabledNotice } from './GroupsDisabledNotice';
import { type GroupToDelete, PublicUserGroupDeleteDialog } from './PublicUserGroupDeleteDialog';
import { type PublicUserGroupFormValues, publicUserGroupFormSchema, toGroupBody, toGroupForm } from './publicUserGroupForm';
import { useDeletePublicUserGroup, usePublicUserGroup, useSavePublicUserGroup } from './restrictedAccess.hooks';

const NAME_ERRORS = { Pattern: 'restrictedAccess.namePattern' };

/** document-management/restricted-access/new and /:groupId. */
export function PublicUserGroupEditPage() {
  const params = useParams();
  const location = useLocation();
  const unitId = Number(params.businessUnitId);
  const id = params.groupId === undefined ? undefined : Number(params.groupId);
  const group = usePublicUserGroup(id);
  if (id !== undefined && !(Number.isInteger(id) && id > 0)) return <NotFoundPage />;
  if (id !== undefined && group.isPending) return <PageLoader />;
  if (group.error) return <LoadError error={group.error} onRetry={() => void group.refetch()} />;
  if (group.data && group.data.businessUnitId !== unitId) return <NotFoundPage />;
  return <PublicUserGroupForm key={location.key} unitId={unitId} group={group.data} />;
}

function PublicUserGroupForm({ unitId, group }: { unitId: number; group?: PublicUserGroup }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const unit = useBusinessUnit(unitId);
  const disabled = unit.data?.publicUserGroupActive === false;
  const listPath = restrictedAccessPaths.groups(unitId);
  const form = useForm<PublicUserGroupFormValues>({
    resolver: zodResolver(publicUserGroupFormSchema),
    defaultValues: toGroupForm(group),
  });
  const { errors, isDirty } = form.formState;
  const sync = useFormSync(form, group, toGroupForm);
  const save = useSavePublicUserGroup();
  const remove = useDeletePublicUserGroup();
  const [toDelete, setToDelete] = useState<GroupToDelete | null>(null);
  const [listError, setListError] = useState<string | undefined>();

  const onSubmit = async (values: PublicUserGroupFormValues) => {
    const body = toGroupBody(unitId, values);
    sync.clearConflict();
    setListError(undefined);
    try {
      await save.mutateAsync(group ? { ...body, id: group.id, version: group.version } : body);
      navigate(listPath);
    } catch (e) {
      sync.afterError(e);
      applyServerErrors(e, form.setError, {
        fields: ['name', 'enabled'],
        keys: { [RestrictedAccessErrorKeys.groupNameExists]: 'name' },
      });
      setListError(listProblem(e, values, t));
    }
  };

  return (
    <>
      <Box component="form" onSubmit={form.handleSubmit(onSubmit)} noValidate maw={900} data-testid="public-user-group-form">
        <PageHeader
          title={group ? t('restrictedAccess.editTitle', { name: group.name }) : t('restrictedAccess.createTitle')}
          back={{ to: listPath, label: t('restrictedAccess.back') }}
          actions={
            group && <DeleteButton onClick={() => setToDelete({ id: group.id, name: group.name, documentCount: group.documents.length })} />
          }
        />
        <Stack gap="lg">
          {disabled && <GroupsDisabledNotice unitId={unitId} />}
          <ConflictNotice shown={sync.conflict} />
          <FormSection title={t('restrictedAccess.sections.general')}>
            <TextInput
              label={t('restrictedAccess.fields.name')}
              required
              maxLength={50}
              {...form.register('name')}
              error={errorText(errors.name, NAME_ERRORS)}
            />
            <SwitchField
              control={form.control}
              name="enabled"
              label={t('restrictedAccess.fields.enabled')}
              description={t('restrictedAccess.enabledHint')}
            />
          </FormSection>
          <FormSection title={t('restrictedAccess.sections.emails')} description={t('restrictedAccess.emailsHint')}>
            <Controller
              control={form.control}
              name="emails"
              render={({ field }) => (
                <EmailListEditor
                  label={t('restrictedAccess.fields.emails')}
                  value={field.value}
                  onChange={(emails) => {
                    field.onChange(emails);
                    setListError(undefined);
                  }}
                  error={listError}
                />
              )}
            />
          </FormSection>
          <FormSection title={t('restrictedAccess.sections.documents')}>
            <Controller
              control={form.control}
              name="documents"
              render={({ field }) => <DocumentPicker unitId={unitId} value={field.value} onChange={field.onChange} />}
            />
          </FormSection>
          <FormActions saving={save.isPending} disabled={disabled || (!!group && !isDirty)} cancelTo={listPath} />
        </Stack>
      </Box>
      <PublicUserGroupDeleteDialog
        group={toDelete}
        onClose={() => setToDelete(null)}
        onConfirm={async (g, unlinkDocuments) => {
          await remove.mutateAsync({ id: g.id, unlinkDocuments });
          navigate(listPath);
        }}
      />
    </>
  );
}

/**
 * What the server said about the e-mails or documents of a refused save, in words: the entry it
 * names (`emails.3`, `documentIds.1`) and why.
 */
function listProblem(e: unknown, values: PublicUserGroupFormValues, t: TFunction) {
  if (!(e instanceof ApiError) || e.status !== 400) return undefined;
  const key = e.problem?.message ?? e.appError;
  if (key === RestrictedAccessErrorKeys.documentInvalid) return translateKey(t, key, e.appParams);
  for (const fe of e.problem?.fieldErrors ?? []) {
    const [field, index] = fe.field.split('.');
    if (field === 'emails') {
      const email = index === undefined ? undefined : values.emails[Number(index)];
      return email ? t('restrictedAccess.emails.serverInvalid', { email }) : t('restrictedAccess.emails.serverListInvalid');
    }
  }
  return undefined;
}
