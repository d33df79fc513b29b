import { ActionIcon, Checkbox, Group, Select, Table, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { SEARCH_TYPES } from '@vellum/contract';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../components/formErrors';
import { type DocumentAttributesFormValues, followAttributeSlug } from './documentAttributesForm';

const NAME_ERRORS = { Pattern: 'documentTypes.attributes.pattern', NotBlank: 'documentTypes.attributes.pattern' };
const SLUG_ERRORS = { Pattern: 'documentTypes.attributes.slugPattern', Size: 'documentTypes.attributes.slugPattern' };
const FLAGS = ['unique', 'mandatory', 'isActive'] as const;

/** One definition as a row of the editable table: its fields, its position and its removal. */
export function DocumentAttributeRowFields({
  form,
  index,
  count,
  readOnly,
  onMove,
  onRemove,
}: {
  form: UseFormReturn<DocumentAttributesFormValues>;
  index: number;
  count: number;
  readOnly: boolean;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const errors = form.formState.errors.definitions?.[index];
  const label = form.watch(`definitions.${index}.name`) || t('documentTypes.attributes.rowLabel', { n: index + 1 });
  const nameField = form.register(`definitions.${index}.name`);

  return (
    <Table.Tr data-testid={`attribute-row-${index}`}>
      <Table.Td>
        <TextInput
          aria-label={t('documentTypes.attributes.nameOf', { n: index + 1 })}
          required
          maxLength={50}
          readOnly={readOnly}
          {...nameField}
          onChange={(e) => {
            const previous = form.getValues(`definitions.${index}.name`);
            void nameField.onChange(e);
            if (form.getValues(`definitions.${index}.id`) === null) {
              const slug = followAttributeSlug(previous, e.target.value, form.getValues(`definitions.${index}.slug`));
              form.setValue(`definitions.${index}.slug`, slug);
            }
          }}
          error={errorText(errors?.name, NAME_ERRORS)}
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          aria-label={t('documentTypes.attributes.slugOf', { name: label })}
          required
          maxLength={30}
          readOnly={readOnly}
          {...form.register(`definitions.${index}.slug`)}
          error={errorText(errors?.slug, SLUG_ERRORS)}
        />
      </Table.Td>
      <Table.Td>
        <Controller
          control={form.control}
          name={`definitions.${index}.searchType`}
          render={({ field }) => (
            <Select
              aria-label={t('documentTypes.attributes.searchTypeOf', { name: label })}
              data={SEARCH_TYPES.map((s) => ({ value: s, label: t(`documentTypes.searchTypes.${s}`) }))}
              value={field.value}
              onChange={(v) => v && field.onChange(v)}
              allowDeselect={false}
              readOnly={readOnly}
              miw={170}
            />
          )}
        />
      </Table.Td>
      {FLAGS.map((flag) => (
        <Table.Td key={flag}>
          <Controller
            control={form.control}
            name={`definitions.${index}.${flag}`}
            render={({ field }) => (
              <Checkbox
                aria-label={t(`documentTypes.attributes.${flag}Of`, { name: label })}
                checked={field.value}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
                disabled={readOnly}
              />
            )}
          />
        </Table.Td>
      ))}
      {!readOnly && (
        <Table.Td>
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              aria-label={t('documentTypes.attributes.moveUp', { name: label })}
              disabled={index === 0}
              onClick={() => onMove(index, index - 1)}
            >
              <IconArrowUp size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              aria-label={t('documentTypes.attributes.moveDown', { name: label })}
              disabled={index === count - 1}
              onClick={() => onMove(index, index + 1)}
            >
              <IconArrowDown size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('documentTypes.attributes.remove', { name: label })}
              onClick={() => onRemove(index)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Table.Td>
      )}
    </Table.Tr>
  );
}
