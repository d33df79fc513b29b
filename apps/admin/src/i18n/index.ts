import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

// every src/i18n/en/*.json is one area's keys; they merge into one English dictionary. The keys of
// the sign-in page, the shell and the messages any page may show come with the first load; the
// other areas' keys load beside the first page that needs them (decision 0017)
const modules = import.meta.glob<{ default: Record<string, unknown> }>(
  './en/{global,shell,auth,account,components,lazyPage,catalogueErrors}.json',
  { eager: true },
);
const deferred = import.meta.glob<{ default: Record<string, unknown> }>([
  './en/*.json',
  '!./en/{global,shell,auth,account,components,lazyPage,catalogueErrors}.json',
]);
const resources: Record<string, unknown> = {};
for (const m of Object.values(modules)) deepMerge(resources, m.default);

function deepMerge(target: Record<string, unknown>, source: Record<string, unknown>) {
  for (const [k, v] of Object.entries(source)) {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      target[k] = target[k] && typeof target[k] === 'object' ? target[k] : {};
      deepMerge(target[k] as Record<string, unknown>, v as Record<string, unknown>);
    } else {
      target[k] = v;
    }
  }
}

void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: resources } },
  interpolation: { escapeValue: false },
  returnNull: false,
  // components already shown render again when the other areas' keys arrive
  react: { bindI18nStore: 'added' },
});

let rest: Promise<void> | undefined;
/** Loads the keys of every other area once (again after a failure); lazy pages wait for it. */
export function loadAllTranslations(): Promise<void> {
  rest ??= Promise.all(Object.values(deferred).map((load) => load())).then(
    (loaded) => {
      for (const m of loaded) i18n.addResourceBundle('en', 'translation', m.default, true, true);
    },
    (error: unknown) => {
      rest = undefined;
      throw error;
    },
  );
  return rest;
}

export { i18n };
