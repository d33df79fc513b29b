import { Box, MultiSelect, Stack, TextInput } from '@mantine/core';
import { type LanguageGroup, languageCode, RegionLanguageErrorKeys } from '@vellum/contract';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { z } from 'zod';
import { ConflictNotice } from '../../components/ConflictNotice';
import { DeleteButton } from '../../components/DeleteButton';
import { FormActions } from '../../components/FormActions';
import { FormSection } from '../../components/FormSection';
import { useErrorText } from '../../components/formErrors';
import { NotFoundPage } from '../../components/NotFoundPage';
import { PageHeader } from '../../components/PageHeader';
import { LoadError, PageLoader } from '../../components/QueryState';
import { ReadOnlyNotice } from '../../components/ReadOnlyNotice';
import { regionsLanguagesPaths } from '../../paths/regionsLanguages';
import { useAuth } from '../../platform/auth';
import {
  useDeleteLanguageGroup,
  useLanguageGroup,
  useLanguageGroups,
  useSaveLanguageGroup,
  useUnitLanguages,
} from './regionsLanguages.hooks';
import { useNamedEntityForm } from './useNamedEntityForm';

const groupFormSchema = z.object({
  name: z.string().trim().min(1, 'NotBlank').max(50, 'Size'),
  documentLanguageIds: z.array(languageCode).min(1, RegionLanguageErrorKeys.languageGroupLanguageRequired),
});
type GroupFormValues = z.input<typeof groupFormSchema>;
const toForm = (g?: LanguageGroup): GroupFormValues => ({ name: g?.name ?? '', documentLanguageIds: g?.documentLanguageIds ?? [] });

/** backend-configuration/language-group/new and /:groupId. */
export function LanguageGroupEditPage({ unitId }: { unitId: number }) {
  const params = useParams();
  const location = useLocation();
  const id = params.groupId === undefined ? undefined : Number(params.groupId);
  const group = useLanguageGroup(id);
  if (id !== undefined && !(Number.isInteger(id) && id > 0)) return <NotFoundPage />;
  if (id !== undefined && group.isPending) return <PageLoader />;
  if (group.error) return <LoadError error={group.error} onRetry={() => void group.refetch()} />;
  if (group.data && group.data.businessUnitId !== unitId) return <NotFoundPage />;
  return <GroupForm key={location.key} unitId={unitId} group={group.data} />;
}

function GroupForm({ unitId, group }: { unitId: number; group?: LanguageGroup }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const errorText = useErrorText();
  const readOnly = !auth.hasRight('DOCUMENT_LANGUAGE_MANAGE', unitId);
  const listPath = regionsLanguagesPaths.languageGroups(unitId);
  const documentLanguages = useUnitLanguages('document', unitId);
  const groups = useLanguageGroups(unitId);
  const save = useSaveLanguageGroup();
  const remove = useDeleteLanguageGroup();
  const { form, sync, onSubmit, onDelete, dialog } = useNamedEntityForm({
    entity: group,
    schema: groupFormSchema,
    toForm,
    toBody: (values: GroupFormValues) => ({
      businessUnitId: unitId,
      name: values.name.trim(),
      documentLanguageIds: values.documentLanguageIds,
    }),
    save: save.mutateAsync,
    remove: remove.mutateAsync,
    listPath,
    fields: ['name', 'documentLanguageIds'],
    keys: {
      [RegionLanguageErrorKeys.languageGroupNameExists]: 'name',
      [RegionLanguageErrorKeys.languageGroupLanguageAssigned]: 'documentLanguageIds',
      [RegionLanguageErrorKeys.languageGroupNotDocumentLanguage]: 'documentLanguageIds',
      [RegionLanguageErrorKeys.unknownLanguage]: 'documentLanguageIds',
    },
    deleteText: (g) => ({
      title: t('regionsLanguages.groups.delete.title', { name: g.name }),
      message: t('regionsLanguages.groups.delete.message'),
    }),
  });
  const { errors, isDirty } = form.formState;
  // a language belongs to one group: those of the other groups are offered disabled, with their group
  const taken = new Map<string, string>();
  for (const g of groups.data ?? []) if (g.id !== group?.id) for (const c of g.documentLanguageIds) taken.set(c, g.name);
  const options = (documentLanguages.data ?? []).map((l) => ({
    value: l.isoCode,
    label: taken.has(l.isoCode)
      ? t('regionsLanguages.groups.takenOption', { name: l.name, group: taken.get(l.isoCode) })
      : `${l.name} (${l.isoCode})`,
    disabled: taken.has(l.isoCode),
  }));

  return (
    <>
      <Box component="form" onSubmit={onSubmit} noValidate maw={900} data-testid="language-group-form">
        <PageHeader
          title={group ? t('regionsLanguages.groups.editTitle', { name: group.name }) : t('regionsLanguages.groups.createTitle')}
          back={{ to: listPath, label: t('regionsLanguages.groups.back') }}
          actions={group && !readOnly && <DeleteButton onClick={onDelete} />}
        />
        <Stack gap="lg">
          {readOnly && <ReadOnlyNotice />}
          <ConflictNotice shown={sync.conflict} />
          <FormSection title={t('regionsLanguages.groups.section')}>
            <TextInput
              label={t('regionsLanguages.fields.name')}
              required
              maxLength={50}
              readOnly={readOnly}
              {...form.register('name')}
              error={errorText(errors.name)}
            />
            <Controller
              control={form.control}
              name="documentLanguageIds"
              render={({ field, fieldState }) => (
                <MultiSelect
                  label={t('regionsLanguages.fields.languages')}
                  description={t('regionsLanguages.groups.languagesHint')}
                  required
                  data={options}
                  value={field.value}
                  onChange={field.onChange}
                  searchable
                  hidePickedOptions
                  readOnly={readOnly}
                  disabled={documentLanguages.isPending}
                  error={errorText(fieldState.error)}
                  nothingFoundMessage={t('regionsLanguages.nothingFound')}
                  data-testid="group-languages"
                />
              )}
            />
          </FormSection>
          {!readOnly && <FormActions saving={save.isPending} disabled={!!group && !isDirty} cancelTo={listPath} />}
        </Stack>
      </Box>
      {dialog}
    </>
  );
}
