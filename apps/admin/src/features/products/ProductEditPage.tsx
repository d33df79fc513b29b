import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { ATTRIBUTE_VALUE_MAX, type Product, type ProductType } from '@vellum/contract';
import { useCallback, useMemo } from 'react';
import { Controller, type FieldError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useConfirm } from '../../components/ConfirmDialog';
import { ConflictNotice } from '../../components/ConflictNotice';
import { DeleteButton } from '../../components/DeleteButton';
import { FormActions } from '../../components/FormActions';
import { FormSection } from '../../components/FormSection';
import { useErrorText } from '../../components/formErrors';
import { NotFoundPage } from '../../components/NotFoundPage';
import { PageHeader } from '../../components/PageHeader';
import { PublishStateBadge } from '../../components/PublishStateBadge';
import { LoadError, PageLoader } from '../../components/QueryState';
import { ReadOnlyNotice } from '../../components/ReadOnlyNotice';
import { useFormSync } from '../../components/useFormSync';
import { formatDateTime } from '../../i18n/format';
import { productPaths } from '../../paths/products';
import { useAuth } from '../../platform/auth';
import { useSlots } from '../../platform/slots';
import { DateTimeInput } from './DateTimeInput';
import { LotRangesEditor } from './LotRangesEditor';
import { stringAttributes } from './productFilters';
import {
  applyProductErrors,
  type DuplicateState,
  duplicateFromState,
  duplicateValues,
  type ProductFormValues,
  productFormSchema,
  TEXT_ERROR,
  toBody,
  toForm,
} from './productForm';
import { useProductGroupOptions } from './productGroups.hooks';
import { useDeleteProduct, useProduct, useSaveProduct } from './products.hooks';

/** products/new (optionally with a duplicate in the router state) and products/:productId. */
export function ProductEditPage({ type }: { type: ProductType }) {
  const { productId } = useParams();
  const location = useLocation();
  const id = productId === undefined ? undefined : Number(productId);
  const product = useProduct(id);
  if (id !== undefined && !(Number.isInteger(id) && id > 0)) return <NotFoundPage />;
  if (id !== undefined && product.isPending) return <PageLoader />;
  if (product.error) return <LoadError error={product.error} onRetry={() => void product.refetch()} />;
  const duplicate = id === undefined ? duplicateFromState(type, location.state) : undefined;
  // a fresh form on every visit (a duplicate opens the same route with other values)
  return <ProductForm key={location.key} type={type} product={product.data} duplicate={duplicate} />;
}

function ProductForm({ type, product, duplicate }: { type: ProductType; product?: Product; duplicate?: ProductFormValues }) {
  const { LinkedDocuments } = useSlots();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const auth = useAuth();
  const errorText = useErrorText();
  const unitId = type.businessUnitId;
  const readOnly = !auth.hasRight('PRODUCT_MANAGE', unitId);
  const canDelete = !!product && auth.hasRight('PRODUCT_DELETE', unitId);
  const listPath = productPaths.list(unitId, type.id);
  const definitions = useMemo(() => stringAttributes(type), [type]);
  const schema = useMemo(() => productFormSchema(type), [type]);
  const toValues = useCallback((p: Product) => toForm(type, p), [type]);
  const form = useForm<ProductFormValues>({ resolver: zodResolver(schema), defaultValues: duplicate ?? toForm(type, product) });
  const { errors, isDirty } = form.formState;
  const sync = useFormSync(form, product, toValues);
  const save = useSaveProduct();
  const remove = useDeleteProduct();
  const groups = useProductGroupOptions(type.id);
  const { ask, dialog } = useConfirm();

  const fieldText = (error: FieldError | undefined) => (error?.type === TEXT_ERROR ? error.message : errorText(error));

  const groupOptions = useMemo(() => {
    const list = (groups.data ?? []).map((g) => ({ value: g.id, label: g.name }));
    for (const g of product?.productGroups ?? []) if (!list.some((o) => o.value === g.id)) list.push({ value: g.id, label: g.name });
    return list;
  }, [groups.data, product]);

  const onSubmit = async (values: ProductFormValues) => {
    const body = toBody(type, values);
    sync.clearConflict();
    try {
      if (product) {
        await save.mutateAsync({ ...body, id: product.id, version: product.version });
        navigate(listPath);
      } else {
        // a new product opens: its lot ranges and product groups usually come next
        const created = await save.mutateAsync(body);
        navigate(productPaths.edit(unitId, type.id, created.data.id), { replace: true });
      }
    } catch (e) {
      sync.afterError(e);
      applyProductErrors(e, form.setError, values, body, t);
    }
  };

  const onDuplicate = () => {
    const state: DuplicateState = { duplicate: duplicateValues(form.getValues()) };
    navigate(productPaths.edit(unitId, type.id, 'new'), { state });
  };

  const onDelete = () => {
    if (!product) return;
    ask({
      title: t('products.delete.title', { name: product.keyCode }),
      message: t('products.delete.message'),
      confirmLabel: t('components.confirm.delete'),
      onConfirm: async () => {
        await remove.mutateAsync(product.id);
        navigate(listPath);
      },
    });
  };

  const title = product
    ? t('products.editTitle', { keyCode: product.keyCode })
    : duplicate
      ? t('products.duplicateTitle', { type: type.name })
      : t('products.createTitle', { type: type.name });

  return (
    <>
      <Box component="form" onSubmit={form.handleSubmit(onSubmit)} noValidate maw={1000} data-testid="product-form">
        <PageHeader
          title={title}
          back={{ to: listPath, label: t('products.back', { type: type.name }) }}
          badge={product && <PublishStateBadge publishDate={product.publishDate} state={product.publishState} />}
          actions={
            product && (
              <>
                {!readOnly && (
                  <Button variant="default" leftSection={<IconCopy size={16} />} onClick={onDuplicate}>
                    {t('products.duplicate')}
                  </Button>
                )}
                {canDelete && <DeleteButton onClick={onDelete} />}
              </>
            )
          }
        />
        <Stack gap="lg">
          {readOnly && <ReadOnlyNotice />}
          {duplicate && (
            <Alert color="blue" variant="light">
              {t('products.duplicateHint')}
            </Alert>
          )}
          <ConflictNotice shown={sync.conflict} />
          <FormSection title={t('products.sections.general')}>
            <TextInput
              label={t('products.fields.keyCode')}
              required
              maxLength={ATTRIBUTE_VALUE_MAX}
              readOnly={readOnly}
              {...form.register('keyCode')}
              error={fieldText(errors.keyCode)}
            />
            <Controller
              control={form.control}
              name="publishDate"
              render={({ field, fieldState }) => (
                <DateTimeInput
                  label={t('products.fields.publishDate')}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  readOnly={readOnly}
                  error={fieldText(fieldState.error)}
                  // the state is the server's (the live publication decides it, decision 0051): the page title shows it
                  description={t('products.publishDateHint')}
                />
              )}
            />
            <TextInput
              type="date"
              label={t('products.fields.endOfLifeDate')}
              description={t('products.endOfLifeDateHint')}
              readOnly={readOnly}
              {...form.register('endOfLifeDate')}
              error={fieldText(errors.endOfLifeDate)}
            />
            {product && (
              <Text size="xs" c="dimmed">
                {t('products.audit', { created: formatDateTime(product.createdDate), modified: formatDateTime(product.lastModifiedDate) })}
              </Text>
            )}
          </FormSection>
          <FormSection title={t('products.sections.attributes')}>
            {definitions.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('products.noAttributes')}
              </Text>
            )}
            {definitions.map((d, i) => (
              <TextInput
                key={d.id}
                label={d.name}
                required={d.isMandatory}
                description={d.isUnique ? t('products.uniqueHint') : undefined}
                maxLength={ATTRIBUTE_VALUE_MAX}
                readOnly={readOnly}
                {...form.register(`attributes.${i}.value`)}
                error={fieldText(errors.attributes?.[i]?.value)}
              />
            ))}
          </FormSection>
          <FormSection title={t('products.sections.groups')}>
            <Controller
              control={form.control}
              name="productGroupIds"
              render={({ field, fieldState }) => (
                <MultiSelect<number>
                  label={t('products.fields.productGroups')}
                  placeholder={t('products.groupsPlaceholder')}
                  data={groupOptions}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  searchable
                  clearable={!readOnly}
                  hidePickedOptions
                  readOnly={readOnly}
                  error={fieldText(fieldState.error)}
                  nothingFoundMessage={t('products.nothingFound')}
                />
              )}
            />
          </FormSection>
          {type.lotNumbers && (
            <FormSection title={t('products.sections.lotRanges')} description={t('products.lotRanges.description')}>
              <LotRangesEditor control={form.control} readOnly={readOnly} errorText={fieldText} />
            </FormSection>
          )}
          {!readOnly && <FormActions saving={save.isPending} disabled={!!product && !isDirty} cancelTo={listPath} />}
        </Stack>
      </Box>
      {product && LinkedDocuments && <LinkedDocuments businessUnitId={product.businessUnitId} productId={product.id} />}
      {/* outside the form: the dialog's own submit must not reach it */}
      {dialog}
    </>
  );
}
