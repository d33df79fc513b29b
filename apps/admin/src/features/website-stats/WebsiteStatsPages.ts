// the website statistics page, loaded as its own chunk (app/pages.ts): it brings the charts library,
// its styles and the date picker with it
export { WebsiteStatsPage } from './WebsiteStatsPage';
