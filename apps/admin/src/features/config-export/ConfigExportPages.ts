// the configuration export page, loaded as its own chunk
export { ConfigExportPage } from './ConfigExportPage';
