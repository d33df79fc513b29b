import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

// every src/i18n/en/*.json is one area's keys; they merge into one English dictionary
const modules = import.meta.glob<{ default: Record<string, unknown> }>('./en/*.json', { eager: true });
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
});

export { i18n };
