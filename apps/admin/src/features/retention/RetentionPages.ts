// the retention page, loaded as its own chunk (app/pages.ts)
export { RetentionPage } from './RetentionPage';
