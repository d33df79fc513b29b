// the pages of restricted access, loaded as one chunk (app/pages.ts)
export { DocumentSearchAccessPage } from './DocumentSearchAccessPage';
export { RestrictedAccessRoutes } from './RestrictedAccessRoutes';
