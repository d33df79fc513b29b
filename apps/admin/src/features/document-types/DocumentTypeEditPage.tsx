import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  CatalogueErrorKeys,
  DocumentErrorKeys,
  type DocumentType,
  GS1_LINK_TYPE_KEYS,
  GS1_LINK_TYPES,
  isGs1LinkType,
} from '@vellum/contract';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useConfirm } from '../../components/ConfirmDialog';
import { ConflictNotice } from '../../components/ConflictNotice';
import { DeleteButton } from '../../components/DeleteButton';
import { FormActions } from '../../components/FormActions';
import { IntegerField, SwitchField } from '../../components/FormFields';
import { FormSection } from '../../components/FormSection';
import { applyServerErrors, useErrorText } from '../../components/formErrors';
import { NotFoundPage } from '../../components/NotFoundPage';
import { PageHeader } from '../../components/PageHeader';
import { LoadError, PageLoader } from '../../components/QueryState';
import { ReadOnlyNotice } from '../../components/ReadOnlyNotice';
import { useFormSync } from '../../components/useFormSync';
import { documentTypePaths } from '../../paths/documentTypes';
import { useAuth } from '../../platform/auth';
import { useFeatureSwitchesQuery } from '../../platform/queries';
import { type DocumentTypeFormValues, documentTypeFormSchema, toDocumentTypeBody, toDocumentTypeForm } from './documentTypeForm';
import { useDeleteDocumentType, useDocumentType, useSaveDocumentType } from './documentTypes.hooks';

const NAME_ERRORS = { Pattern: 'documentTypes.namePattern' };
/** The GS1 Web Vocabulary's titles (English, as GS1 writes them) with the link type they stand for. */
const LINK_TYPE_OPTIONS = GS1_LINK_TYPE_KEYS.map((value) => ({ value, label: `${GS1_LINK_TYPES[value]} (${value})` }));

/** backend-configuration/document-type/new and /:documentTypeId. */
export function DocumentTypeEditPage() {
  const params = useParams();
  const location = useLocation();
  const unitId = Number(params.businessUnitId);
  const id = params.documentTypeId === undefined ? undefined : Number(params.documentTypeId);
  const type = useDocumentType(id);
  if (id !== undefined && !(Number.isInteger(id) && id > 0)) return <NotFoundPage />;
  if (id !== undefined && type.isPending) return <PageLoader />;
  if (type.error) return <LoadError error={type.error} onRetry={() => void type.refetch()} />;
  if (type.data && type.data.businessUnitId !== unitId) return <NotFoundPage />;
  return <DocumentTypeForm key={location.key} unitId={unitId} type={type.data} />;
}

function DocumentTypeForm({ unitId, type }: { unitId: number; type?: DocumentType }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const auth = useAuth();
  const errorText = useErrorText();
  const readOnly = !auth.hasRight('DOCUMENT_TYPE_MANAGE', unitId);
  const canDelete = !!type && auth.hasRight('DOCUMENT_TYPE_DELETE', unitId);
  const patientPortal = useFeatureSwitchesQuery().data?.patientBusinessUnitSearch;
  const listPath = documentTypePaths.list(unitId);
  const form = useForm<DocumentTypeFormValues>({ resolver: zodResolver(documentTypeFormSchema), defaultValues: toDocumentTypeForm(type) });
  const { errors, isDirty } = form.formState;
  const sync = useFormSync(form, type, toDocumentTypeForm);
  const save = useSaveDocumentType();
  const remove = useDeleteDocumentType();
  const { ask, dialog } = useConfirm();
  // like the server: the patient audience cannot start while the patient portal is off
  const patientLocked = patientPortal === false && !type?.patient;

  const onSubmit = async (values: DocumentTypeFormValues) => {
    const body = toDocumentTypeBody(unitId, values);
    sync.clearConflict();
    try {
      await save.mutateAsync(type ? { ...body, id: type.id, version: type.version } : body);
      navigate(listPath);
    } catch (e) {
      sync.afterError(e);
      applyServerErrors(e, form.setError, {
        fields: ['name', 'sortNumber', 'active', 'hcp', 'patient', 'linkType'],
        keys: {
          [DocumentErrorKeys.typeNameExists]: 'name',
          [DocumentErrorKeys.typeSortNumberExists]: 'sortNumber',
          [DocumentErrorKeys.typeNeedsAudience]: 'hcp',
          [CatalogueErrorKeys.patientToggleDisabled]: 'patient',
        },
      });
    }
  };

  const onDelete = () => {
    if (!type) return;
    ask({
      title: t('documentTypes.delete.title', { name: type.name }),
      message: t('documentTypes.delete.message'),
      confirmLabel: t('components.confirm.delete'),
      onConfirm: async () => {
        await remove.mutateAsync(type.id);
        navigate(listPath);
      },
    });
  };

  const audienceSwitch = (name: 'hcp' | 'patient', disabled: boolean) => (
    <SwitchField
      control={form.control}
      name={name}
      label={t(`documentTypes.fields.${name}`)}
      onToggle={() => form.clearErrors(['hcp', 'patient'])}
      disabled={readOnly || disabled}
    />
  );

  return (
    <>
      <Box component="form" onSubmit={form.handleSubmit(onSubmit)} noValidate maw={800} data-testid="document-type-form">
        <PageHeader
          title={type ? t('documentTypes.editTitle', { name: type.name }) : t('documentTypes.createTitle')}
          back={{ to: listPath, label: t('documentTypes.back') }}
          actions={canDelete && <DeleteButton onClick={onDelete} />}
        />
        <Stack gap="lg">
          {readOnly && <ReadOnlyNotice />}
          <ConflictNotice shown={sync.conflict} />
          <FormSection title={t('documentTypes.sections.general')}>
            <TextInput
              label={t('documentTypes.fields.name')}
              required
              maxLength={50}
              readOnly={readOnly}
              {...form.register('name')}
              error={errorText(errors.name, NAME_ERRORS)}
            />
            <IntegerField
              control={form.control}
              name="sortNumber"
              label={t('documentTypes.fields.sortNumber')}
              description={t('documentTypes.sortHint')}
              required
              min={0}
              max={100_000}
              readOnly={readOnly}
              maw={320}
            />
            <SwitchField
              control={form.control}
              name="active"
              label={t('documentTypes.fields.active')}
              description={t('documentTypes.activeHint')}
              disabled={readOnly}
            />
          </FormSection>
          <FormSection title={t('documentTypes.sections.audiences')}>
            <Text size="sm" c="dimmed">
              {t('documentTypes.audiencesHint')}
            </Text>
            <Group gap="xl" role="group" aria-label={t('documentTypes.fields.audiences')}>
              {audienceSwitch('hcp', false)}
              {audienceSwitch('patient', patientLocked)}
            </Group>
            {patientLocked && (
              <Text size="sm" c="dimmed">
                {t('documentTypes.patientPortalOff')}
              </Text>
            )}
            {(errors.hcp || errors.patient) && (
              <Text size="sm" c="red" role="alert">
                {errorText(errors.hcp ?? errors.patient)}
              </Text>
            )}
          </FormSection>
          <FormSection title={t('documentTypes.sections.resolver')}>
            <Controller
              control={form.control}
              name="linkType"
              render={({ field, fieldState }) => (
                <Select
                  label={t('documentTypes.fields.linkType')}
                  description={t('documentTypes.linkTypeHint')}
                  data={LINK_TYPE_OPTIONS}
                  value={field.value}
                  onChange={(v) => v && isGs1LinkType(v) && field.onChange(v)}
                  allowDeselect={false}
                  disabled={readOnly}
                  error={errorText(fieldState.error)}
                  maw={480}
                />
              )}
            />
          </FormSection>
          {!readOnly && <FormActions saving={save.isPending} disabled={!!type && !isDirty} cancelTo={listPath} />}
        </Stack>
      </Box>
      {dialog}
    </>
  );
}
