import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { PublicUserGroupDocument } from '@vellum/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentSearch } from './restrictedAccess.hooks';

const labelOf = (d: PublicUserGroupDocument) => `${d.number} – ${d.name}`;

/**
 * Chooses documents of the unit: typing searches the unit's documents on the server (number or
 * name); the chosen ones stay listed with their number and name.
 */
export function DocumentPicker({
  unitId,
  value,
  onChange,
  readOnly,
  error,
}: {
  unitId: number;
  value: PublicUserGroupDocument[];
  onChange: (documents: PublicUserGroupDocument[]) => void;
  readOnly?: boolean;
  error?: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [text] = useDebouncedValue(search.trim(), 300);
  const found = useDocumentSearch(unitId, text, !readOnly);
  const known = useMemo(() => {
    const map = new Map<number, PublicUserGroupDocument>();
    for (const d of found.data ?? []) map.set(d.id, d);
    for (const d of value) map.set(d.id, d);
    return map;
  }, [found.data, value]);
  const data = [...known.values()].map((d) => ({ value: String(d.id), label: labelOf(d) }));

  return (
    <MultiSelect
      label={t('restrictedAccess.fields.documents')}
      description={t('restrictedAccess.documentsHint')}
      placeholder={readOnly ? undefined : t('restrictedAccess.documentsPlaceholder')}
      data={data}
      value={value.map((d) => String(d.id))}
      onChange={(ids) => onChange(ids.flatMap((id) => known.get(Number(id)) ?? []))}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // the server has already matched number and name
      filter={({ options }) => options}
      nothingFoundMessage={
        found.isError
          ? t('restrictedAccess.documentsSearchFailed')
          : found.isFetching
            ? t('restrictedAccess.documentsSearching')
            : t('restrictedAccess.documentsNone')
      }
      readOnly={readOnly}
      clearable={!readOnly}
      clearButtonProps={{ 'aria-label': t('restrictedAccess.clearDocuments') }}
      hidePickedOptions={false}
      maxDropdownHeight={280}
      error={error}
    />
  );
}
