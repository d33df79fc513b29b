import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, ssoConfig } from '../../db/schema/index.js';
import { SecretBox } from '../../platform/secret-box.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { clientSecretOf, resealSsoSecrets } from './sso-config.service.js';

const OLD = randomBytes(32);
const NEW = randomBytes(32);
const SECRET = 'the-client-secret';
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ SSO_SECRET_KEY: OLD.toString('base64') });
});
afterAll(async () => {
  await ctx?.close();
});

const adminRow = async () => (await ctx.db.select().from(ssoConfig).where(eq(ssoConfig.kind, 'ADMIN')))[0];

describe('a change of SSO_SECRET_KEY with SSO_SECRET_KEY_PREVIOUS', () => {
  it('reads secrets sealed under the previous key, seals them again under the current one at start, once', async () => {
    await ctx.db.insert(ssoConfig).values([
      {
        kind: 'ADMIN',
        domain: 'https://idp.example.com',
        clientId: 'c',
        enabled: true,
        version: 3,
        clientSecretEncrypted: new SecretBox(OLD).seal(SECRET, 'sso_config:ADMIN'),
      },
      { kind: 'PUBLIC', domain: '', clientId: '', enabled: false, version: 1, clientSecretEncrypted: null },
    ]);
    const sealedBefore = (await adminRow())?.clientSecretEncrypted;
    const rotated = { db: ctx.db, config: { ...ctx.config, ssoSecretKey: NEW, ssoSecretKeyPrevious: OLD } };
    // before the re-seal: read under the previous key
    expect(clientSecretOf(rotated, (await adminRow()) as NonNullable<Awaited<ReturnType<typeof adminRow>>>)).toBe(SECRET);

    expect(await resealSsoSecrets(rotated)).toEqual({ resealed: ['ADMIN'], unreadable: [] });
    const after = await adminRow();
    expect(after?.clientSecretEncrypted).not.toBe(sealedBefore);
    expect(after?.version).toBe(3);
    // now under the new key alone; the old key no longer opens it
    expect(new SecretBox(NEW).open(after?.clientSecretEncrypted ?? '', 'sso_config:ADMIN')).toBe(SECRET);
    expect(() => new SecretBox(OLD).open(after?.clientSecretEncrypted ?? '', 'sso_config:ADMIN')).toThrow();
    const [audited] = await ctx.db.select().from(auditLog).where(eq(auditLog.entityName, 'ssoConfig')).orderBy(desc(auditLog.id)).limit(1);
    expect(audited).toMatchObject({ action: 'SSO_SECRET_RESEALED', entityId: 'ADMIN' });
    expect(JSON.stringify(audited)).not.toContain(SECRET);

    // a second start finds nothing to do; without a previous key nothing is read at all
    expect(await resealSsoSecrets(rotated)).toEqual({ resealed: [], unreadable: [] });
    expect(await resealSsoSecrets({ db: ctx.db, config: { ...ctx.config, ssoSecretKey: NEW } })).toEqual({ resealed: [], unreadable: [] });
  });

  it('leaves a secret that opens under neither key as it is, and names it', async () => {
    const stranger = { db: ctx.db, config: { ...ctx.config, ssoSecretKey: randomBytes(32), ssoSecretKeyPrevious: randomBytes(32) } };
    const before = (await adminRow())?.clientSecretEncrypted;
    expect(await resealSsoSecrets(stranger)).toEqual({ resealed: [], unreadable: ['ADMIN'] });
    expect((await adminRow())?.clientSecretEncrypted).toBe(before);
  });
});
