// the publish page, loaded as its own chunk (app/pages.ts): it brings the date picker with it
export { PublishPage } from './PublishPage';
