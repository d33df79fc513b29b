/**
 * The admin's import rules (docs/decisions/0055): the folders of apps/admin/src import downwards only
 * (app → features → components → platform, api, i18n), a feature reaches another one only through
 * that feature's public index.ts, and no import circle runs through a feature. Run by `npm run lint`.
 */
const SRC = '^apps/admin/src/';
const TEST = '\\.test\\.tsx?$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'lower-folders-import-no-features-or-app',
      comment: 'platform, paths, api, i18n and components sit below the features and the app: they never import them.',
      severity: 'error',
      from: { path: `${SRC}(platform|paths|api|i18n|components)/` },
      to: { path: `${SRC}(features|app)/` },
    },
    {
      name: 'base-folders-import-no-components',
      comment: 'platform, paths, api and i18n sit below the shared components.',
      severity: 'error',
      from: { path: `${SRC}(platform|paths|api|i18n)/`, pathNot: TEST },
      to: { path: `${SRC}components/` },
    },
    {
      name: 'features-import-no-app',
      comment:
        'The app (router, shell, menus) is built from the features; a feature never imports it back. Tests may render the whole app.',
      severity: 'error',
      from: { path: `${SRC}features/`, pathNot: TEST },
      to: { path: `${SRC}app/` },
    },
    {
      name: 'api-imports-no-platform',
      comment: 'The API client (with the token it sends, api/session.ts) sits below platform, which builds the session on it.',
      severity: 'error',
      from: { path: `${SRC}(api|i18n)/`, pathNot: TEST },
      to: { path: `${SRC}platform/` },
    },
    {
      name: 'features-meet-through-their-index',
      comment: 'A feature uses another feature only through its public entry (index.ts), never its internals.',
      severity: 'error',
      from: { path: `${SRC}features/([^/]+)/` },
      to: { path: `${SRC}features/`, pathNot: [`${SRC}features/$1/`, `${SRC}features/[^/]+/index\\.ts$`] },
    },
    {
      name: 'app-takes-features-screens-and-index',
      comment: "The app builds on the features' screen tables (screens.ts) and public entries (index.ts) only.",
      severity: 'error',
      from: { path: `${SRC}app/`, pathNot: TEST },
      to: { path: `${SRC}features/`, pathNot: `${SRC}features/[^/]+/(screens|index)\\.ts$` },
    },
    {
      name: 'no-circle-through-features',
      comment: 'No import circle runs through a feature.',
      severity: 'error',
      from: { path: `${SRC}features/` },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: `${SRC}test/` },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'apps/admin/tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
