import { Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../components/DataTable';
import type { TableControls } from '../../components/tableState';
import { richTextPreview } from './richTextPreview';
import type { TranslationRowView } from './translations.hooks';

export interface RowEditing {
  /** The value being typed for a key (the stored one when absent). */
  value(row: TranslationRowView): string;
  onChange(row: TranslationRowView, value: string): void;
  onEditRichText(row: TranslationRowView): void;
  /** The error of a row (too long here, or refused by the server). */
  error(row: TranslationRowView): string | undefined;
  changed(row: TranslationRowView): boolean;
  readOnly: boolean;
}

/** Whether a row shows no translation of its own in the language (so the visitor sees English). */
export const isMissing = (row: TranslationRowView, value: string, english: boolean) =>
  !english &&
  value.trim() === '' &&
  (row.inheritedFrom === undefined || row.inheritedFrom === 'ENGLISH' || row.inheritedFrom === 'DEFAULT');

/**
 * The translator's table: each key with its English source beside the editable translation;
 * rows without a translation are marked, and a row's own error shows under its input.
 */
export function TranslationTable({
  rows,
  total,
  state,
  loading,
  refreshing,
  error,
  onRetry,
  editing,
  english,
  toolbar,
}: {
  rows: TranslationRowView[] | undefined;
  total: number | undefined;
  state: TableControls;
  loading: boolean;
  refreshing: boolean;
  error: unknown;
  onRetry: () => void;
  editing: RowEditing;
  english: boolean;
  toolbar: React.ReactNode;
}) {
  const { t } = useTranslation();
  const columns: Column<TranslationRowView>[] = [
    {
      key: 'translationKey',
      header: t('translations.columns.key'),
      sortable: true,
      width: '26%',
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
            {r.translationKey}
          </Text>
          {r.label && (
            <Text size="xs" c="dimmed">
              {r.label}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'sourceValue',
      header: t('translations.columns.source'),
      sortable: true,
      width: '30%',
      render: (r) => (
        <Text size="sm" lang="en">
          {r.richText ? richTextPreview(r.sourceValue) : r.sourceValue}
        </Text>
      ),
    },
    {
      key: 'translatedValue',
      header: t('translations.columns.translation'),
      sortable: true,
      render: (r) => <TranslationCell row={r} editing={editing} english={english} />,
    },
  ];
  return (
    <DataTable
      label={t('translations.table')}
      columns={columns}
      rows={rows}
      total={total}
      rowKey={(r) => r.translationKey}
      state={state}
      loading={loading}
      refreshing={refreshing}
      error={error}
      onRetry={onRetry}
      searchable
      searchLabel={t('translations.search')}
      emptyMessage={t('translations.empty')}
      toolbar={toolbar}
    />
  );
}

function TranslationCell({ row, editing, english }: { row: TranslationRowView; editing: RowEditing; english: boolean }) {
  const { t } = useTranslation();
  const value = editing.value(row);
  const missing = isMissing(row, value, english);
  const error = editing.error(row);
  const inherited =
    row.inheritedValue !== undefined && value.trim() === ''
      ? t(`translations.inherited.${row.inheritedFrom ?? 'DEFAULT'}`, { value: row.inheritedValue })
      : undefined;
  const status = (
    <Group gap={4}>
      {missing && (
        <Badge size="xs" color="orange" variant="light" data-testid="missing-badge">
          {t('translations.missing')}
        </Badge>
      )}
      {editing.changed(row) && (
        <Badge size="xs" color="blue" variant="light">
          {t('translations.changed')}
        </Badge>
      )}
    </Group>
  );
  if (row.richText)
    return (
      <Stack gap={4}>
        <Text size="sm" c={value ? undefined : 'dimmed'}>
          {value ? richTextPreview(value) : t('translations.noTranslation')}
        </Text>
        <Group gap="xs">
          {!editing.readOnly && (
            <Button
              size="compact-xs"
              variant="light"
              leftSection={<IconPencil size={12} aria-hidden />}
              onClick={() => editing.onEditRichText(row)}
              aria-label={t('translations.editRichText', { key: row.translationKey })}
            >
              {t('translations.edit')}
            </Button>
          )}
          {status}
        </Group>
        {error && (
          <Text size="xs" c="red" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    );
  return (
    <Stack gap={2}>
      <TextInput
        size="xs"
        value={value}
        readOnly={editing.readOnly}
        onChange={(e) => editing.onChange(row, e.currentTarget.value)}
        aria-label={t('translations.valueOf', { key: row.translationKey })}
        placeholder={row.inheritedValue}
        error={error}
        description={inherited}
        styles={
          missing ? { input: { borderColor: 'var(--mantine-color-orange-5)', background: 'var(--mantine-color-orange-0)' } } : undefined
        }
        rightSection={
          <Text size="10px" c={value.length > row.maxLength ? 'red' : 'dimmed'} pr={6}>
            {`${value.length}/${row.maxLength}`}
          </Text>
        }
        rightSectionWidth={64}
        data-testid={`translation-${row.translationKey}`}
      />
      {status}
    </Stack>
  );
}
