import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { CatalogueErrorKeys, catalogueNameSchema, type ProductGroup, type ProductType } from '@vellum/contract';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { ConflictNotice } from '../../components/ConflictNotice';
import { FormActions } from '../../components/FormActions';
import { FormSection } from '../../components/FormSection';
import { applyServerErrors, useErrorText } from '../../components/formErrors';
import { NotFoundPage } from '../../components/NotFoundPage';
import { PageHeader } from '../../components/PageHeader';
import { LoadError, PageLoader } from '../../components/QueryState';
import { ReadOnlyNotice } from '../../components/ReadOnlyNotice';
import { useFormSync } from '../../components/useFormSync';
import { productPaths } from '../../paths/products';
import { useAuth } from '../../platform/auth';
import { useSlots } from '../../platform/slots';
import { useProductRemarks } from '../product-remarks';
import { type GroupToDelete, ProductGroupDeleteDialog } from './ProductGroupDeleteDialog';
import { ProductPicker } from './ProductPicker';
import { useDeleteProductGroup, useProductGroup, useSaveProductGroup } from './productGroups.hooks';

const formSchema = z.object({
  name: catalogueNameSchema,
  productIds: z.array(z.number()),
  remarkIds: z.array(z.number()),
});
type FormValues = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

const toForm = (g?: ProductGroup): FormValues => ({
  name: g?.name ?? '',
  productIds: g?.products.map((p) => p.id) ?? [],
  remarkIds: g?.remarks.map((r) => r.id) ?? [],
});

/** product-groups/new and product-groups/:productGroupId of a product type. */
export function ProductGroupEditPage({ type }: { type: ProductType }) {
  const { productGroupId } = useParams();
  const location = useLocation();
  const id = productGroupId === undefined ? undefined : Number(productGroupId);
  const group = useProductGroup(id);
  if (id !== undefined && !(Number.isInteger(id) && id > 0)) return <NotFoundPage />;
  if (id !== undefined && group.isPending) return <PageLoader />;
  if (group.error) return <LoadError error={group.error} onRetry={() => void group.refetch()} />;
  if (group.data && group.data.productTypeId !== type.id) return <NotFoundPage />;
  return <ProductGroupForm key={location.key} type={type} group={group.data} />;
}

function ProductGroupForm({ type, group }: { type: ProductType; group?: ProductGroup }) {
  const { LinkedDocuments } = useSlots();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const auth = useAuth();
  const errorText = useErrorText();
  const unitId = type.businessUnitId;
  const readOnly = !auth.hasRight('PRODUCT_MANAGE', unitId);
  const canDelete = !!group && auth.hasRight('PRODUCT_DELETE', unitId);
  const listPath = productPaths.groups(unitId, type.id);
  const form = useForm<FormValues, unknown, FormOutput>({ resolver: zodResolver(formSchema), defaultValues: toForm(group) });
  const { errors, isDirty } = form.formState;
  const sync = useFormSync(form, group, toForm);
  const save = useSaveProductGroup();
  const remove = useDeleteProductGroup();
  const remarks = useProductRemarks(unitId);
  const [toDelete, setToDelete] = useState<GroupToDelete | null>(null);

  const remarkOptions = useMemo(() => {
    const list = (remarks.data ?? []).map((r) => ({ value: r.id, label: r.name }));
    for (const r of group?.remarks ?? []) if (!list.some((o) => o.value === r.id)) list.push({ value: r.id, label: r.name });
    return list;
  }, [remarks.data, group]);

  const onSubmit = async (values: FormOutput) => {
    const body = { ...values, productTypeId: type.id };
    sync.clearConflict();
    try {
      await save.mutateAsync(group ? { ...body, id: group.id, version: group.version } : body);
      navigate(listPath);
    } catch (e) {
      sync.afterError(e);
      applyServerErrors(e, form.setError, {
        fields: ['name', 'productIds', 'remarkIds'],
        keys: {
          [CatalogueErrorKeys.productGroupNameExists]: 'name',
          'error.duplicate': 'name',
          [CatalogueErrorKeys.productGroupProductTypeMismatch]: 'productIds',
        },
      });
    }
  };

  return (
    <>
      <Box component="form" onSubmit={form.handleSubmit(onSubmit)} noValidate maw={900} data-testid="product-group-form">
        <PageHeader
          title={group ? t('productGroups.editTitle', { name: group.name }) : t('productGroups.createTitle', { type: type.name })}
          back={{ to: listPath, label: t('productGroups.back', { type: type.name }) }}
          actions={
            group &&
            canDelete && (
              <Button
                variant="light"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => setToDelete({ id: group.id, name: group.name, productCount: group.products.length })}
              >
                {t('components.actions.delete')}
              </Button>
            )
          }
        />
        <Stack gap="lg">
          {readOnly && <ReadOnlyNotice />}
          <ConflictNotice shown={sync.conflict} />
          <FormSection title={t('productGroups.sections.general')}>
            <TextInput
              label={t('productGroups.fields.name')}
              required
              maxLength={50}
              readOnly={readOnly}
              {...form.register('name')}
              error={errorText(errors.name, { Pattern: 'productGroups.namePattern' })}
            />
            {group && (
              <Text size="sm" c="dimmed">
                {t('productGroups.documents', { count: group.documents })}
              </Text>
            )}
          </FormSection>
          <FormSection title={t('productGroups.sections.products')} description={t('productGroups.productsHint')}>
            <Controller
              control={form.control}
              name="productIds"
              render={({ field, fieldState }) => (
                <ProductPicker
                  productTypeId={type.id}
                  label={t('productGroups.fields.products')}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  known={group?.products ?? []}
                  readOnly={readOnly}
                  error={errorText(fieldState.error)}
                />
              )}
            />
          </FormSection>
          <FormSection title={t('productGroups.sections.remarks')}>
            <Controller
              control={form.control}
              name="remarkIds"
              render={({ field, fieldState }) => (
                <MultiSelect<number>
                  label={t('productGroups.fields.remarks')}
                  placeholder={t('productGroups.remarksPlaceholder')}
                  data={remarkOptions}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  searchable
                  hidePickedOptions
                  clearable={!readOnly}
                  readOnly={readOnly}
                  error={errorText(fieldState.error)}
                  nothingFoundMessage={t('productGroups.nothingFound')}
                />
              )}
            />
          </FormSection>
          {!readOnly && <FormActions saving={save.isPending} disabled={!!group && !isDirty} cancelTo={listPath} />}
        </Stack>
      </Box>
      {group && LinkedDocuments && <LinkedDocuments businessUnitId={group.businessUnitId} productGroupId={group.id} />}
      <ProductGroupDeleteDialog
        group={toDelete}
        onClose={() => setToDelete(null)}
        onConfirm={async (g, deleteType) => {
          await remove.mutateAsync({ id: g.id, deleteType });
          navigate(listPath);
        }}
      />
    </>
  );
}
