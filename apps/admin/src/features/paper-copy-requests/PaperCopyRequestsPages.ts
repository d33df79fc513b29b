// the paper-copy requests page, loaded as its own chunk (app/pages.ts)
export { PaperCopyRequestsPage } from './PaperCopyRequestsPage';
