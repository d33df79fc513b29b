import { releaseNotesApi as api } from '@vellum/contract';
import type { RoutesPlugin } from '../../platform/deps.js';
import { route } from '../../platform/route.js';
import { loadReleaseNotes } from './release-files.js';

/** The release notes and known bugs, read once when the routes are registered (decision 0073). */
export const releaseNotesRoutes: RoutesPlugin = async (app) => {
  const notes = loadReleaseNotes();
  route(app, api.issues, { access: 'authenticated' }, () => notes.issues);
  route(app, api.knownBugs, { access: 'authenticated' }, () => notes.knownBugs);
};
