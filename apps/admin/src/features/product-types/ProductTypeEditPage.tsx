import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, NumberInput, Select, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle, IconPackages } from '@tabler/icons-react';
import { CatalogueErrorKeys, PRODUCT_TYPE_STATUSES, type ProductType, SEARCH_TYPES, SEARCH_VISUALISATIONS } from '@vellum/contract';
import { useEffect, useState } from 'react';
import { Controller, type Path, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { errorKey } from '../../api/errors';
import { FormActions } from '../../components/FormActions';
import { FormSection } from '../../components/FormSection';
import { applyServerErrors, useErrorText } from '../../components/formErrors';
import { NotFoundPage } from '../../components/NotFoundPage';
import { PageHeader } from '../../components/PageHeader';
import { LoadError, PageLoader } from '../../components/QueryState';
import { ReadOnlyNotice } from '../../components/ReadOnlyNotice';
import { productPaths } from '../../paths/products';
import { useAuth } from '../../platform/auth';
import { AttributeDefinitionEditor, type ProductTypeForm as Form } from './AttributeDefinitionEditor';
import { ProductTypeImages } from './ProductTypeImages';
import { ProductTypeStatusBadge } from './ProductTypeStatusBadge';
import {
  followSlug,
  formFieldPaths,
  type ProductTypeFormInput,
  type ProductTypeFormOutput,
  productTypeFormSchema,
  RULE_ERROR_KEYS,
  type RuleInput,
  type RuleProblem,
  ruleProblems,
  toBody,
  toForm,
} from './productTypeForm';
import type { ProductTypeScope } from './productTypeScope';
import { usePatientPortal, useProductType, useSaveProductType } from './productTypes.hooks';

const NAME_ERRORS = { Pattern: 'productTypes.validation.namePattern' };
const RETENTION_ERRORS = {
  Min: 'productTypes.validation.retentionRange',
  Max: 'productTypes.validation.retentionRange',
  Pattern: 'productTypes.validation.retentionRange',
};
const SLUG_ERRORS = { Pattern: 'components.validation.slug', Size: 'components.validation.slug' };

/** The rule problems that stop a save. */
const blocking = (input: RuleInput, patientPortal: boolean | undefined) =>
  ruleProblems(input, patientPortal).filter((p) => patientPortal === true || p.params?.audience !== 'PATIENT');

/** `new` or `{productTypeId}` under a product-type list (a business unit's, or the global one). */
export function ProductTypeEditPage({ scope }: { scope: ProductTypeScope }) {
  const { productTypeId } = useParams();
  const id = productTypeId === undefined ? undefined : Number(productTypeId);
  const valid = id === undefined || (Number.isInteger(id) && id > 0);
  const type = useProductType(valid ? id : undefined);
  if (!valid) return <NotFoundPage />;
  if (id !== undefined && type.isPending) return <PageLoader />;
  if (type.error) return <LoadError error={type.error} onRetry={() => void type.refetch()} />;
  // a product type of another business unit is not found here
  if (type.data && type.data.businessUnitId !== scope.businessUnitId) return <NotFoundPage />;
  return <ProductTypeForm key={id ?? 'new'} scope={scope} type={type.data} reload={async () => (await type.refetch()).data} />;
}

/**
 * The form takes a refetched product type only while it holds no change; otherwise it keeps its
 * own values (after an attribute deletion, say) and is reset from the server after a save and after
 * a conflict (409), so that the attribute rows never mix with a refetched list.
 */
function ProductTypeForm({
  scope,
  type,
  reload,
}: {
  scope: ProductTypeScope;
  type?: ProductType;
  reload: () => Promise<ProductType | undefined>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const auth = useAuth();
  const unit = scope.businessUnitId;
  const readOnly = !auth.hasRight('PRODUCT_TYPE_MANAGE', unit);
  const special = auth.hasRight('PRODUCT_TYPE_SPECIAL', unit);
  const patientPortal = usePatientPortal();
  const patientOff = patientPortal === false;
  const save = useSaveProductType();
  const form: Form = useForm<ProductTypeFormInput, unknown, ProductTypeFormOutput>({
    resolver: zodResolver(productTypeFormSchema),
    defaultValues: toForm(type),
  });
  const { errors, isDirty } = form.formState;
  const [serverProblem, setServerProblem] = useState<RuleProblem | null>(null);
  const [blocked, setBlocked] = useState(false);
  const lotNumbers = !!useWatch({ control: form.control, name: 'lotNumbers' });
  const [keyCodeSearchTypeHCP, keyCodeSearchTypePatient, rows] = useWatch({
    control: form.control,
    name: ['keyCodeSearchTypeHCP', 'keyCodeSearchTypePatient', 'attributeDefinitions'],
  });
  const stillBlocked =
    blocked &&
    blocking({ lotNumbers, keyCodeSearchTypeHCP, keyCodeSearchTypePatient, attributeDefinitions: rows ?? [] }, patientPortal).length > 0;
  const isNew = !type;

  useEffect(() => {
    if (type && !form.formState.isDirty) form.reset(toForm(type));
  }, [type, form]);

  const onSubmit = async (values: ProductTypeFormOutput) => {
    // the rules the server enforces are shown live in the attribute editor; nothing is sent while one
    // fails (the patient audience only when the portal is known to be on: otherwise the server decides)
    if (blocking(values, patientPortal).length > 0) {
      setBlocked(true);
      return;
    }
    setBlocked(false);
    const body = toBody(values, unit);
    try {
      if (type) {
        const res = await save.mutateAsync({ ...body, id: type.id, version: type.version });
        setServerProblem(null);
        form.reset(toForm(res.data));
      } else {
        const res = await save.mutateAsync(body);
        // on to the saved type: images can be added now
        navigate(`${scope.basePath}/${res.data.id}`, { replace: true });
      }
    } catch (e) {
      if (e instanceof ApiError && e.status === 409 && type) {
        const fresh = await reload();
        if (fresh) form.reset(toForm(fresh));
      }
      applyServerErrors(e, form.setError, {
        fields: formFieldPaths(values.attributeDefinitions.length) as Path<ProductTypeFormInput>[],
        keys: {
          [CatalogueErrorKeys.productTypeNameExists]: 'name',
          [CatalogueErrorKeys.productTypeSlugExists]: 'slug',
          [CatalogueErrorKeys.retentionTooShort]: 'retentionYears',
          [CatalogueErrorKeys.patientKeyCodeSearchDisabled]: 'keyCodeSearchTypePatient',
        },
      });
      const key = errorKey(e);
      setServerProblem(key && RULE_ERROR_KEYS.has(key) ? { key, params: e instanceof ApiError ? e.appParams : undefined } : null);
    }
  };

  const searchTypeOptions = SEARCH_TYPES.map((v) => ({ value: v, label: t(`productTypes.searchTypes.${v}`) }));
  const visualisationOptions = SEARCH_VISUALISATIONS.map((v) => ({ value: v, label: t(`productTypes.visualisations.${v}`) }));

  const audienceColumn = (audience: 'HCP' | 'Patient') => {
    const disabled = readOnly || (audience === 'Patient' && patientOff);
    return (
      <Stack gap="sm" data-testid={`search-${audience.toLowerCase()}`}>
        <Title order={5} fw={600}>
          {t(`productTypes.audience.${audience === 'HCP' ? 'HCP' : 'PATIENT'}`)}
        </Title>
        <Controller
          control={form.control}
          name={audience === 'HCP' ? 'keyCodeSearchTypeHCP' : 'keyCodeSearchTypePatient'}
          render={({ field, fieldState }) => (
            <Select
              label={t(`productTypes.fields.keyCodeSearchType${audience}`)}
              data={searchTypeOptions}
              value={field.value ?? 'NOT_VISIBLE'}
              onChange={(v) => v && field.onChange(v)}
              allowDeselect={false}
              disabled={disabled}
              error={errorText(fieldState.error)}
            />
          )}
        />
        <TextInput
          label={t(`productTypes.fields.keyCodeLabel${audience}`)}
          description={t('productTypes.hints.keyCodeLabel')}
          maxLength={50}
          readOnly={readOnly}
          disabled={audience === 'Patient' && patientOff}
          {...form.register(audience === 'HCP' ? 'keyCodeLabelHCP' : 'keyCodeLabelPatient')}
          error={errorText(audience === 'HCP' ? errors.keyCodeLabelHCP : errors.keyCodeLabelPatient)}
        />
        <Controller
          control={form.control}
          name={audience === 'HCP' ? 'searchVisualisationHCP' : 'searchVisualisationPatient'}
          render={({ field, fieldState }) => (
            <Select
              label={t(`productTypes.fields.searchVisualisation${audience}`)}
              data={visualisationOptions}
              value={field.value ?? 'ADVANCED'}
              onChange={(v) => v && field.onChange(v)}
              allowDeselect={false}
              disabled={disabled}
              error={errorText(fieldState.error)}
            />
          )}
        />
      </Stack>
    );
  };

  return (
    <Box component="form" onSubmit={form.handleSubmit(onSubmit)} noValidate maw={1100}>
      <PageHeader
        title={
          type
            ? t('productTypes.editTitle', { name: type.name })
            : t(scope.global ? 'productTypes.global.createTitle' : 'productTypes.createTitle')
        }
        description={scope.global ? t('productTypes.global.detailHint') : undefined}
        back={{ to: scope.basePath, label: t(scope.global ? 'productTypes.global.title' : 'productTypes.configuration.title') }}
        badge={type && <ProductTypeStatusBadge status={type.status} />}
        actions={
          type &&
          !scope.global && (
            <Button component={Link} to={productPaths.list(unit, type.id)} variant="default" leftSection={<IconPackages size={16} />}>
              {t('productTypes.openProducts')}
            </Button>
          )
        }
      />
      <Stack gap="lg">
        {readOnly && <ReadOnlyNotice />}
        <FormSection title={t('productTypes.sections.general')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Controller
              control={form.control}
              name="name"
              render={({ field, fieldState }) => (
                <TextInput
                  label={t('productTypes.fields.name')}
                  required
                  maxLength={50}
                  readOnly={readOnly}
                  value={field.value ?? ''}
                  onChange={(e) => {
                    const next = e.currentTarget.value;
                    if (isNew) {
                      const slug = form.getValues('slug') ?? '';
                      const followed = followSlug(field.value ?? '', next, slug);
                      if (followed !== slug) form.setValue('slug', followed, { shouldDirty: true });
                    }
                    field.onChange(next);
                  }}
                  onBlur={field.onBlur}
                  error={errorText(fieldState.error, NAME_ERRORS)}
                />
              )}
            />
            <Controller
              control={form.control}
              name="slug"
              render={({ field, fieldState }) => (
                <TextInput
                  label={t('productTypes.fields.slug')}
                  description={isNew ? t('productTypes.hints.slugSuggested') : t('productTypes.hints.slug')}
                  required
                  maxLength={50}
                  readOnly={readOnly}
                  value={field.value ?? ''}
                  onChange={(e) => field.onChange(e.currentTarget.value)}
                  onBlur={field.onBlur}
                  error={errorText(fieldState.error, SLUG_ERRORS)}
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                />
              )}
            />
            <Controller
              control={form.control}
              name="status"
              render={({ field, fieldState }) => (
                <Select
                  label={t('productTypes.fields.status')}
                  description={!readOnly && !special ? t('productTypes.hints.needsSpecial') : undefined}
                  data={PRODUCT_TYPE_STATUSES.map((s) => ({ value: s, label: t(`productTypes.status.${s}`) }))}
                  value={field.value ?? 'ENABLED'}
                  onChange={(v) => v && field.onChange(v)}
                  allowDeselect={false}
                  disabled={readOnly || !special}
                  error={errorText(fieldState.error)}
                />
              )}
            />
            <Controller
              control={form.control}
              name="lotNumbers"
              render={({ field }) => (
                <Switch
                  mt={{ sm: 'xl' }}
                  label={t('productTypes.fields.lotNumbers')}
                  description={!readOnly && !special ? t('productTypes.hints.needsSpecial') : t('productTypes.hints.lotNumbers')}
                  checked={!!field.value}
                  onChange={(e) => field.onChange(e.currentTarget.checked)}
                  disabled={readOnly || !special}
                />
              )}
            />
          </SimpleGrid>
          {type?.lotNumbers && !lotNumbers && (
            <Alert variant="light" color="orange" icon={<IconAlertTriangle size={18} />} data-testid="lot-numbers-off-warning">
              {t('productTypes.hints.lotNumbersOff')}
            </Alert>
          )}
        </FormSection>

        <FormSection title={t('productTypes.sections.retention')} description={t('productTypes.hints.retention')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
            <Controller
              control={form.control}
              name="retentionYears"
              render={({ field, fieldState }) => (
                <NumberInput
                  label={t('productTypes.fields.retentionYears')}
                  description={t('productTypes.hints.retentionYears')}
                  required
                  value={field.value ?? ''}
                  onChange={(v) => field.onChange(v === '' ? undefined : Number(v))}
                  onBlur={field.onBlur}
                  min={2}
                  max={100}
                  allowDecimal={false}
                  allowNegative={false}
                  readOnly={readOnly}
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                  error={errorText(fieldState.error, RETENTION_ERRORS)}
                />
              )}
            />
            <Controller
              control={form.control}
              name="implantable"
              render={({ field }) => (
                <Switch
                  mt={{ sm: 'xl' }}
                  label={t('productTypes.fields.implantable')}
                  description={t('productTypes.hints.implantable')}
                  checked={!!field.value}
                  onChange={(e) => {
                    field.onChange(e.currentTarget.checked);
                    void form.trigger('retentionYears');
                  }}
                  disabled={readOnly}
                />
              )}
            />
          </SimpleGrid>
        </FormSection>

        <FormSection title={t('productTypes.sections.search')} description={t('productTypes.hints.search')}>
          {patientOff && (
            <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />}>
              {t('productTypes.patientPortalOff')}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
            {audienceColumn('HCP')}
            {audienceColumn('Patient')}
          </SimpleGrid>
          <Controller
            control={form.control}
            name="crossFieldByAttributeSetting"
            render={({ field }) => (
              <Switch
                label={t('productTypes.fields.crossFieldByAttributeSetting')}
                description={t('productTypes.hints.crossFieldByAttributeSetting')}
                checked={!!field.value}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
                disabled={readOnly}
              />
            )}
          />
        </FormSection>

        {type ? (
          <ProductTypeImages type={type} readOnly={readOnly} patientPortal={patientPortal} />
        ) : (
          <Alert variant="light" icon={<IconInfoCircle size={18} />}>
            {t('productTypes.images.afterCreate')}
          </Alert>
        )}

        <FormSection title={t('productTypes.sections.attributes')} description={t('productTypes.hints.attributes')}>
          <AttributeDefinitionEditor
            form={form}
            productTypeId={type?.id}
            readOnly={readOnly}
            patientPortal={patientPortal}
            serverProblem={serverProblem}
          />
        </FormSection>

        {stillBlocked && (
          <Alert variant="light" color="red" icon={<IconAlertTriangle size={18} />} role="alert" data-testid="save-blocked">
            <Text size="sm">{t('productTypes.saveBlocked')}</Text>
          </Alert>
        )}
        {!readOnly && (
          <FormActions
            saving={save.isPending}
            disabled={!!type && !isDirty}
            cancelTo={scope.basePath}
            saveLabel={isNew ? t('productTypes.createSubmit') : undefined}
          />
        )}
      </Stack>
    </Box>
  );
}
