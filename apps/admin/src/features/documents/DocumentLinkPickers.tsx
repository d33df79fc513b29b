import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ProductSearchBody } from '@vellum/contract';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '../../components/DebouncedInput';
import { useProductGroups, useProductSearch } from '../products';

/** How many matches a picker offers at a time. */
export const DOCUMENT_PICKER_SIZE = 25;

interface PickerProps {
  businessUnitId: number;
  value: number[];
  onChange: (ids: number[]) => void;
  onBlur?: () => void;
  label: string;
  description?: ReactNode;
  error?: ReactNode;
  readOnly?: boolean;
}

function LinkPicker({
  value,
  onChange,
  onBlur,
  label,
  description,
  error,
  readOnly,
  matches,
  fetching,
  more,
  search,
  onSearch,
  labels,
  testId,
}: Omit<PickerProps, 'businessUnitId'> & {
  matches: number[];
  fetching: boolean;
  more: boolean;
  search: string;
  onSearch: (s: string) => void;
  labels: Map<number, string>;
  testId: string;
}) {
  const { t } = useTranslation();
  const data = useMemo(() => {
    const ids = new Set<number>(value);
    for (const id of matches) ids.add(id);
    return [...ids].map((id) => ({ value: id, label: labels.get(id) ?? `#${id}` }));
  }, [value, matches, labels]);
  return (
    <MultiSelect<number>
      label={label}
      description={description ?? (more ? t('documents.pickerMore', { count: DOCUMENT_PICKER_SIZE }) : undefined)}
      placeholder={readOnly ? undefined : t('documents.pickerPlaceholder')}
      data={data}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      searchable={!readOnly}
      searchValue={search}
      onSearchChange={onSearch}
      // the server has already matched, so nothing is filtered here
      filter={({ options }) => options}
      hidePickedOptions
      clearable={!readOnly}
      readOnly={readOnly}
      error={error}
      nothingFoundMessage={fetching ? t('global.loading') : t('documents.nothingFound')}
      data-testid={testId}
    />
  );
}

/** Chooses product groups of any product type of the unit; typing searches their names on the server. */
export function ProductGroupsPicker(props: PickerProps & { known: { id: number; name: string }[] }) {
  const [search, setSearch] = useState('');
  const [text] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const results = useProductGroups(
    {
      businessUnitId: props.businessUnitId,
      page: 0,
      size: DOCUMENT_PICKER_SIZE,
      sort: 'name,asc',
      search: text ? text.slice(0, 100) : undefined,
    },
    !props.readOnly,
  );
  const labels = useRef(new Map<number, string>());
  for (const g of props.known) labels.current.set(g.id, g.name);
  for (const g of results.data?.rows ?? []) labels.current.set(g.id, g.name);
  return (
    <LinkPicker
      {...props}
      matches={(results.data?.rows ?? []).map((g) => g.id)}
      fetching={results.isFetching}
      more={(results.data?.total ?? 0) > DOCUMENT_PICKER_SIZE}
      search={search}
      onSearch={setSearch}
      labels={labels.current}
      testId="picker-product-groups"
    />
  );
}

/** Chooses products of any product type of the unit; typing searches key codes and attribute values. */
export function ProductsPicker(props: PickerProps & { known: { id: number; keyCode: string }[] }) {
  const [search, setSearch] = useState('');
  const [text] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const body = useMemo<ProductSearchBody>(() => (text ? { text: text.slice(0, 255) } : {}), [text]);
  const results = useProductSearch(
    { businessUnitId: props.businessUnitId, page: 0, size: DOCUMENT_PICKER_SIZE, sort: 'keyCode,asc' },
    body,
    !props.readOnly,
  );
  const labels = useRef(new Map<number, string>());
  for (const p of props.known) labels.current.set(p.id, p.keyCode);
  for (const p of results.data?.rows ?? []) labels.current.set(p.id, `${p.keyCode} (${p.productTypeName})`);
  return (
    <LinkPicker
      {...props}
      matches={(results.data?.rows ?? []).map((p) => p.id)}
      fetching={results.isFetching}
      more={(results.data?.total ?? 0) > DOCUMENT_PICKER_SIZE}
      search={search}
      onSearch={setSearch}
      labels={labels.current}
      testId="picker-products"
    />
  );
}
