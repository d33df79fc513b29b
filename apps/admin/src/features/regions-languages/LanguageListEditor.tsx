import { Badge, Box, Button, Checkbox, Group, Paper, ScrollArea, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type Language, REQUIRED_INTERFACE_LANGUAGE } from '@vellum/contract';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { ProblemAlert } from '../../components/ProblemAlert';
import { LoadError, PageLoader } from '../../components/QueryState';
import { useAuth } from '../../platform/auth';
import { type LanguageKind, useLanguages, useSaveUnitLanguages, useUnitLanguages } from './regionsLanguages.hooks';
import { LANGUAGE_RIGHT } from './rights';

/**
 * A unit's interface or document languages: every known language as a checkbox, a filter, a
 * select-all for what the filter shows and a switch that shows the ISO codes. Saving sends the
 * whole list (PUT api/{kind}-languages).
 */
export function LanguageListEditor({ kind, unitId }: { kind: LanguageKind; unitId: number }) {
  const all = useLanguages();
  const current = useUnitLanguages(kind, unitId);
  if (all.isPending || current.isPending) return <PageLoader />;
  if (all.error || current.error)
    return <LoadError error={all.error ?? current.error} onRetry={() => void (all.error ? all.refetch() : current.refetch())} />;
  const stored = current.data.map((l) => l.isoCode);
  return <Editor key={stored.join(',')} kind={kind} unitId={unitId} languages={all.data} stored={stored} />;
}

function Editor({ kind, unitId, languages, stored }: { kind: LanguageKind; unitId: number; languages: Language[]; stored: string[] }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const readOnly = !auth.hasRight(LANGUAGE_RIGHT[kind], unitId);
  const save = useSaveUnitLanguages(kind, unitId);
  const [selected, setSelected] = useState(() => new Set(stored));
  const [filter, setFilter] = useState('');
  const [showCodes, setShowCodes] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const fixed = (code: string) => kind === 'interface' && code === REQUIRED_INTERFACE_LANGUAGE;

  // the grid of some 200 checkboxes follows the typing when the browser has time
  const needle = useDeferredValue(filter).trim().toLowerCase();
  const shown = useMemo(
    () => (needle ? languages.filter((l) => `${l.name} ${l.nativeName} ${l.isoCode}`.toLowerCase().includes(needle)) : languages),
    [languages, needle],
  );
  const shownSelected = shown.filter((l) => selected.has(l.isoCode)).length;
  const dirty = selected.size !== stored.length || stored.some((c) => !selected.has(c));
  const toggle = (code: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(code);
      else if (!fixed(code)) next.delete(code);
      return next;
    });
  const selectShown = (on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      for (const l of shown) {
        if (on) next.add(l.isoCode);
        else if (!fixed(l.isoCode)) next.delete(l.isoCode);
      }
      return next;
    });

  const onSave = async () => {
    setServerError(undefined);
    try {
      await save.mutateAsync([...selected].sort());
    } catch (e) {
      if (e instanceof ApiError && e.status === 400) setServerError(e.problem?.message);
    }
  };

  const selectedNames = languages.filter((l) => selected.has(l.isoCode));
  return (
    <Paper withBorder p="md" radius="md" data-testid={`${kind}-languages`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Box>
            <Title order={3} size="h4">
              {t(`regionsLanguages.languages.${kind}.title`)}
            </Title>
            <Text size="sm" c="dimmed">
              {t(`regionsLanguages.languages.${kind}.description`)}
            </Text>
          </Box>
          <Switch
            label={t('regionsLanguages.languages.showCodes')}
            checked={showCodes}
            onChange={(e) => setShowCodes(e.currentTarget.checked)}
            data-testid={`${kind}-languages-codes`}
          />
        </Group>
        <Text size="sm" data-testid={`${kind}-languages-selected`}>
          {t('regionsLanguages.languages.selected', { count: selected.size })}{' '}
          <Text span c="dimmed">
            {selectedNames.map((l) => (showCodes ? `${l.name} (${l.isoCode})` : l.name)).join(', ') || '—'}
          </Text>
        </Text>
        {serverError && <ProblemAlert>{t(serverError)}</ProblemAlert>}
        {!readOnly && (
          <Group gap="md" align="flex-end">
            <TextInput
              label={t('regionsLanguages.languages.filter')}
              leftSection={<IconSearch size={14} />}
              value={filter}
              onChange={(e) => setFilter(e.currentTarget.value)}
              w={280}
            />
            <Checkbox
              label={needle ? t('regionsLanguages.languages.selectAllShown') : t('regionsLanguages.languages.selectAll')}
              checked={shown.length > 0 && shownSelected === shown.length}
              indeterminate={shownSelected > 0 && shownSelected < shown.length}
              onChange={(e) => selectShown(e.currentTarget.checked)}
              data-testid={`${kind}-languages-all`}
              mb={6}
            />
          </Group>
        )}
        {!readOnly && (
          <ScrollArea.Autosize mah={360} type="auto" offsetScrollbars>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing={6} verticalSpacing={6}>
              {shown.map((l) => (
                <Checkbox
                  key={l.isoCode}
                  checked={selected.has(l.isoCode)}
                  disabled={fixed(l.isoCode)}
                  onChange={(e) => toggle(l.isoCode, e.currentTarget.checked)}
                  label={
                    <Group gap={6} wrap="nowrap">
                      <span>{l.name}</span>
                      <Text span size="xs" c="dimmed" dir={l.rtl ? 'rtl' : undefined} lang={l.isoCode}>
                        {l.nativeName}
                      </Text>
                      {showCodes && (
                        <Badge size="xs" variant="outline" color="gray">
                          {l.isoCode}
                        </Badge>
                      )}
                    </Group>
                  }
                />
              ))}
            </SimpleGrid>
          </ScrollArea.Autosize>
        )}
        {!readOnly && (
          <Group justify="flex-end">
            <Button variant="default" disabled={!dirty} onClick={() => setSelected(new Set(stored))}>
              {t('regionsLanguages.languages.reset')}
            </Button>
            <Button onClick={() => void onSave()} loading={save.isPending} disabled={!dirty} data-testid={`${kind}-languages-save`}>
              {t('components.form.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
