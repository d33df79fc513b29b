import type {
  Audience,
  authenticationMechanismSchema,
  ManufacturerSettings,
  manufacturerSchema,
  manufacturerSettingsBody,
} from '@vellum/contract';
import type { z } from 'zod';
import { type Actor, audit, diff } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { conflict, notFound } from '../../platform/errors.js';
import { type CheckedImage, imageVersion, replaceImage } from '../../platform/images.js';
import {
  findManufacturer,
  MANUFACTURER_ID,
  type ManufacturerImageColumn,
  type ManufacturerRow,
  setManufacturerImageKey,
  updateManufacturerName,
  updateManufacturerSettings,
} from './manufacturer.repo.js';
import { requireSsoConfigured } from './sso-config.service.js';

type Manufacturer = z.output<typeof manufacturerSchema>;
type SettingsBody = z.output<typeof manufacturerSettingsBody>;
type AuthenticationMechanism = z.output<typeof authenticationMechanismSchema>;

const ENTITY = 'manufacturer';

const IMAGE_COLUMNS: Record<'logo' | Audience, ManufacturerImageColumn> = {
  logo: 'logoKey',
  HCP: 'audienceImageHcpKey',
  PATIENT: 'audienceImagePatientKey',
};

const imageUrl = (path: string, key: string | null) => (key ? `${path}${path.includes('?') ? '&' : '?'}v=${imageVersion(key)}` : null);

function toSettings(row: ManufacturerRow, softwareVersion: string): ManufacturerSettings {
  return {
    worldWidePublicWebsite: row.worldWidePublicWebsite,
    patientBusinessUnitSearch: row.patientBusinessUnitSearch,
    globalSearch: row.globalSearch,
    validationRecordsActive: row.validationRecordsActive,
    softwareVersion,
    authenticationMechanism: row.authenticationMechanism as AuthenticationMechanism,
    authenticationMechanismAdmin: row.authenticationMechanismAdmin as AuthenticationMechanism,
    maxLoginAttempts: row.maxLoginAttempts,
    passwordValidityDays: row.passwordValidityDays,
    oldPasswordsCount: row.oldPasswordsCount,
    publicWebsiteUrl: row.publicWebsiteUrl,
    version: row.version,
  };
}

function toManufacturer(row: ManufacturerRow, softwareVersion: string): Manufacturer {
  return {
    id: row.id,
    name: row.name,
    logoUrl: imageUrl('/api/manufacturer/own/logo', row.logoKey),
    audienceImageHcpUrl: imageUrl('/api/manufacturer/own/audience-image?audience=HCP', row.audienceImageHcpKey),
    audienceImagePatientUrl: imageUrl('/api/manufacturer/own/audience-image?audience=PATIENT', row.audienceImagePatientKey),
    settings: toSettings(row, softwareVersion),
  };
}

async function load(deps: Deps): Promise<ManufacturerRow> {
  const row = await findManufacturer(deps.db);
  if (!row) throw notFound(ENTITY);
  return row;
}

export async function getManufacturer(deps: Deps): Promise<Manufacturer> {
  return toManufacturer(await load(deps), deps.config.version);
}

/** The public name and the logo's versioned URL, or null when no logo is stored. */
export async function getManufacturerName(deps: Deps): Promise<{ name: string; logoUrl: string | null }> {
  const row = await load(deps);
  return { name: row.name, logoUrl: toManufacturer(row, deps.config.version).logoUrl };
}

export async function renameManufacturer(deps: Deps, actor: Actor, name: string): Promise<Manufacturer> {
  const row = await deps.db.transaction(async (tx) => {
    const before = await findManufacturer(tx, true);
    if (!before) throw notFound(ENTITY);
    const after = await updateManufacturerName(tx, name);
    if (!after) throw notFound(ENTITY);
    await audit(tx, actor, {
      entityName: ENTITY,
      entityId: MANUFACTURER_ID,
      entityLabel: name,
      action: 'UPDATE',
      changes: diff({ name: before.name }, { name }),
    });
    return after;
  });
  return toManufacturer(row, deps.config.version);
}

export async function getSettings(deps: Deps): Promise<ManufacturerSettings> {
  return toSettings(await load(deps), deps.config.version);
}

export async function updateSettings(deps: Deps, actor: Actor, body: SettingsBody): Promise<ManufacturerSettings> {
  const { version, ...values } = body;
  const row = await deps.db.transaction(async (tx) => {
    // the settings row locked first, as a change of the SSO configurations does (no deadlock, no lock-out)
    const before = await findManufacturer(tx, true);
    if (!before) throw notFound(ENTITY);
    await requireSsoConfigured(tx, 'authenticationMechanism', body.authenticationMechanism);
    await requireSsoConfigured(tx, 'authenticationMechanismAdmin', body.authenticationMechanismAdmin);
    const after = await updateManufacturerSettings(tx, values, version);
    if (!after) throw conflict();
    await audit(tx, actor, {
      entityName: ENTITY,
      entityId: MANUFACTURER_ID,
      entityLabel: after.name,
      action: 'SETTINGS',
      changes: diff(toSettings(before, ''), toSettings(after, '')),
    });
    return after;
  });
  return toSettings(row, deps.config.version);
}

export async function getAuthenticationMechanism(
  deps: Deps,
  admin: boolean,
): Promise<{ authenticationMechanism: AuthenticationMechanism }> {
  const row = await load(deps);
  return { authenticationMechanism: (admin ? row.authenticationMechanismAdmin : row.authenticationMechanism) as AuthenticationMechanism };
}

/** The configured address of the public website, or the one this server serves under /site. */
export async function getPublicWebsiteUrl(deps: Deps): Promise<{ url: string }> {
  const row = await load(deps);
  return { url: row.publicWebsiteUrl ?? `${deps.config.publicUrl}/site` };
}

/** Stores the logo (kind 'logo') or an audience image, replacing the previous one. */
export async function storeImage(deps: Deps, actor: Actor, kind: 'logo' | Audience, image: CheckedImage): Promise<Manufacturer> {
  const column = IMAGE_COLUMNS[kind];
  const prefix = kind === 'logo' ? 'manufacturer/logo' : `manufacturer/audience-${kind.toLowerCase()}`;
  await replaceImage(deps.files, prefix, image, (key) =>
    deps.db.transaction(async (tx) => {
      const before = await findManufacturer(tx, true);
      if (!before) throw notFound(ENTITY);
      await setManufacturerImageKey(tx, column, key);
      await audit(tx, actor, {
        entityName: ENTITY,
        entityId: MANUFACTURER_ID,
        entityLabel: before.name,
        action: 'LOGO',
        changes: { [kind === 'logo' ? 'logo' : `audienceImage${kind}`]: { from: before[column] ? 'image' : null, to: image.contentType } },
      });
      return before[column];
    }),
  );
  return getManufacturer(deps);
}

/** The storage key of the logo or an audience image (null when none). */
export async function imageKey(deps: Deps, kind: 'logo' | Audience): Promise<string | null> {
  return (await load(deps))[IMAGE_COLUMNS[kind]];
}
