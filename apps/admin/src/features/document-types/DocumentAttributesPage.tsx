import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type DocumentAttributeList, MAX_DOCUMENT_ATTRIBUTES } from '@vellum/contract';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useConfirm } from '../../components/ConfirmDialog';
import { ConflictNotice } from '../../components/ConflictNotice';
import { FormActions } from '../../components/FormActions';
import { applyServerErrors } from '../../components/formErrors';
import { PageHeader } from '../../components/PageHeader';
import { LoadError, PageLoader } from '../../components/QueryState';
import { ReadOnlyNotice } from '../../components/ReadOnlyNotice';
import { useFormSync } from '../../components/useFormSync';
import { useAuth } from '../../platform/auth';
import { DocumentAttributeRowFields } from './DocumentAttributeRowFields';
import {
  type DocumentAttributesFormValues,
  documentAttributesFormSchema,
  newDocumentAttributeRow,
  removedDefinitions,
  toDocumentAttributesBody,
  toDocumentAttributesForm,
} from './documentAttributesForm';
import { useDocumentAttributes, useSaveDocumentAttributes } from './documentTypes.hooks';

const ROW_FIELDS = ['name', 'slug', 'searchType', 'unique', 'mandatory', 'isActive', 'id'] as const;

/** backend-configuration/document-attribute: the unit's document attribute definitions, saved as one list. */
export function DocumentAttributesPage() {
  const unitId = Number(useParams().businessUnitId);
  const list = useDocumentAttributes(unitId);
  if (list.isPending) return <PageLoader />;
  if (list.error) return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  return <DocumentAttributesForm unitId={unitId} list={list.data} />;
}

function DocumentAttributesForm({ unitId, list }: { unitId: number; list: DocumentAttributeList }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const readOnly = !auth.hasRight('DOCUMENT_ATTRIBUTE_MANAGE', unitId);
  const form = useForm<DocumentAttributesFormValues>({
    resolver: zodResolver(documentAttributesFormSchema),
    defaultValues: toDocumentAttributesForm(list),
  });
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name: 'definitions', keyName: 'key' });
  const sync = useFormSync(form, list, toDocumentAttributesForm);
  const save = useSaveDocumentAttributes(unitId);
  const { ask, dialog } = useConfirm();
  const { isDirty } = form.formState;

  const send = async (values: DocumentAttributesFormValues) => {
    sync.clearConflict();
    try {
      const res = await save.mutateAsync(toDocumentAttributesBody(list.version, values));
      // the saved list (new rows now have ids) replaces the form entirely
      form.reset(toDocumentAttributesForm(res.data));
    } catch (e) {
      sync.afterError(e);
      applyServerErrors(e, form.setError, {
        fields: values.definitions.flatMap((_, i) => ROW_FIELDS.map((f) => `definitions.${i}.${f}` as const)),
      });
    }
  };

  const onSubmit = (values: DocumentAttributesFormValues) => {
    const removed = removedDefinitions(list, values);
    if (removed.length === 0) return send(values);
    ask({
      title: t('documentTypes.attributes.removeTitle', { count: removed.length }),
      message: t('documentTypes.attributes.removeMessage', { names: removed.map((d) => d.name).join(', ') }),
      confirmLabel: t('components.form.save'),
      onConfirm: () => send(values),
    });
  };

  const onMove = (from: number, to: number) => {
    move(from, to);
    form.clearErrors('definitions');
  };
  const onRemove = (index: number) => {
    remove(index);
    form.clearErrors('definitions');
  };

  return (
    <>
      <Box component="form" onSubmit={form.handleSubmit(onSubmit)} noValidate data-testid="document-attributes-form">
        <PageHeader title={t('documentTypes.attributes.title')} description={t('documentTypes.attributes.description')} />
        <Stack gap="md">
          {readOnly && <ReadOnlyNotice />}
          <ConflictNotice shown={sync.conflict} />
          {fields.length === 0 ? (
            <Alert variant="light" color="gray">
              {t('documentTypes.attributes.empty')}
            </Alert>
          ) : (
            <Table.ScrollContainer minWidth={900}>
              <Table verticalSpacing="xs" aria-label={t('documentTypes.attributes.title')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('documentTypes.attributes.name')}</Table.Th>
                    <Table.Th>{t('documentTypes.attributes.slug')}</Table.Th>
                    <Table.Th>{t('documentTypes.attributes.searchType')}</Table.Th>
                    <Table.Th>{t('documentTypes.attributes.unique')}</Table.Th>
                    <Table.Th>{t('documentTypes.attributes.mandatory')}</Table.Th>
                    <Table.Th>{t('documentTypes.attributes.isActive')}</Table.Th>
                    {!readOnly && <Table.Th>{t('components.dataTable.actions')}</Table.Th>}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {fields.map((f, i) => (
                    <DocumentAttributeRowFields
                      key={f.key}
                      form={form}
                      index={i}
                      count={fields.length}
                      readOnly={readOnly}
                      onMove={onMove}
                      onRemove={onRemove}
                    />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {!readOnly && (
            <Group justify="space-between">
              <Button
                variant="default"
                leftSection={<IconPlus size={16} />}
                onClick={() => append(newDocumentAttributeRow())}
                disabled={fields.length >= MAX_DOCUMENT_ATTRIBUTES}
              >
                {t('documentTypes.attributes.add')}
              </Button>
              <Text size="xs" c="dimmed">
                {t('documentTypes.attributes.orderHint')}
              </Text>
            </Group>
          )}
          {!readOnly && <FormActions saving={save.isPending} disabled={!isDirty} />}
        </Stack>
      </Box>
      {dialog}
    </>
  );
}
