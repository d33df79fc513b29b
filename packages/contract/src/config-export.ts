import { z } from 'zod';
import { roleCreateBody } from './access.js';
import { nameSchema, slugSchema } from './common.js';
import { businessUnitCreateBody } from './organisation.js';

/**
 * The configuration export (issue 24, decision 0078): one versioned JSON document, `config.json`
 * in a zip, naming entities by their natural keys (a unit by its slug, a role or user group by its
 * name) so that it imports into another instance. Secrets, users, passwords, tokens and sessions
 * never travel.
 */
export const CONFIG_FORMAT_VERSION = 1;
/** The name of the document inside the zip. */
export const CONFIG_DOCUMENT_NAME = 'config.json';
/** The largest zip an import reads (bytes). */
export const CONFIG_IMPORT_MAX_BYTES = 50 * 1024 * 1024;

/** The parts of the configuration, in the order an import applies them (a part may name entities of the ones before it). */
export const CONFIG_PARTS = ['businessUnits', 'roles', 'userGroups'] as const;
export type ConfigPart = (typeof CONFIG_PARTS)[number];

/** A business unit and its settings, by its slug; whether its website is online is no configuration and stays as it is on each instance. */
export const configBusinessUnitSchema = businessUnitCreateBody.omit({ id: true, active: true }).extend({
  interfaceLanguages: businessUnitCreateBody.shape.interfaceLanguages.unwrap(),
  documentLanguages: businessUnitCreateBody.shape.documentLanguages.unwrap(),
});
/** A role the manufacturer made, by its name (the predefined roles are the same on every instance). */
export const configRoleSchema = roleCreateBody.omit({ id: true }).extend({
  description: roleCreateBody.shape.description.unwrap().unwrap().nullable(),
});
/** A user group by its name: its role by name, its units by slug; never its users. */
export const configUserGroupSchema = z.object({
  name: nameSchema,
  role: nameSchema,
  allBusinessUnits: z.boolean(),
  businessUnits: z.array(slugSchema).max(1000, 'Size'),
});

export const configDocumentSchema = z.object({
  formatVersion: z.literal(CONFIG_FORMAT_VERSION),
  exportedAt: z.iso.datetime(),
  softwareVersion: z.string().max(100, 'Size'),
  businessUnits: z.array(configBusinessUnitSchema).max(1000, 'Size'),
  roles: z.array(configRoleSchema).max(1000, 'Size'),
  userGroups: z.array(configUserGroupSchema).max(1000, 'Size'),
});
export type ConfigDocument = z.output<typeof configDocumentSchema>;

/** What an import would do to one part, by natural key: new here, different here, the same, and present only here (left alone). */
export const configPartDiffSchema = z.object({
  part: z.enum(CONFIG_PARTS),
  added: z.array(z.string()),
  changed: z.array(z.string()),
  unchanged: z.array(z.string()),
  onlyHere: z.array(z.string()),
});
export type ConfigPartDiff = z.output<typeof configPartDiffSchema>;

export const configImportPreviewSchema = z.object({
  formatVersion: z.number(),
  exportedAt: z.string(),
  softwareVersion: z.string(),
  parts: z.array(configPartDiffSchema),
});
export type ConfigImportPreview = z.output<typeof configImportPreviewSchema>;

/** The parts to apply, comma-separated (`roles,userGroups`). */
export const configImportApplyQuery = z.object({
  parts: z
    .string()
    .max(200, 'Size')
    .regex(new RegExp(`^(${CONFIG_PARTS.join('|')})(,(${CONFIG_PARTS.join('|')}))*$`), 'Pattern'),
});

export const ConfigExportErrorKeys = {
  /** The file is no configuration export: not a readable zip, no or an invalid config.json, an unsafe entry (params.reason). */
  invalidFile: 'error.configImport.invalidFile',
  /** The document names an entity (a role, a business unit) neither it nor this instance holds (params.part, name). */
  unknownReference: 'error.configImport.unknownReference',
} as const;
