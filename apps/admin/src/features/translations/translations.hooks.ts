import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DICTIONARY_LANGUAGE,
  type TranslatableEntityName,
  type TranslationCount,
  translationsApi,
  type WebsiteTranslationRow,
} from '@vellum/contract';
import { call } from '../../api/call';
import type { ApiResponse } from '../../api/client';

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

/** The page of translations the screen shows, with the counts per language. */
export function useTranslationList(p: TranslationListParams) {
  return useQuery({
    queryKey: translationKeys.list(p),
    queryFn: async ({ signal }): Promise<TranslationListView> => {
      const page = {
        'business-unit': p.unitId,
        page: p.page,
        size: p.size,
        sort: p.sort,
        search: p.search || undefined,
        missing: p.missing ? ('true' as const) : undefined,
      };
      const opts = { cacheBust: true, signal };
      const res =
        p.subject === 'website'
          ? // the website's texts are listed in one language (the page starts with English)
            await call(
              translationsApi.websiteTranslations,
              { query: { ...page, interfaceLanguageISO: p.language ?? DICTIONARY_LANGUAGE } },
              opts,
            )
          : await call(
              translationsApi.internationalizations,
              { query: { ...page, entityName: p.subject, interfaceLanguageISO: p.language } },
              opts,
            );
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
    // the answer goes back to the mutation: its alert header is the success message (api/notify)
    mutationFn: ({ unitId, subject, language, items }: SaveTranslations): Promise<ApiResponse<unknown>> =>
      subject === 'website'
        ? call(translationsApi.saveWebsiteTranslations, {
            query: { 'business-unit': unitId, interfaceLanguageISO: language },
            body: { translations: items },
          })
        : call(translationsApi.saveInternationalizations, {
            query: { 'business-unit': unitId, entityName: subject, interfaceLanguageISO: language },
            body: { internationalizations: items },
          }),
    onSuccess: () => qc.invalidateQueries({ queryKey: translationKeys.all }),
    // the page names the refused row itself
    meta: { silentError: true },
  });
}
