// the release notes page, loaded as its own chunk
export { ReleaseNotesPage } from './ReleaseNotesPage';
