import { configImportApplyQuery, configImportPreviewSchema, ConfigExportErrorKeys as E } from '../config-export.js';
import { ErrorKeys } from '../errors.js';
import { defineRoute } from './define.js';

const tags = ['config-export'];

/** general-settings → configuration export and import (CONFIG_EXPORT; issue 24, decision 0078). */
export const configExportApi = {
  export: defineRoute({
    method: 'GET',
    path: '/api/config-export',
    tags,
    summary: "The manufacturer's configuration as a zip holding one versioned JSON document (config.json)",
    description:
      'Business units and their settings (by slug), the roles the manufacturer made and the user groups (by name; their role by ' +
      'name, their units by slug). No user, password, token, session or secret travels.',
    produces: ['application/zip'],
  }),
  preview: defineRoute({
    method: 'POST',
    path: '/api/config-export/preview',
    tags,
    summary: 'What importing a configuration zip would change, per part; writes nothing',
    description:
      'multipart/form-data with the zip in `file` (at most 52,428,800 bytes; no entry climbing out of the zip, at most 10,000 ' +
      'entries, no entry compressed more than 100:1). Per part: the natural keys added, changed, unchanged and only here.',
    effect: 'read',
    consumes: ['multipart/form-data'],
    response: { 200: configImportPreviewSchema },
    errors: [E.invalidFile, E.unknownReference, ErrorKeys.unsupportedContentType, ErrorKeys.fileTooLarge],
  }),
  apply: defineRoute({
    method: 'POST',
    path: '/api/config-export/apply',
    tags,
    summary: 'Imports the chosen parts of a configuration zip in one transaction',
    description:
      'The zip of the preview again, in `file`; `parts` names the parts to apply. Added and changed entities are written ' +
      'through the areas’ own rules with their audit rows, all or nothing; entities only here are left alone. Answers what was applied.',
    query: configImportApplyQuery,
    consumes: ['multipart/form-data'],
    response: { 200: configImportPreviewSchema },
    errors: [E.invalidFile, E.unknownReference, ErrorKeys.unsupportedContentType, ErrorKeys.fileTooLarge],
  }),
};
