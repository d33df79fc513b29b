import { Alert, Button, Group, NativeSelect, Switch, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { GLOBAL_BUSINESS_UNIT_ID, TRANSLATABLE_ENTITIES } from '@vellum/contract';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { PageHeader } from '../../components/PageHeader';
import { ProblemAlert } from '../../components/ProblemAlert';
import { pageParams, useTableState } from '../../components/tableState';
import { languageName } from '../../i18n/format';
import { useAuth } from '../../platform/auth';
import { LanguageCounts } from './LanguageCounts';
import { type RowEditing, TranslationTable } from './TranslationTable';
import { type TranslationRowView, type TranslationSubject, useSaveTranslations, useTranslationList } from './translations.hooks';

// the rich-text editor loads only when a rich-text translation is opened
const RichTextTranslationModal = lazy(() => import('./RichTextTranslationModal'));

const SUBJECTS: TranslationSubject[] = ['website', ...TRANSLATABLE_ENTITIES];

/** The translator's screen of a business unit: website texts and record translations. */
export function WebsiteTranslationsPage() {
  const unitId = Number(useParams().businessUnitId);
  return <TranslationsScreen unitId={unitId} subjects={SUBJECTS} />;
}

/** General settings → manufacturer translations: the website texts every unit inherits. */
export function ManufacturerTranslationsPage() {
  return <TranslationsScreen unitId={GLOBAL_BUSINESS_UNIT_ID} subjects={['website']} />;
}

function TranslationsScreen({ unitId, subjects }: { unitId: number; subjects: TranslationSubject[] }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const readOnly = !auth.hasRight('TRANSLATION', unitId);
  const manufacturer = unitId === GLOBAL_BUSINESS_UNIT_ID;
  const [params, setParams] = useSearchParams();
  const subject = (subjects.find((s) => s === params.get('what')) ?? subjects[0]) as TranslationSubject;
  const chosenLanguage = params.get('lang') ?? undefined;
  const missing = params.get('missing') === 'true';
  const state = useTableState({ defaultSort: { field: 'translationKey', direction: 'asc' }, defaultSize: 20 });
  // until one is chosen: the first language with translations to do, once the counts are known
  // (website texts are listed in English, record translations in every language, meanwhile)
  const [firstLanguage, setFirstLanguage] = useState<string | undefined>();
  const language = chosenLanguage ?? firstLanguage ?? (subject === 'website' ? 'en' : undefined);
  const list = useTranslationList({
    unitId,
    subject,
    language,
    ...pageParams(state),
    search: state.search,
    missing,
  });
  const counts = list.data?.counts;
  // navigations render in a transition: a second choice made before that render builds on the
  // first one, not on the address as last rendered
  const pending = useRef<URLSearchParams | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address ends what was pending
  useEffect(() => {
    pending.current = null;
  }, [params]);
  const setParam = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(pending.current ?? params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    next.delete('page');
    pending.current = next;
    setParams(next, { replace: true });
  };

  const firstCounted = counts?.[0]?.interfaceLanguageISO;
  useEffect(() => {
    if (firstCounted) setFirstLanguage((l) => l ?? firstCounted);
  }, [firstCounted]);

  const [edits, setEdits] = useState<Record<string, string>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [richRow, setRichRow] = useState<TranslationRowView | undefined>();
  // edits belong to one subject and language
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when either changes
  useEffect(() => {
    setEdits({});
    setServerErrors({});
  }, [subject, language]);

  const rowsByKey = useMemo(() => new Map(list.data?.rows.map((r) => [r.translationKey, r])), [list.data]);
  const stored = (r: TranslationRowView) => r.translatedValue ?? '';
  const tooLong = (r: TranslationRowView, v: string) => !r.richText && v.trim().length > r.maxLength;
  const [known, setKnown] = useState<Record<string, TranslationRowView>>({});
  useEffect(() => setKnown((k) => ({ ...k, ...Object.fromEntries(rowsByKey) })), [rowsByKey]);
  const changedKeys = Object.keys(edits).filter((k) => known[k] && edits[k] !== stored(known[k]));
  const invalid = changedKeys.some((k) => tooLong(known[k], edits[k]));

  const editing: RowEditing = {
    readOnly,
    value: (r) => edits[r.translationKey] ?? stored(r),
    changed: (r) => edits[r.translationKey] !== undefined && edits[r.translationKey] !== stored(r),
    onChange: (r, v) => {
      setEdits((e) => ({ ...e, [r.translationKey]: v }));
      setServerErrors(({ [r.translationKey]: _, ...rest }) => rest);
    },
    onEditRichText: setRichRow,
    error: (r) => {
      const v = edits[r.translationKey];
      if (v !== undefined && tooLong(r, v)) return t('error.internationalization.translatedValueTooLong', { max: r.maxLength });
      return serverErrors[r.translationKey];
    },
  };

  const save = useSaveTranslations();
  const [saveError, setSaveError] = useState<string | undefined>();
  const onSave = async () => {
    if (!language) return;
    setSaveError(undefined);
    try {
      await save.mutateAsync({
        unitId,
        subject,
        language,
        items: changedKeys.map((k) => ({ translationKey: k, translatedValue: edits[k].trim() === '' ? null : edits[k] })),
      });
      setEdits({});
      setServerErrors({});
    } catch (err) {
      const problem = err instanceof ApiError ? err.problem : undefined;
      const message = problem ? t(problem.message, problem.params ?? {}) : t('translations.saveFailed');
      const key = problem?.params?.translationKey;
      if (typeof key === 'string') setServerErrors({ [key]: message });
      setSaveError(typeof key === 'string' ? t('translations.rowRefused', { key, message }) : message);
    }
  };

  const languageOptions = [
    ...(counts ?? []).map((c) => ({ value: c.interfaceLanguageISO, label: languageName(c.interfaceLanguageISO) })),
    ...(subject === 'website' ? [{ value: 'en', label: t('translations.englishOverrides') }] : []),
  ];
  const noLanguages = list.isSuccess && (counts ?? []).length === 0;

  const toolbar = (
    <Group gap="sm" wrap="wrap">
      {subjects.length > 1 && (
        <NativeSelect
          size="sm"
          label={t('translations.subject')}
          value={subject}
          onChange={(e) => setParam({ what: e.currentTarget.value })}
          data={subjects.map((s) => ({ value: s, label: t(`translations.subjects.${s}`) }))}
          data-testid="subject-select"
        />
      )}
      <NativeSelect
        size="sm"
        label={t('translations.language')}
        value={language ?? ''}
        onChange={(e) => setParam({ lang: e.currentTarget.value })}
        data={
          language && !languageOptions.some((o) => o.value === language)
            ? [{ value: language, label: languageName(language) }, ...languageOptions]
            : languageOptions
        }
        data-testid="language-select"
      />
      <Switch
        mt={24}
        label={t('translations.onlyMissing')}
        checked={missing}
        onChange={(e) => setParam({ missing: e.currentTarget.checked ? 'true' : null })}
      />
    </Group>
  );

  return (
    <>
      <PageHeader
        title={t(manufacturer ? 'translations.manufacturerTitle' : 'translations.title')}
        description={t(manufacturer ? 'translations.manufacturerDescription' : 'translations.description')}
        actions={
          !readOnly && (
            <Button
              leftSection={<IconDeviceFloppy size={16} aria-hidden />}
              disabled={changedKeys.length === 0 || invalid}
              loading={save.isPending}
              onClick={() => void onSave()}
            >
              {t('translations.save', { count: changedKeys.length })}
            </Button>
          )
        }
      />
      {counts && counts.length > 0 && <LanguageCounts counts={counts} current={language} onChoose={(l) => setParam({ lang: l })} />}
      {noLanguages && subject !== 'website' && (
        <Alert color="blue" variant="light" mb="md">
          {t('translations.noLanguages')}
        </Alert>
      )}
      {saveError && (
        <ProblemAlert mb="md" title={t('translations.notSaved')}>
          {saveError}
        </ProblemAlert>
      )}
      {!language && !list.isPending ? (
        <>
          {toolbar}
          {!noLanguages && <Text c="dimmed">{t('translations.chooseLanguage')}</Text>}
        </>
      ) : (
        <TranslationTable
          rows={list.data?.rows}
          total={list.data?.total}
          state={state}
          loading={list.isPending}
          refreshing={list.isPlaceholderData}
          error={list.error}
          onRetry={() => void list.refetch()}
          editing={editing}
          english={language === 'en'}
          toolbar={toolbar}
        />
      )}
      {richRow && (
        <Suspense fallback={null}>
          <RichTextTranslationModal
            row={richRow}
            value={editing.value(richRow)}
            onClose={() => setRichRow(undefined)}
            onApply={(html) => {
              editing.onChange(richRow, html);
              setRichRow(undefined);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
