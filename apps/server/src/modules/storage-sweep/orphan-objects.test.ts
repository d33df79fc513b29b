import { utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import { makeDocument, makeDocumentFile, makeDocumentType } from '../../factories/document-factories.js';
import { makeBusinessUnit } from '../../factories/organisation-factories.js';
import { storeRoot } from '../../platform/storage.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { ORPHAN_GRACE_MS, sweepOrphanObjects } from './orphan-objects.service.js';

/**
 * The sweep of stored binaries no row names (decision 0087): what a process killed between storing
 * a binary and committing its row leaves behind goes once it is older than a day; a named object,
 * a young one and anything outside `files/` stay; a sweep that would remove most of the store
 * removes nothing.
 */
let ctx: TestContext;
const now = new Date();
const twoDaysAgo = new Date(now.getTime() - 2 * ORPHAN_GRACE_MS);

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const files = () => ctx.app.deps.files;
const pathOf = (key: string) => join(storeRoot(ctx.config.dataDir), key);
/** Stores a small object under `prefix`, dated `at`. */
async function stored(prefix: string, at: Date, extension = 'pdf'): Promise<string> {
  const key = await files().put(prefix, Buffer.from('%PDF-1.7\n%%EOF\n'), extension);
  await utimes(pathOf(key), at, at);
  return key;
}
const exists = async (key: string) => (await files().stat(key)) !== undefined;

describe('the sweep of orphan objects', () => {
  it('removes old objects no row names, and partial ones, keeping named, young and other objects; audited', async () => {
    const unit = await makeBusinessUnit(ctx.db);
    const type = await makeDocumentType(ctx.db, unit.id);
    const doc = await makeDocument(ctx.db, unit.id, type.id);
    const named = await stored(`files/${unit.id}/1`, twoDaysAgo);
    await makeDocumentFile(ctx.db, doc, [{ label: '1.0', binaryKey: named }]);
    const orphan = await stored(`files/${unit.id}/2`, twoDaysAgo);
    const young = await stored(`files/${unit.id}/3`, new Date(now.getTime() - ORPHAN_GRACE_MS / 2));
    const partial = await stored(`files/${unit.id}/4`, twoDaysAgo, 'pdf.part');
    const elsewhere = await stored('audit-anchors-test', twoDaysAgo, 'json');

    const sweep = await sweepOrphanObjects(ctx.app.deps, () => {}, now);
    expect(sweep).toMatchObject({ removed: 2, held: false });
    expect(sweep.listed).toBeGreaterThanOrEqual(4);
    expect(await exists(named)).toBe(true);
    expect(await exists(young)).toBe(true);
    expect(await exists(elsewhere)).toBe(true);
    expect(await exists(orphan)).toBe(false);
    expect(await exists(partial)).toBe(false);
    const rows = (await ctx.db.select().from(auditLog)).filter((r) => r.action === 'ORPHANS_REMOVED');
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0])).toContain(orphan);

    // nothing left to remove: no further audit row
    expect(await sweepOrphanObjects(ctx.app.deps, () => {}, now)).toMatchObject({ removed: 0 });
    expect((await ctx.db.select().from(auditLog)).filter((r) => r.action === 'ORPHANS_REMOVED')).toHaveLength(1);
  });

  it('removes nothing when most of the store would go, and says why', async () => {
    const keys: string[] = [];
    for (let i = 0; i < 120; i++) keys.push(await stored('files/999/9', twoDaysAgo));
    const said: string[] = [];
    const sweep = await sweepOrphanObjects(ctx.app.deps, (m) => said.push(m), now);
    expect(sweep).toMatchObject({ removed: 0, held: true });
    expect(said.join()).toMatch(/named by no row/);
    for (const key of keys) expect(await exists(key)).toBe(true);
  });
});
