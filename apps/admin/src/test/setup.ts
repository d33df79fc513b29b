import { loadAllTranslations } from '../i18n';

// page tests render areas' texts at once, as the app does once they have loaded
await loadAllTranslations();
