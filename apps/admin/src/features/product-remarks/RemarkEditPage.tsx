import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, FileButton, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { CatalogueErrorKeys, type ProductRemark } from '@vellum/contract';
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
import { RemarkContentEditor } from '../../components/RemarkContentEditor';
import { useFormSync } from '../../components/useFormSync';
import { remarkPaths } from '../../paths/productRemarks';
import { useAuth } from '../../platform/auth';
import { useDeleteProductRemark, useImportRemarkFile, useProductRemark, useSaveProductRemark } from './productRemarks.hooks';
import { type RemarkFormValues, remarkFormSchema, toRemarkBody, toRemarkForm } from './remarkForm';

/** Files the import accepts: HTML or plain text. */
export const REMARK_FILE_TYPES = '.html,.htm,.txt,text/html,text/plain';

/** backend-configuration/product-remark/new and /:remarkId. */
export function RemarkEditPage() {
  const params = useParams();
  const location = useLocation();
  const unitId = Number(params.businessUnitId);
  const id = params.remarkId === undefined ? undefined : Number(params.remarkId);
  const remark = useProductRemark(id);
  if (id !== undefined && !(Number.isInteger(id) && id > 0)) return <NotFoundPage />;
  if (id !== undefined && remark.isPending) return <PageLoader />;
  if (remark.error) return <LoadError error={remark.error} onRetry={() => void remark.refetch()} />;
  if (remark.data && remark.data.businessUnitId !== unitId) return <NotFoundPage />;
  return <RemarkForm key={location.key} unitId={unitId} remark={remark.data} />;
}

function RemarkForm({ unitId, remark }: { unitId: number; remark?: ProductRemark }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const auth = useAuth();
  const errorText = useErrorText();
  const readOnly = !auth.hasRight('PRODUCT_REMARK_MANAGE', unitId);
  const canDelete = !!remark && auth.hasRight('PRODUCT_REMARK_DELETE', unitId);
  const listPath = remarkPaths.list(unitId);
  const form = useForm<RemarkFormValues>({ resolver: zodResolver(remarkFormSchema), defaultValues: toRemarkForm(remark) });
  const { errors, isDirty } = form.formState;
  const sync = useFormSync(form, remark, toRemarkForm);
  const save = useSaveProductRemark();
  const remove = useDeleteProductRemark();
  const importFile = useImportRemarkFile(remark?.id ?? -1);
  const { ask, dialog } = useConfirm();

  const onSubmit = async (values: RemarkFormValues) => {
    const body = toRemarkBody(unitId, values);
    sync.clearConflict();
    try {
      await save.mutateAsync(remark ? { ...body, id: remark.id, version: remark.version } : body);
      navigate(listPath);
    } catch (e) {
      sync.afterError(e);
      applyServerErrors(e, form.setError, {
        fields: ['name', 'visualizationOrder', 'hcp', 'patient', 'content'],
        keys: { [CatalogueErrorKeys.productRemarkNameExists]: 'name', 'error.duplicate': 'name' },
      });
    }
  };

  const onImport = async (file: File | null) => {
    if (!file || !remark) return;
    try {
      const res = await importFile.mutateAsync(file);
      form.setValue('content', res.data.content, { shouldDirty: true });
    } catch {
      // announced by the global handler
    }
  };

  const onDelete = () => {
    if (!remark) return;
    ask({
      title: t('productRemarks.delete.title', { name: remark.name }),
      message: t('productRemarks.delete.message', { count: remark.productGroups.length }),
      confirmLabel: t('components.confirm.delete'),
      onConfirm: async () => {
        await remove.mutateAsync(remark.id);
        navigate(listPath);
      },
    });
  };

  const importButton = (
    <FileButton onChange={(f) => void onImport(f)} accept={REMARK_FILE_TYPES}>
      {(props) => (
        <Button
          {...props}
          variant="default"
          size="xs"
          leftSection={<IconFileImport size={14} />}
          loading={importFile.isPending}
          disabled={!remark}
          data-testid="remark-import"
        >
          {t('productRemarks.import')}
        </Button>
      )}
    </FileButton>
  );

  return (
    <>
      <Box component="form" onSubmit={form.handleSubmit(onSubmit)} noValidate maw={1000} data-testid="remark-form">
        <PageHeader
          title={remark ? t('productRemarks.editTitle', { name: remark.name }) : t('productRemarks.createTitle')}
          back={{ to: listPath, label: t('productRemarks.back') }}
          actions={canDelete && <DeleteButton onClick={onDelete} />}
        />
        <Stack gap="lg">
          {readOnly && <ReadOnlyNotice />}
          <ConflictNotice shown={sync.conflict} />
          <FormSection title={t('productRemarks.sections.general')}>
            <TextInput
              label={t('productRemarks.fields.name')}
              required
              maxLength={50}
              readOnly={readOnly}
              {...form.register('name')}
              error={errorText(errors.name, { Pattern: 'productRemarks.namePattern' })}
            />
            <IntegerField
              control={form.control}
              name="visualizationOrder"
              label={t('productRemarks.fields.order')}
              description={t('productRemarks.orderHint')}
              min={0}
              max={100_000}
              readOnly={readOnly}
              maw={320}
            />
            <Group gap="xl">
              <SwitchField control={form.control} name="hcp" label={t('productRemarks.fields.hcp')} disabled={readOnly} />
              <SwitchField control={form.control} name="patient" label={t('productRemarks.fields.patient')} disabled={readOnly} />
            </Group>
          </FormSection>
          <FormSection title={t('productRemarks.sections.content')}>
            {!readOnly && (
              <Group gap="sm">
                {remark ? importButton : <Tooltip label={t('productRemarks.importAfterSave')}>{<span>{importButton}</span>}</Tooltip>}
                <Text size="xs" c="dimmed">
                  {t('productRemarks.importHint')}
                </Text>
              </Group>
            )}
            <Controller
              control={form.control}
              name="content"
              render={({ field, fieldState }) => (
                <RemarkContentEditor
                  label={t('productRemarks.fields.content')}
                  description={t('productRemarks.contentHint')}
                  value={field.value}
                  onChange={field.onChange}
                  readOnly={readOnly}
                  error={errorText(fieldState.error)}
                />
              )}
            />
            {remark && remark.productGroups.length > 0 && (
              <Text size="sm" c="dimmed">
                {t('productRemarks.usedBy', { names: remark.productGroups.map((g) => g.name).join(', ') })}
              </Text>
            )}
          </FormSection>
          {!readOnly && <FormActions saving={save.isPending} disabled={!!remark && !isDirty} cancelTo={listPath} />}
        </Stack>
      </Box>
      {dialog}
    </>
  );
}
