import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ProductSearchBody } from '@vellum/contract';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '../../components/DebouncedInput';
import { useProductSearch } from './products.hooks';

/** How many matches the picker offers at a time. */
export const PICKER_PAGE_SIZE = 25;

/**
 * Chooses products of one product type: typing searches the server (key code or any attribute value,
 * partial); chosen products keep their key code as label.
 */
export function ProductPicker({
  productTypeId,
  value,
  onChange,
  onBlur,
  known,
  label,
  description,
  error,
  readOnly,
}: {
  productTypeId: number;
  value: number[];
  onChange: (ids: number[]) => void;
  onBlur?: () => void;
  /** Products already linked (their labels before any search). */
  known: { id: number; keyCode: string }[];
  label: string;
  description?: ReactNode;
  error?: ReactNode;
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [text] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const body = useMemo<ProductSearchBody>(() => (text ? { text } : {}), [text]);
  const results = useProductSearch({ productTypeId, page: 0, size: PICKER_PAGE_SIZE, sort: 'keyCode,asc' }, body, !readOnly);
  // every key code seen so far, so that chosen products keep their label when the matches change
  const labels = useRef(new Map<number, string>());
  for (const p of known) labels.current.set(p.id, p.keyCode);
  for (const p of results.data?.rows ?? []) labels.current.set(p.id, p.keyCode);

  const data = useMemo(() => {
    const ids = new Set<number>(value);
    for (const p of results.data?.rows ?? []) ids.add(p.id);
    return [...ids].map((id) => ({ value: id, label: labels.current.get(id) ?? `#${id}` }));
  }, [value, results.data]);

  const more = (results.data?.total ?? 0) > PICKER_PAGE_SIZE;
  return (
    <MultiSelect<number>
      label={label}
      description={description ?? (more ? t('productGroups.pickerMore', { count: PICKER_PAGE_SIZE }) : undefined)}
      placeholder={t('productGroups.productsPlaceholder')}
      data={data}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // the server has already matched (attribute values too), so nothing is filtered here
      filter={({ options }) => options}
      hidePickedOptions
      clearable={!readOnly}
      readOnly={readOnly}
      error={error}
      nothingFoundMessage={results.isFetching ? t('global.loading') : t('productGroups.nothingFound')}
    />
  );
}
