export * from './access.js';
export * from './audit.js';
export * from './catalogue.js';
export * from './documents.js';
export * from './organisation.js';
export * from './users.js';
