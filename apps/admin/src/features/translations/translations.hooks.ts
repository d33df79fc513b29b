import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  InternationalizationPage,
  TranslatableEntityName,
  TranslationCount,
  WebsiteTranslationPage,
  WebsiteTranslationRow,
} from '@vellum/contract';
import { api } from '../../api/client';

/** What the translator's screen translates: the website's fixed texts, or one record type. */
export type TranslationSubject = 'website' | TranslatableEntityName;

/** One row as the screen shows it, whichever list it came from. */
export interface TranslationRowView {
  translationKey: string;
  label?: string;
  sourceValue: string;
  translatedValue: string | null;
  maxLength: number;
  richText: boolean;
  inheritedValue?: string;
  inheritedFrom?: WebsiteTranslationRow['inheritedFrom'];
}

export interface TranslationListView {
  rows: TranslationRowView[];
  total: number;
  counts: TranslationCount[];
}

export interface TranslationListParams {
  unitId: number;
  subject: TranslationSubject;
  language?: string;
  page: number;
  size: number;
  sort?: string;
  search?: string;
  missing: boolean;
}

export const translationKeys = {
  all: ['translations'] as const,
  list: (p: TranslationListParams) => ['translations', p] as const,
};

const listPath = (subject: TranslationSubject) => (subject === 'website' ? 'api/website-translations' : 'api/internationalizations');

/** The page of translations the screen shows, with the counts per language. */
export function useTranslationList(p: TranslationListParams) {
  return useQuery({
    queryKey: translationKeys.list(p),
    queryFn: async ({ signal }): Promise<TranslationListView> => {
      const query = {
        'business-unit': p.unitId,
        entityName: p.subject === 'website' ? undefined : p.subject,
        interfaceLanguageISO: p.language,
        page: p.page,
        size: p.size,
        sort: p.sort,
        search: p.search || undefined,
        missing: p.missing ? 'true' : undefined,
      };
      const res = await api<InternationalizationPage | WebsiteTranslationPage>(listPath(p.subject), { query, cacheBust: true, signal });
      const rows: TranslationRowView[] = res.data.items.map((r) => ({
        translationKey: r.translationKey,
        label: 'label' in r ? r.label : undefined,
        sourceValue: r.sourceValue,
        translatedValue: r.translatedValue,
        maxLength: r.maxLength,
        richText: 'richText' in r ? r.richText : false,
        inheritedValue: 'inheritedValue' in r ? r.inheritedValue : undefined,
        inheritedFrom: 'inheritedFrom' in r ? r.inheritedFrom : undefined,
      }));
      return { rows, total: res.data.pageable.totalElements, counts: res.data.counts };
    },
    enabled: Number.isInteger(p.unitId),
    placeholderData: keepPreviousData,
    meta: { silentError: true },
  });
}

export interface SaveTranslations {
  unitId: number;
  subject: TranslationSubject;
  language: string;
  items: { translationKey: string; translatedValue: string | null }[];
}

/** Saves the edited rows of one subject and language in one call (all or nothing). */
export function useSaveTranslations() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ unitId, subject, language, items }: SaveTranslations) =>
      api<unknown>(listPath(subject), {
        method: 'POST',
        query: { 'business-unit': unitId, entityName: subject === 'website' ? undefined : subject, interfaceLanguageISO: language },
        body: subject === 'website' ? { translations: items } : { internationalizations: items },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: translationKeys.all }),
    // the page names the refused row itself
    meta: { silentError: true },
  });
}
