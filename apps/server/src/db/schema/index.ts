export * from './access.js';
export * from './audit.js';
export * from './catalogue.js';
export * from './organisation.js';
export * from './regions-languages.js';
export * from './translations.js';
export * from './users.js';
export * from './website.js';
