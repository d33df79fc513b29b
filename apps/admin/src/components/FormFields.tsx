import { NumberInput, type NumberInputProps, Switch, type SwitchProps } from '@mantine/core';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { useErrorText } from './formErrors';

/**
 * A whole-number field of a react-hook-form form: an empty box is `undefined` (the schema says
 * NotNull), the field's error is shown under it.
 */
export function IntegerField<T extends FieldValues>({
  control,
  name,
  ...props
}: { control: Control<T>; name: Path<T> } & Omit<NumberInputProps, 'value' | 'onChange' | 'name'>) {
  const errorText = useErrorText();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          allowDecimal={false}
          allowNegative={false}
          {...props}
          value={field.value ?? ''}
          onChange={(v) => field.onChange(typeof v === 'number' ? v : v === '' ? undefined : Number(v))}
          onBlur={field.onBlur}
          error={errorText(fieldState.error)}
        />
      )}
    />
  );
}

/** An on/off field of a react-hook-form form; `onToggle` runs after the value changed. */
export function SwitchField<T extends FieldValues>({
  control,
  name,
  onToggle,
  ...props
}: { control: Control<T>; name: Path<T>; onToggle?: (on: boolean) => void } & Omit<SwitchProps, 'checked' | 'onChange' | 'name'>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Switch
          {...props}
          checked={!!field.value}
          onChange={(e) => {
            field.onChange(e.currentTarget.checked);
            onToggle?.(e.currentTarget.checked);
          }}
        />
      )}
    />
  );
}
