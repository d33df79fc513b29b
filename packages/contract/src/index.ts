export * from './access.js';
export * from './auth.js';
export * from './common.js';
export * from './errors.js';
export * from './organisation.js';
export * from './rights.js';
