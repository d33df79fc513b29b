import { CloseButton, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as the local 'YYYY-MM-DDTHH:mm' of a datetime-local input ('' for none). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A local 'YYYY-MM-DDTHH:mm' as an ISO instant (null for none or an incomplete value). */
export function fromLocalInput(local: string): string | null {
  if (!local) return null;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/**
 * A clearable date and time in the user's time zone, held as an ISO instant.
 *
 * The browser's own date-time field is used: `@mantine/dates` (DateTimePicker) resolves to a second
 * copy of `@mantine/core` in this install and cannot find the app's MantineProvider.
 */
export function DateTimeInput({
  label,
  description,
  value,
  onChange,
  onBlur,
  error,
  readOnly,
}: {
  label: string;
  description?: ReactNode;
  value: string | null;
  onChange: (iso: string | null) => void;
  onBlur?: () => void;
  error?: ReactNode;
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      type="datetime-local"
      label={label}
      description={description}
      value={toLocalInput(value)}
      onChange={(e) => onChange(fromLocalInput(e.currentTarget.value))}
      onBlur={onBlur}
      error={error}
      readOnly={readOnly}
      rightSection={
        value && !readOnly ? <CloseButton size="sm" aria-label={t('products.dateClear', { label })} onClick={() => onChange(null)} /> : null
      }
      maw={320}
    />
  );
}
