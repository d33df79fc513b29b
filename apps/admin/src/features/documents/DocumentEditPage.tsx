import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  type Document,
  type DocumentAttributeDefinition,
  type DocumentCreateBody,
  DocumentRecordErrorKeys,
  type DocumentType,
} from '@vellum/contract';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { translateKey } from '../../api/errors';
import { useConfirm } from '../../components/ConfirmDialog';
import { ConflictNotice } from '../../components/ConflictNotice';
import { DeleteButton } from '../../components/DeleteButton';
import { FormActions } from '../../components/FormActions';
import { FormSection } from '../../components/FormSection';
import { applyServerErrors, useErrorText } from '../../components/formErrors';
import { NotFoundPage } from '../../components/NotFoundPage';
import { PageHeader } from '../../components/PageHeader';
import { LoadError, PageLoader } from '../../components/QueryState';
import { ReadOnlyNotice } from '../../components/ReadOnlyNotice';
import { useFormSync } from '../../components/useFormSync';
import { documentPaths } from '../../paths/documents';
import { useAuth } from '../../platform/auth';
import { useDocumentAttributes, useDocumentTypes } from '../document-types';
import { DocumentDetailSections } from './DocumentDetailSections';
import { ProductGroupsPicker, ProductsPicker } from './DocumentLinkPickers';
import { DocumentStateBadge } from './DocumentStateBadge';
import { type DocumentFormValues, documentFormSchema, formDefinitions, toDocumentBody, toDocumentForm, valueKey } from './documentForm';
import { useDeleteDocument, useDocument, useSaveDocument } from './documents.hooks';

/** document-management/new and /:documentId: the document form, then (existing documents) the sections below it. */
export function DocumentEditPage() {
  const params = useParams();
  const location = useLocation();
  const unitId = Number(params.businessUnitId);
  const id = params.documentId === undefined || params.documentId === 'new' ? undefined : Number(params.documentId);
  const doc = useDocument(id);
  const attributes = useDocumentAttributes(unitId);
  const types = useDocumentTypes({ businessUnitId: unitId, page: 0, size: 2000, sort: 'sortNumber,asc' });
  if (id !== undefined && !(Number.isInteger(id) && id > 0)) return <NotFoundPage />;
  const error = doc.error ?? attributes.error ?? types.error;
  if (error) {
    if (error instanceof ApiError && error.status === 404) return <NotFoundPage />;
    return <LoadError error={error} onRetry={() => void Promise.all([doc.refetch(), attributes.refetch(), types.refetch()])} />;
  }
  if ((id !== undefined && doc.isPending) || attributes.isPending || types.isPending) return <PageLoader />;
  if (doc.data && doc.data.businessUnitId !== unitId) return <NotFoundPage />;
  return (
    <>
      <DocumentForm
        key={`${location.key}-${doc.data?.id ?? 'new'}`}
        unitId={unitId}
        document={doc.data}
        definitions={attributes.data?.definitions ?? []}
        types={types.data?.rows ?? []}
      />
      {/* the sections of an existing document stack below its form: files, restricted access */}
      {doc.data && <DocumentDetailSections document={doc.data} />}
    </>
  );
}

function DocumentForm({
  unitId,
  document,
  definitions,
  types,
}: {
  unitId: number;
  document?: Document;
  definitions: DocumentAttributeDefinition[];
  types: DocumentType[];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const auth = useAuth();
  const errorText = useErrorText();
  const readOnly = !auth.hasRight('DOCUMENT_MANAGE', unitId);
  const canDelete = !!document && auth.hasRight('DOCUMENT_DELETE', unitId);
  // the pickers search the unit's catalogue, which needs a product right
  const canPick = !readOnly && (auth.hasRight('PRODUCT_READ', unitId) || auth.hasRight('PRODUCT_MANAGE', unitId));
  const listPath = documentPaths.list(unitId);
  const shown = useMemo(() => formDefinitions(definitions), [definitions]);
  const schema = useMemo(() => documentFormSchema(definitions), [definitions]);
  const toForm = useMemo(() => (d?: Document) => toDocumentForm(definitions, d), [definitions]);
  const form = useForm<DocumentFormValues>({
    resolver: zodResolver(schema) as never,
    defaultValues: toForm(document),
  });
  const { errors, isDirty } = form.formState;
  const sync = useFormSync(form, document, toForm);
  const save = useSaveDocument();
  const remove = useDeleteDocument();
  const { ask, dialog } = useConfirm();

  // active types to choose from; the current type stays listed even when it is inactive
  const typeOptions = types
    .filter((ty) => ty.active || ty.id === document?.documentTypeId)
    .map((ty) => ({ value: String(ty.id), label: ty.active ? ty.name : t('documents.inactiveType', { name: ty.name }) }));

  /** Server errors on attribute values name the body's index; the form names the definition. */
  const placeValueErrors = (e: unknown, body: DocumentCreateBody) => {
    if (!(e instanceof ApiError) || e.status !== 400) return;
    const key = e.problem?.message ?? e.appError;
    const params = e.problem?.params as Record<string, unknown> | undefined;
    if (key === DocumentRecordErrorKeys.attributeValueRequired && typeof params?.attributeDefinitionId === 'number') {
      form.setError(`values.${valueKey(params.attributeDefinitionId)}`, { type: 'server', message: 'NotBlank' });
    }
    for (const fe of e.problem?.fieldErrors ?? []) {
      const m = /^attributeValues\.(\d+)\.value$/.exec(fe.field);
      const entry = m ? body.attributeValues?.[Number(m[1])] : undefined;
      if (!entry) continue;
      const message = key === DocumentRecordErrorKeys.attributeValueExists ? translateKey(t, key, params) : fe.message;
      form.setError(`values.${valueKey(entry.attributeDefinitionId)}`, { type: 'server-text', message });
    }
  };

  const onSubmit = async (values: DocumentFormValues) => {
    const body = toDocumentBody(unitId, definitions, values, document);
    sync.clearConflict();
    try {
      const saved = await save.mutateAsync(document ? { ...body, id: document.id, version: document.version } : body);
      // a new document opens as itself, so that its files can be added next
      navigate(document ? listPath : documentPaths.edit(unitId, saved.data.id));
    } catch (e) {
      sync.afterError(e);
      applyServerErrors(e, form.setError, {
        fields: ['number', 'name', 'documentTypeId', 'productGroupIds', 'productIds'],
        keys: {
          [DocumentRecordErrorKeys.numberExists]: 'number',
          [DocumentRecordErrorKeys.typeInactive]: 'documentTypeId',
        },
      });
      placeValueErrors(e, body);
    }
  };

  const onDelete = () => {
    if (!document) return;
    ask({
      title: t('documents.delete.title', { name: document.number }),
      message: t('documents.delete.message'),
      confirmLabel: t('components.confirm.delete'),
      onConfirm: async () => {
        await remove.mutateAsync(document.id);
        navigate(listPath);
      },
    });
  };

  return (
    <>
      <Box component="form" onSubmit={form.handleSubmit(onSubmit)} noValidate maw={900} data-testid="document-form">
        <PageHeader
          title={document ? t('documents.editTitle', { name: document.number }) : t('documents.createTitle')}
          description={document?.name}
          badge={document && <DocumentStateBadge state={document.publishState} />}
          back={{ to: listPath, label: t('documents.back') }}
          actions={canDelete && <DeleteButton onClick={onDelete} />}
        />
        <Stack gap="lg">
          {readOnly && <ReadOnlyNotice />}
          <ConflictNotice shown={sync.conflict} />
          <FormSection title={t('documents.sections.general')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('documents.fields.number')}
                required
                maxLength={50}
                readOnly={readOnly}
                {...form.register('number')}
                error={errorText(errors.number)}
              />
              <Controller
                control={form.control}
                name="documentTypeId"
                render={({ field, fieldState }) => (
                  <Select
                    label={t('documents.fields.documentType')}
                    required
                    data={typeOptions}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    searchable={!readOnly}
                    readOnly={readOnly}
                    nothingFoundMessage={t('documents.noTypes')}
                    error={errorText(fieldState.error)}
                  />
                )}
              />
            </SimpleGrid>
            <TextInput
              label={t('documents.fields.name')}
              required
              maxLength={255}
              readOnly={readOnly}
              {...form.register('name')}
              error={errorText(errors.name)}
            />
            {types.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('documents.noTypesHint')}
              </Text>
            )}
          </FormSection>
          <FormSection
            title={t('documents.sections.attributes')}
            description={shown.length > 0 ? t('documents.attributesHint') : undefined}
          >
            {shown.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('documents.noAttributes')}
              </Text>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {shown.map((d) => (
                  <TextInput
                    key={d.id}
                    label={d.name}
                    required={d.mandatory}
                    description={d.unique ? t('documents.uniqueHint') : undefined}
                    maxLength={255}
                    readOnly={readOnly}
                    {...form.register(`values.${valueKey(d.id)}`)}
                    error={errorText(errors.values?.[valueKey(d.id)])}
                  />
                ))}
              </SimpleGrid>
            )}
          </FormSection>
          <FormSection title={t('documents.sections.links')} description={t('documents.linksHint')}>
            <Controller
              control={form.control}
              name="productGroupIds"
              render={({ field, fieldState }) => (
                <ProductGroupsPicker
                  businessUnitId={unitId}
                  label={t('documents.fields.productGroups')}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  known={document?.productGroups ?? []}
                  readOnly={!canPick}
                  description={!readOnly && !canPick ? t('documents.pickerNeedsProductRight') : undefined}
                  error={errorText(fieldState.error)}
                />
              )}
            />
            <Controller
              control={form.control}
              name="productIds"
              render={({ field, fieldState }) => (
                <ProductsPicker
                  businessUnitId={unitId}
                  label={t('documents.fields.products')}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  known={document?.products ?? []}
                  readOnly={!canPick}
                  error={errorText(fieldState.error)}
                />
              )}
            />
            {document && document.productGroupIds.length === 0 && document.productIds.length === 0 && (
              <Text size="sm" c="dark.6" fw={500}>
                {t('documents.orphanHint')}
              </Text>
            )}
          </FormSection>
          {!readOnly && (
            <Group justify="flex-end">
              <FormActions saving={save.isPending} disabled={!!document && !isDirty} cancelTo={listPath} />
            </Group>
          )}
        </Stack>
      </Box>
      {dialog}
    </>
  );
}
