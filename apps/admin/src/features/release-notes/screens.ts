import { lazyPage } from '../../platform/lazyPage';
import { defineScreens } from '../../platform/screens';

/** The release notes (spec 000 §2): any signed-in user, reached from the footer's version (decision 0073). */
export const releaseNoteScreens = defineScreens([
  {
    path: '/general-settings/release-notes',
    page: lazyPage(() => import('./ReleaseNotesPages'), 'ReleaseNotesPage'),
  },
]);
