import { ActionIcon, Badge, Button, Group, Paper, Stack, Switch, TagsInput, Text, TextInput, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { LOT_NUMBER_MAX } from '@vellum/contract';
import type { FieldError } from 'react-hook-form';
import { type Control, Controller, useFieldArray, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateTimeInput } from './DateTimeInput';
import type { ProductFormValues } from './productForm';

const isPast = (iso: string | null) => !!iso && new Date(iso).getTime() <= Date.now();

/** The error of a list field: its own, or that of its first wrong entry. */
function firstError(error: FieldError | undefined): FieldError | undefined {
  if (!error || error.message) return error;
  const entries = Object.values(error as unknown as Record<string, FieldError | undefined>);
  return entries.find((e) => e && typeof e === 'object' && 'message' in e && e.message) ?? error;
}

/**
 * The lot ranges of a product: named lists of lot numbers, each with an optional archive date and
 * the switch that links it to every product of the type.
 */
export function LotRangesEditor({
  control,
  readOnly,
  errorText,
}: {
  control: Control<ProductFormValues>;
  readOnly: boolean;
  errorText: (error: FieldError | undefined) => string | undefined;
}) {
  const { t } = useTranslation();
  const { fields, append, remove } = useFieldArray({ control, name: 'lotRanges', keyName: 'key' });
  const { errors } = useFormState({ control, name: 'lotRanges' });
  // the current names (fields holds the values the rows were added with)
  const ranges = useWatch({ control, name: 'lotRanges' });
  const rootError = (errors.lotRanges as FieldError | undefined)?.message ? (errors.lotRanges as FieldError) : errors.lotRanges?.root;

  return (
    <Stack gap="sm">
      {fields.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('products.lotRanges.none')}
        </Text>
      )}
      {fields.map((field, index) => (
        <Paper key={field.key} withBorder p="sm" radius="sm" data-testid="lot-range-row">
          <Stack gap="xs">
            <Group align="flex-start" gap="sm" wrap="wrap">
              <Controller
                control={control}
                name={`lotRanges.${index}.name`}
                render={({ field: f, fieldState }) => (
                  <TextInput
                    label={t('products.lotRanges.name')}
                    required
                    maxLength={50}
                    readOnly={readOnly}
                    value={f.value}
                    onChange={f.onChange}
                    onBlur={f.onBlur}
                    error={errorText(fieldState.error)}
                    w={{ base: '100%', sm: 260 }}
                  />
                )}
              />
              <Controller
                control={control}
                name={`lotRanges.${index}.archiveDate`}
                render={({ field: f, fieldState }) => (
                  <DateTimeInput
                    label={t('products.lotRanges.archiveDate')}
                    value={f.value}
                    onChange={f.onChange}
                    onBlur={f.onBlur}
                    readOnly={readOnly}
                    error={errorText(fieldState.error)}
                    description={isPast(f.value) ? t('products.lotRanges.archivedHint') : undefined}
                  />
                )}
              />
              {isPast(field.archiveDate) && (
                <Badge color="orange" variant="light" mt={28}>
                  {t('products.lotRanges.archived')}
                </Badge>
              )}
              {!readOnly && (
                <Tooltip label={t('products.lotRanges.remove')} openDelay={1000}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mt={28}
                    ml="auto"
                    onClick={() => remove(index)}
                    aria-label={t('products.lotRanges.removeNamed', { name: ranges?.[index]?.name || index + 1 })}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
            <Controller
              control={control}
              name={`lotRanges.${index}.numbers`}
              render={({ field: f, fieldState }) => (
                <TagsInput
                  label={t('products.lotRanges.numbers')}
                  description={t('products.lotRanges.numbersHint', { max: LOT_NUMBER_MAX })}
                  required
                  value={f.value}
                  onChange={f.onChange}
                  onBlur={f.onBlur}
                  splitChars={[',', ';', ' ']}
                  acceptValueOnBlur
                  clearable={!readOnly}
                  readOnly={readOnly}
                  maxLength={LOT_NUMBER_MAX}
                  error={errorText(firstError(fieldState.error))}
                />
              )}
            />
            <Controller
              control={control}
              name={`lotRanges.${index}.appliesToAll`}
              render={({ field: f }) => (
                <Switch
                  label={t('products.lotRanges.appliesToAll')}
                  description={t('products.lotRanges.appliesToAllHint')}
                  checked={f.value}
                  onChange={(e) => f.onChange(e.currentTarget.checked)}
                  disabled={readOnly}
                />
              )}
            />
          </Stack>
        </Paper>
      ))}
      {rootError?.message && (
        <Text size="sm" c="red" role="alert">
          {errorText(rootError as FieldError)}
        </Text>
      )}
      {!readOnly && (
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => append({ id: null, name: '', numbers: [], archiveDate: null, appliesToAll: false })}
          >
            {t('products.lotRanges.add')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
