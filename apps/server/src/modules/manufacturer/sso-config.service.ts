import {
  OrganisationErrorKeys,
  SSO_CONFIG_KINDS,
  SSO_DOMAIN_PREFIX,
  SsoAuditActions,
  type SsoConfig,
  type SsoConfigBody,
  type SsoConfigKind,
  SsoErrorKeys,
} from '@vellum/contract';
import type { DbOrTx } from '../../db/client.js';
import { type Actor, audit, diff } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, conflict, fieldError, invalidField } from '../../platform/errors.js';
import { SecretBox } from '../../platform/secret-box.js';
import { findManufacturer } from './manufacturer.repo.js';
import { findSsoConfig, findSsoConfigs, replaceSealedSecret, type SsoConfigRow, saveSsoConfig } from './sso-config.repo.js';

const ENTITY = 'ssoConfig';
const OBJECT = 'ssoConfig';
const SSO_MECHANISMS = new Set(['AUTHORIZATION_CODE_FLOW', 'IMPLICIT_FLOW']);

/** The additional data a sealed secret is bound to: the configuration it belongs to. */
const secretContext = (kind: string) => `sso_config:${kind}`;
export const secretBoxOf = (deps: Pick<Deps, 'config'>) => new SecretBox(deps.config.ssoSecretKey, deps.config.ssoSecretKeyPrevious);

function toConfig(kind: SsoConfigKind, row: SsoConfigRow | undefined): SsoConfig {
  return {
    kind,
    domain: row?.domain ?? '',
    clientId: row?.clientId ?? '',
    clientSecretSet: !!row?.clientSecretEncrypted,
    enabled: row?.enabled ?? false,
    version: row?.version ?? 0,
  };
}

export async function getSsoConfigs(deps: Pick<Deps, 'db'>): Promise<SsoConfig[]> {
  const rows = await findSsoConfigs(deps.db);
  return SSO_CONFIG_KINDS.map((kind) =>
    toConfig(
      kind,
      rows.find((r) => r.kind === kind),
    ),
  );
}

/** https://, or http:// to a loopback address (a provider on the same machine, as in development). */
function domainAllowed(domain: string): boolean {
  let url: URL;
  try {
    url = new URL(domain);
  } catch {
    return false;
  }
  if (url.username || url.password || url.search || url.hash) return false;
  if (url.protocol === 'https:') return domain.startsWith(SSO_DOMAIN_PREFIX);
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

function checkConfig(index: number, body: SsoConfigBody) {
  const field = (name: string) => `[${index}].${name}`;
  if (body.domain !== '' && !domainAllowed(body.domain)) {
    throw fieldError(OBJECT, field('domain'), SsoErrorKeys.domainScheme, { host: SSO_DOMAIN_PREFIX });
  }
  if (body.enabled && body.domain === '') throw invalidField(OBJECT, field('domain'), 'NotBlank');
  if (body.enabled && body.clientId === '') throw invalidField(OBJECT, field('clientId'), 'NotBlank');
}

/** Whether a configuration can sign users in: enabled, with a domain and a client id. */
export const ssoConfigUsable = (row: SsoConfigRow | undefined): row is SsoConfigRow => !!row?.enabled && !!row.domain && !!row.clientId;

/** The ADMIN configuration signs in the administration (both `/login` and `/admin-login`, decision 0071). */
export const ADMIN_SSO_KIND: SsoConfigKind = 'ADMIN';

export async function updateSsoConfigs(deps: Pick<Deps, 'db' | 'config'>, actor: Actor, body: SsoConfigBody[]): Promise<SsoConfig[]> {
  body.forEach((item, i) => {
    checkConfig(i, item);
  });
  const box = secretBoxOf(deps);
  await deps.db.transaction(async (tx) => {
    // the settings row first: a mechanism cannot be switched to SSO while its configuration is being disabled
    const settings = await findManufacturer(tx, true);
    const ssoInUse =
      !!settings && (SSO_MECHANISMS.has(settings.authenticationMechanism) || SSO_MECHANISMS.has(settings.authenticationMechanismAdmin));
    for (const [i, item] of body.entries()) {
      const before = await findSsoConfig(tx, item.kind, true);
      const clientSecretEncrypted =
        item.clientSecret === undefined
          ? (before?.clientSecretEncrypted ?? null)
          : item.clientSecret === null
            ? null
            : box.seal(item.clientSecret, secretContext(item.kind));
      const values = { domain: item.domain, clientId: item.clientId, clientSecretEncrypted, enabled: item.enabled };
      if (item.kind === ADMIN_SSO_KIND && ssoInUse && !ssoConfigUsable({ kind: item.kind, version: 0, ...values })) {
        throw fieldError(OBJECT, `[${i}].enabled`, SsoErrorKeys.configInUse);
      }
      const after = await saveSsoConfig(tx, item.kind, values, item.version);
      if (!after) throw conflict();
      const shown = (row: SsoConfigRow | undefined) => {
        const { version: _v, ...rest } = toConfig(item.kind, row);
        return rest;
      };
      await audit(tx, actor, {
        entityName: ENTITY,
        entityId: item.kind,
        entityLabel: item.kind,
        action: SsoAuditActions.configUpdated,
        changes: {
          ...diff(shown(before), shown(after)),
          // the secret itself is never written to the audit trail
          ...(item.clientSecret !== undefined
            ? { clientSecret: { from: before?.clientSecretEncrypted ? 'set' : null, to: item.clientSecret === null ? null : 'set' } }
            : {}),
        },
      });
    }
  });
  return getSsoConfigs(deps);
}

/** The refusal of a settings change to an SSO mechanism while the ADMIN configuration cannot sign anyone in. */
export async function requireSsoConfigured(
  db: DbOrTx,
  field: 'authenticationMechanism' | 'authenticationMechanismAdmin',
  mechanism: string,
): Promise<void> {
  if (mechanism === 'USERNAME_PASSWORD') return;
  if (SSO_MECHANISMS.has(mechanism) && ssoConfigUsable(await findSsoConfig(db, ADMIN_SSO_KIND, true))) return;
  throw new AppError(OrganisationErrorKeys.ssoNotConfigured, 400, { field, mechanism }, [
    { objectName: 'manufacturerSettings', field, message: 'ssoNotConfigured' },
  ]);
}

/** The plain client secret of a configuration, null when none is stored. */
export function clientSecretOf(deps: Pick<Deps, 'config'>, row: SsoConfigRow): string | null {
  return row.clientSecretEncrypted ? secretBoxOf(deps).open(row.clientSecretEncrypted, secretContext(row.kind)) : null;
}

/**
 * After a key change (SSO_SECRET_KEY_PREVIOUS set): every client secret still sealed under the
 * previous key is sealed again under the current one, each with an audit row. Run at start; answers
 * the kinds re-sealed. A secret that opens under neither key is left as it is (and logged by the caller).
 */
export async function resealSsoSecrets(deps: Pick<Deps, 'db' | 'config'>): Promise<{ resealed: string[]; unreadable: string[] }> {
  const result = { resealed: [] as string[], unreadable: [] as string[] };
  if (!deps.config.ssoSecretKeyPrevious) return result;
  const box = secretBoxOf(deps);
  for (const row of await findSsoConfigs(deps.db)) {
    const sealed = row.clientSecretEncrypted;
    if (!sealed) continue;
    let opened: { plain: string; previous: boolean };
    try {
      opened = box.openWithKey(sealed, secretContext(row.kind));
    } catch {
      result.unreadable.push(row.kind);
      continue;
    }
    if (!opened.previous) continue;
    const resealed = box.seal(opened.plain, secretContext(row.kind));
    await deps.db.transaction(async (tx) => {
      if (!(await replaceSealedSecret(tx, row.kind, sealed, resealed))) return;
      await audit(tx, null, { entityName: ENTITY, entityId: row.kind, entityLabel: row.kind, action: SsoAuditActions.secretResealed });
      result.resealed.push(row.kind);
    });
  }
  return result;
}
