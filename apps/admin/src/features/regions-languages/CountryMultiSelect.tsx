import { MultiSelect } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useContinents, useCountries } from './regionsLanguages.hooks';

/** Countries grouped by continent, searchable by name or ISO code; the value is ISO 3166-1 alpha-2 codes. */
export function CountryMultiSelect({
  value,
  onChange,
  error,
  readOnly,
}: {
  value: string[];
  onChange: (codes: string[]) => void;
  error?: string;
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const countries = useCountries();
  const continents = useContinents();
  const data = useMemo(
    () =>
      (continents.data ?? []).map((c) => ({
        group: c.name,
        items: (countries.data ?? [])
          .filter((country) => country.continentIsoCode === c.isoCode)
          .map((country) => ({ value: country.isoCode, label: `${country.name} (${country.isoCode})` })),
      })),
    [countries.data, continents.data],
  );
  return (
    <MultiSelect
      label={t('regionsLanguages.fields.countries')}
      description={t('regionsLanguages.countriesHint')}
      placeholder={value.length ? undefined : t('regionsLanguages.countriesPlaceholder')}
      required
      data={data}
      value={value}
      onChange={onChange}
      searchable
      clearable={!readOnly}
      hidePickedOptions
      maxDropdownHeight={320}
      readOnly={readOnly}
      disabled={countries.isPending || continents.isPending}
      error={error}
      nothingFoundMessage={t('regionsLanguages.nothingFound')}
      data-testid="region-countries"
    />
  );
}
