import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconGripVertical, IconInfoCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { ATTRIBUTE_TYPES, SEARCH_TYPES } from '@vellum/contract';
import { Controller, type FieldArrayWithId, type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateKey } from '../../api/errors';
import { useConfirm } from '../../components/ConfirmDialog';
import { useErrorText } from '../../components/formErrors';
import {
  type AudienceName,
  attributeLimits,
  audiencesWithoutSearch,
  followSlug,
  newAttributeRow,
  type ProductTypeFormInput,
  type ProductTypeFormOutput,
  type RuleProblem,
  ruleProblems,
} from './productTypeForm';
import { useDeleteAttributeDefinition } from './productTypes.hooks';

export type ProductTypeForm = UseFormReturn<ProductTypeFormInput, unknown, ProductTypeFormOutput>;
type Row = FieldArrayWithId<ProductTypeFormInput, 'attributeDefinitions', 'key'>;

const NAME_ERRORS = { Pattern: 'productTypes.validation.namePattern' };
const SLUG_ERRORS = { Pattern: 'components.validation.slug', Size: 'components.validation.slug' };

/**
 * The attribute definitions of a product type: rows in visualisation order (drag, or keyboard: focus
 * the handle, space, arrows, space), the limits (6 text attributes, 1 lot-number attribute with the
 * lot-numbers switch on), and live hints for the searchability rule. Saved rows keep their type and
 * uniqueness; deleting a saved row deletes it on the server at once (after confirmation).
 */
export function AttributeDefinitionEditor({
  form,
  productTypeId,
  readOnly,
  patientPortal,
  serverProblem,
}: {
  form: ProductTypeForm;
  productTypeId: number | undefined;
  readOnly: boolean;
  patientPortal: boolean | undefined;
  /** A business-rule error of the last save, shown above the rows. */
  serverProblem?: RuleProblem | null;
}) {
  const { t } = useTranslation();
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name: 'attributeDefinitions', keyName: 'key' });
  const rows = useWatch({ control: form.control, name: 'attributeDefinitions' }) ?? [];
  const lotNumbers = !!useWatch({ control: form.control, name: 'lotNumbers' });
  const keyCodeSearchTypeHCP = useWatch({ control: form.control, name: 'keyCodeSearchTypeHCP' });
  const keyCodeSearchTypePatient = useWatch({ control: form.control, name: 'keyCodeSearchTypePatient' });
  const ruleInput = { lotNumbers, keyCodeSearchTypeHCP, keyCodeSearchTypePatient, attributeDefinitions: rows };
  const limits = attributeLimits(ruleInput);
  const silentAudiences = audiencesWithoutSearch(ruleInput, patientPortal);
  const limitProblems = ruleProblems(ruleInput, patientPortal).filter((p) => p.params?.audience === undefined);
  const deleteDefinition = useDeleteAttributeDefinition(productTypeId ?? -1);
  const { ask, dialog } = useConfirm();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const rowName = (id: UniqueIdentifier) => {
    const index = fields.findIndex((f) => f.key === id);
    return rows[index]?.name || t('productTypes.attributes.rowLegend', { n: index + 1 });
  };
  const position = (id: UniqueIdentifier | undefined) => fields.findIndex((f) => f.key === id) + 1;

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = fields.findIndex((f) => f.key === active.id);
    const to = fields.findIndex((f) => f.key === over.id);
    if (from >= 0 && to >= 0) move(from, to);
  };

  const onDelete = (index: number) => {
    const row = form.getValues(`attributeDefinitions.${index}`);
    const savedId = row?.id;
    if (savedId === null || savedId === undefined) {
      remove(index);
      return;
    }
    ask({
      title: t('productTypes.attributes.delete.title', { name: row.name }),
      message: t('productTypes.attributes.delete.message'),
      confirmLabel: t('components.confirm.delete'),
      onConfirm: async () => {
        await deleteDefinition.mutateAsync(savedId);
        // find the row again: the list may have moved while the dialog was open
        const now = form.getValues('attributeDefinitions').findIndex((r) => r.id === savedId);
        if (now >= 0) remove(now);
      },
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" data-testid="attribute-limits" c={limitProblems.length > 0 ? 'red' : undefined}>
          {t('productTypes.attributes.limits', { count: limits.strings, max: limits.maxStrings })}
          {lotNumbers && `, ${t('productTypes.attributes.lotLimits', { count: limits.lotNumbers, max: limits.maxLotNumbers })}`}
        </Text>
        {!lotNumbers && (
          <Text size="xs" c="dimmed">
            {t('productTypes.attributes.lotNumbersOff')}
          </Text>
        )}
      </Group>

      {patientPortal === false && (
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />} data-testid="patient-portal-off">
          {t('productTypes.patientPortalOff')}
        </Alert>
      )}

      <div aria-live="polite" data-testid="search-hints">
        {silentAudiences.map((audience: AudienceName) => (
          <Alert key={audience} variant="light" color="orange" icon={<IconAlertTriangle size={18} />} mb="xs" data-testid="audience-hint">
            {t('productTypes.attributes.audienceHint', { audience: t(`productTypes.audience.${audience}`) })}
          </Alert>
        ))}
        {limitProblems.map((p) => (
          <Alert key={p.key} variant="light" color="red" icon={<IconAlertTriangle size={18} />} mb="xs" data-testid="limit-problem">
            {translateKey(t, p.key, p.params)}
          </Alert>
        ))}
      </div>

      {serverProblem && (
        <Alert variant="light" color="red" icon={<IconAlertTriangle size={18} />} role="alert" data-testid="server-problem">
          {translateKey(t, serverProblem.key, serverProblem.params)}
        </Alert>
      )}

      {fields.length === 0 ? (
        <Text c="dimmed" size="sm" ta="center" py="md">
          {t('productTypes.attributes.none')}
        </Text>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            screenReaderInstructions: { draggable: t('productTypes.attributes.dnd.instructions') },
            announcements: {
              onDragStart: ({ active }) =>
                t('productTypes.attributes.dnd.start', { name: rowName(active.id), position: position(active.id) }),
              onDragOver: ({ active, over }) =>
                over ? t('productTypes.attributes.dnd.over', { name: rowName(active.id), position: position(over.id) }) : undefined,
              onDragEnd: ({ active, over }) =>
                over
                  ? t('productTypes.attributes.dnd.end', { name: rowName(active.id), position: position(over.id) })
                  : t('productTypes.attributes.dnd.cancel', { name: rowName(active.id) }),
              onDragCancel: ({ active }) => t('productTypes.attributes.dnd.cancel', { name: rowName(active.id) }),
            },
          }}
        >
          <SortableContext items={fields.map((f) => f.key)} strategy={verticalListSortingStrategy}>
            <Stack gap="sm" data-testid="attribute-rows">
              {fields.map((field, index) => (
                <AttributeRowEditor
                  key={field.key}
                  field={field}
                  index={index}
                  form={form}
                  readOnly={readOnly}
                  patientPortal={patientPortal}
                  lotNumbers={lotNumbers}
                  otherLotRow={rows.some((r, i) => i !== index && r?.type === 'MULTI_ARRAY')}
                  onDelete={() => onDelete(index)}
                />
              ))}
            </Stack>
          </SortableContext>
        </DndContext>
      )}

      {!readOnly && (
        <Group gap="sm">
          <Tooltip label={t('productTypes.attributes.stringLimitReached', { max: limits.maxStrings })} disabled={limits.canAddString}>
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              onClick={() => append(newAttributeRow('STRING'))}
              disabled={!limits.canAddString}
            >
              {t('productTypes.attributes.add')}
            </Button>
          </Tooltip>
          {lotNumbers && (
            <Tooltip label={t('productTypes.attributes.lotLimitReached', { max: limits.maxLotNumbers })} disabled={limits.canAddLotNumber}>
              <Button
                variant="light"
                leftSection={<IconPlus size={16} />}
                onClick={() => append(newAttributeRow('MULTI_ARRAY'))}
                disabled={!limits.canAddLotNumber}
              >
                {t('productTypes.attributes.addLotNumber')}
              </Button>
            </Tooltip>
          )}
        </Group>
      )}
      {dialog}
    </Stack>
  );
}

function AttributeRowEditor({
  field,
  index,
  form,
  readOnly,
  patientPortal,
  lotNumbers,
  otherLotRow,
  onDelete,
}: {
  field: Row;
  index: number;
  form: ProductTypeForm;
  readOnly: boolean;
  patientPortal: boolean | undefined;
  lotNumbers: boolean;
  otherLotRow: boolean;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: field.key,
    disabled: readOnly,
  });
  const name = useWatch({ control: form.control, name: `attributeDefinitions.${index}.name` }) ?? '';
  const type = useWatch({ control: form.control, name: `attributeDefinitions.${index}.type` });
  const saved = field.id !== null && field.id !== undefined;
  const patientOff = patientPortal === false;
  const legend = name
    ? t('productTypes.attributes.rowLegendNamed', { n: index + 1, name })
    : t('productTypes.attributes.rowLegend', { n: index + 1 });
  const searchTypeOptions = SEARCH_TYPES.map((v) => ({ value: v, label: t(`productTypes.searchTypes.${v}`) }));
  const typeOptions = ATTRIBUTE_TYPES.map((v) => ({
    value: v,
    label: t(`productTypes.attributeTypes.${v}`),
    disabled: v === 'MULTI_ARRAY' && type !== 'MULTI_ARRAY' && (!lotNumbers || otherLotRow),
  }));
  const p = `attributeDefinitions.${index}` as const;

  const check = (
    fieldName: 'isUnique' | 'isMandatory' | 'isMandatoryHcpSearch' | 'isMandatoryPatientSearch' | 'pinned' | 'isActive',
    disabled: boolean,
  ) => (
    <Controller
      control={form.control}
      name={`${p}.${fieldName}`}
      render={({ field: f }) => (
        <Checkbox
          label={t(`productTypes.attributes.fields.${fieldName}`)}
          checked={!!f.value}
          onChange={(e) => f.onChange(e.currentTarget.checked)}
          onBlur={f.onBlur}
          disabled={readOnly || disabled}
        />
      )}
    />
  );

  return (
    <Paper
      ref={setNodeRef}
      component="fieldset"
      withBorder
      p="sm"
      radius="sm"
      data-testid="attribute-row"
      style={{
        margin: 0,
        minInlineSize: 0,
        transform: CSS.Translate.toString(transform),
        transition,
        zIndex: isDragging ? 2 : undefined,
        position: 'relative',
        boxShadow: isDragging ? 'var(--mantine-shadow-md)' : undefined,
      }}
    >
      <VisuallyHidden component="legend">{legend}</VisuallyHidden>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            {!readOnly && (
              <ActionIcon
                ref={setActivatorNodeRef}
                variant="subtle"
                color="gray"
                style={{ cursor: 'grab', touchAction: 'none' }}
                {...attributes}
                {...listeners}
                aria-label={t('productTypes.attributes.dragNamed', { name: legend })}
              >
                <IconGripVertical size={16} />
              </ActionIcon>
            )}
            <Text size="sm" fw={600} aria-hidden>
              {index + 1}.
            </Text>
            {type === 'MULTI_ARRAY' && (
              <Badge size="sm" variant="light" color="violet">
                {t('productTypes.attributes.lotNumberBadge')}
              </Badge>
            )}
            {!saved && (
              <Badge size="sm" variant="outline" color="gray">
                {t('productTypes.attributes.newBadge')}
              </Badge>
            )}
          </Group>
          {!readOnly && (
            <Tooltip label={t('components.actions.delete')} openDelay={1000}>
              <ActionIcon
                variant="subtle"
                color="red"
                onClick={onDelete}
                aria-label={t('productTypes.attributes.deleteNamed', { name: legend })}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Controller
            control={form.control}
            name={`${p}.name`}
            render={({ field: f, fieldState }) => (
              <TextInput
                label={t('productTypes.attributes.fields.name')}
                required
                maxLength={50}
                readOnly={readOnly}
                value={f.value ?? ''}
                onChange={(e) => {
                  const next = e.currentTarget.value;
                  if (!saved) {
                    const slug = form.getValues(`${p}.slug`) ?? '';
                    const followed = followSlug(f.value ?? '', next, slug);
                    if (followed !== slug) form.setValue(`${p}.slug`, followed, { shouldDirty: true });
                  }
                  f.onChange(next);
                }}
                onBlur={f.onBlur}
                error={errorText(fieldState.error, NAME_ERRORS)}
              />
            )}
          />
          <Controller
            control={form.control}
            name={`${p}.slug`}
            render={({ field: f, fieldState }) => (
              <TextInput
                label={t('productTypes.attributes.fields.slug')}
                required
                maxLength={50}
                readOnly={readOnly}
                value={f.value ?? ''}
                onChange={(e) => f.onChange(e.currentTarget.value)}
                onBlur={f.onBlur}
                error={errorText(fieldState.error, SLUG_ERRORS)}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              />
            )}
          />
          <Controller
            control={form.control}
            name={`${p}.type`}
            render={({ field: f, fieldState }) => (
              <Select
                label={t('productTypes.attributes.fields.type')}
                data={typeOptions}
                value={f.value ?? 'STRING'}
                onChange={(v) => v && f.onChange(v)}
                allowDeselect={false}
                disabled={readOnly || saved}
                description={saved ? t('productTypes.attributes.lockedHint') : undefined}
                error={errorText(fieldState.error)}
              />
            )}
          />
          <Controller
            control={form.control}
            name={`${p}.searchTypeHCP`}
            render={({ field: f, fieldState }) => (
              <Select
                label={t('productTypes.attributes.fields.searchTypeHCP')}
                data={searchTypeOptions}
                value={f.value ?? 'NOT_VISIBLE'}
                onChange={(v) => v && f.onChange(v)}
                allowDeselect={false}
                disabled={readOnly}
                error={errorText(fieldState.error)}
              />
            )}
          />
          <Controller
            control={form.control}
            name={`${p}.searchTypePatient`}
            render={({ field: f, fieldState }) => (
              <Select
                label={t('productTypes.attributes.fields.searchTypePatient')}
                data={searchTypeOptions}
                value={f.value ?? 'NOT_VISIBLE'}
                onChange={(v) => v && f.onChange(v)}
                allowDeselect={false}
                disabled={readOnly || patientOff}
                description={patientOff ? t('productTypes.patientDisabledHint') : undefined}
                error={errorText(fieldState.error)}
              />
            )}
          />
          <TextInput
            label={t('productTypes.attributes.fields.meta')}
            description={t('productTypes.attributes.metaHint')}
            maxLength={2000}
            readOnly={readOnly}
            {...form.register(`${p}.meta`)}
            error={errorText(form.formState.errors.attributeDefinitions?.[index]?.meta)}
          />
        </SimpleGrid>
        <Group gap="lg" wrap="wrap">
          {check('isActive', false)}
          {check('isMandatory', false)}
          <Tooltip label={t('productTypes.attributes.lockedHint')} disabled={!saved || readOnly}>
            <div>{check('isUnique', saved)}</div>
          </Tooltip>
          {check('isMandatoryHcpSearch', false)}
          {check('isMandatoryPatientSearch', patientOff)}
          {check('pinned', false)}
        </Group>
      </Stack>
    </Paper>
  );
}
