import { Button, Select } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { PUBLISH_STATES, type PublishState } from '@vellum/contract';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DebouncedInput } from '../../components/DebouncedInput';
import { type FilterField, hasFilters, STATE_PARAM } from './productFilters';

/**
 * The filter bar of the product list: one box per searchable field (exact or partial, as its search
 * type says) and the publish state. Filters live in the URL.
 */
export function ProductFilters({ fields }: { fields: FilterField[] }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const set = (changes: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  const state = params.get(STATE_PARAM);

  return (
    <>
      {fields.map((f) => {
        const label = t(f.match === 'EXACT' ? 'products.filters.exact' : 'products.filters.partial', { name: f.label });
        return (
          <DebouncedInput
            key={f.param}
            aria-label={label}
            placeholder={label}
            value={params.get(f.param) ?? ''}
            onChange={(v) => set({ [f.param]: v || null })}
            w={{ base: '100%', sm: 200 }}
            type="search"
            data-testid={`filter-${f.param}`}
          />
        );
      })}
      <Select<PublishState>
        aria-label={t('products.filters.state')}
        placeholder={t('products.filters.state')}
        data={PUBLISH_STATES.map((s) => ({ value: s, label: t(`products.state.${s}`) }))}
        value={(PUBLISH_STATES as readonly string[]).includes(state ?? '') ? (state as PublishState) : null}
        onChange={(v) => set({ [STATE_PARAM]: v })}
        clearable
        w={{ base: '100%', sm: 180 }}
      />
      {hasFilters(fields, params) && (
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconFilterOff size={14} />}
          onClick={() => set(Object.fromEntries([...fields.map((f) => [f.param, null]), [STATE_PARAM, null]]))}
        >
          {t('products.filters.clear')}
        </Button>
      )}
    </>
  );
}
