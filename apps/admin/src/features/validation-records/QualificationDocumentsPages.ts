// the qualification documents page, loaded as its own chunk
export { QualificationDocumentsPage } from './QualificationDocumentsPage';
