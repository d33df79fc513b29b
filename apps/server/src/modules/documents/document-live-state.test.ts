import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document, file } from '../../db/schema/index.js';
import { makeDocument } from '../../factories/document-factories.js';
import { makeUserWithRights } from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { makePublishFile, makeReadyUnit } from '../publishing/publish.fixtures.js';
import { refreshLiveStates } from './document-live-state.repo.js';

/**
 * The publish state kept on the document with the live content it was computed against and the
 * window in which it holds (decision 0066): whether it holds, is stale (another live content, a
 * window passed) or was never computed, each state filter answers exactly the documents whose GET
 * (always computed from the files) says that state, with the state and total the search shows.
 */
let ctx: TestContext;
let ready: Awaited<ReturnType<typeof makeReadyUnit>>;
let ids: number[];
let reader: ReturnType<typeof as>;
let publisher: ReturnType<typeof as>;

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY);

beforeAll(async () => {
  ctx = await createTestContext();
  ready = await makeReadyUnit(ctx.db);
  const unitId = ready.unit.id;
  reader = as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['DOCUMENT_READ'], [unitId])).id));
  publisher = as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['PUBLISH'], [unitId])).id));
  const docs = [ready.doc];
  for (let i = 0; i < 5; i++) docs.push(await makeDocument(ctx.db, unitId, ready.docType.id));
  const [, published, scheduled, archivedSoon, twoFiles] = docs;
  await makePublishFile(ctx.db, published, [{ publishDate: at(-2), binary: true }]);
  await makePublishFile(ctx.db, scheduled, [{ publishDate: at(3), binary: true }]);
  await makePublishFile(ctx.db, archivedSoon, [{ publishDate: at(-1), binary: true }], { archiveDate: at(2) });
  await makePublishFile(ctx.db, twoFiles, [{ publishDate: at(5), binary: true }]);
  await makePublishFile(ctx.db, twoFiles, [{ publishDate: at(-3), binary: true }], { archiveDate: at(-1) });
  ids = docs.map((d) => d.id);
});
afterAll(() => ctx.close());

const search = async (payload: object, size = 200, page = 0, sort = '') => {
  const url = `/api/documents/search?business-unit=${ready.unit.id}&size=${size}&page=${page}${sort && `&sort=${sort}`}`;
  const body = (await reader({ method: 'POST', url, payload })).json();
  return { items: body.items as { id: number; number: string; publishState: string }[], total: body.pageable.totalElements as number };
};
const stateOf = async (id: number) => (await reader({ method: 'GET', url: `/api/documents/${id}` })).json().publishState as string;
const liveContent = async () =>
  Number(
    (
      (await ctx.db.execute(
        sql`SELECT coalesce((SELECT content_id FROM publication WHERE business_unit_id = ${ready.unit.id} AND number IS NOT NULL
          ORDER BY number DESC LIMIT 1), 0) AS c`,
      )) as unknown as { rows: { c: number }[] }
    ).rows[0].c,
  );
const kept = () =>
  ctx.db
    .select({ id: document.id, state: document.liveState, content: document.liveStateContentId })
    .from(document)
    .where(inArray(document.id, ids));

/** Every state filter answers exactly the documents whose GET says that state; the search shows the same state. */
async function expectFiltersAgree(): Promise<Map<number, string>> {
  const states = new Map<number, string>();
  for (const id of ids) states.set(id, await stateOf(id));
  const all = await search({});
  for (const item of all.items) expect(item.publishState, `document ${item.id}`).toBe(states.get(item.id));
  for (const state of ['PUBLISHED', 'SCHEDULED', 'UNPUBLISHED']) {
    const found = await search({ publishState: state });
    expect(
      found.items.map((i) => i.id).sort((a, b) => a - b),
      state,
    ).toEqual(ids.filter((id) => states.get(id) === state).sort((a, b) => a - b));
    expect(found.total).toBe(found.items.length);
    for (const item of found.items) expect(item.publishState).toBe(state);
    // kept and checked documents merged in number order, page by page, each page with the whole total
    const numbers = found.items.map((i) => i.number.toLowerCase());
    expect(numbers).toEqual([...numbers].sort());
    const paged = [];
    for (let page = 0; page * 2 < found.total; page++) {
      const part = await search({ publishState: state }, 2, page);
      expect(part.total, `${state} page ${page}`).toBe(found.total);
      paged.push(...part.items.map((i) => i.id));
    }
    expect(paged, state).toEqual(found.items.map((i) => i.id));
    // in the list's other orders too (each read from its own index, decision 0066): the whole list's order, filtered
    for (const sort of ['name,desc', 'lastModifiedDate,desc', 'documentType,asc']) {
      const expected = (await search({}, 200, 0, sort)).items.filter((i) => states.get(i.id) === state).map((i) => i.id);
      const sorted = [];
      for (let page = 0; page * 2 < found.total; page++)
        sorted.push(...(await search({ publishState: state }, 2, page, sort)).items.map((i) => i.id));
      expect(sorted, `${state} by ${sort}`).toEqual(expected);
    }
  }
  return states;
}

/** Whether every document's kept state is against the live content, and agrees with its GET. */
async function expectKeptCurrent(states: Map<number, string>) {
  const live = await liveContent();
  for (const row of await kept()) {
    expect(row.content, `document ${row.id}`).toBe(live);
    expect(row.state, `document ${row.id}`).toBe(states.get(row.id));
  }
}

describe('the publish state kept on the document', () => {
  it('before any publish: never computed, then kept against no content, every document unpublished', async () => {
    // a document without dated files is computed by the first refresh
    expect((await kept()).some((r) => r.content === null)).toBe(true);
    const states = await expectFiltersAgree();
    expect([...new Set(states.values())]).toEqual(['UNPUBLISHED']);
    await refreshLiveStates(ctx.db, ready.unit.id);
    await expectKeptCurrent(states);
  });

  it('a publish, then the filters: right before the refresh job ran (stale) and after it (kept)', async () => {
    const res = await publisher({ method: 'POST', url: '/api/publish', payload: { businessUnitId: ready.unit.id } });
    expect(res.statusCode).toBe(201);
    // the publish stamped the versions against the content live before it: stale now
    expect((await kept()).every((r) => r.content !== res.json().id)).toBe(true);
    const stale = await expectFiltersAgree();
    expect([...stale.values()]).toEqual(['PUBLISHED', 'PUBLISHED', 'SCHEDULED', 'PUBLISHED', 'SCHEDULED', 'UNPUBLISHED']);
    expect(await ctx.app.deps.jobs.drain()).toBeGreaterThan(0);
    await expectKeptCurrent(await expectFiltersAgree());
  });

  it('a file written after the refresh: its document is forgotten and checked, right at once, until the sweep', async () => {
    const [, , scheduled, , , plain] = ids;
    await ctx.db
      .update(file)
      .set({ archiveDate: at(-1) })
      .where(eq(file.documentId, scheduled));
    // a dated version the live content does not hold: still unpublished
    await makePublishFile(ctx.db, { id: plain, businessUnitId: ready.unit.id }, [{ publishDate: at(-1), binary: true }]);
    const forgotten = (await kept()).filter((r) => r.content === null).map((r) => r.id);
    expect(forgotten.sort((a, b) => a - b)).toEqual([scheduled, plain].sort((a, b) => a - b));
    const states = await expectFiltersAgree();
    expect([states.get(scheduled), states.get(plain)]).toEqual(['UNPUBLISHED', 'UNPUBLISHED']);
    expect(await refreshLiveStates(ctx.db)).toBe(2);
    await expectKeptCurrent(await expectFiltersAgree());
  });

  it('a kept state computed against another content, a passed window or never computed is not trusted', async () => {
    const before = await expectFiltersAgree();
    const [first, published, scheduled, archivedSoon, twoFiles, plain] = ids;
    // wrong states that would be believed if they were trusted
    await ctx.db.update(document).set({ liveState: 'UNPUBLISHED', liveStateContentId: -1 }).where(eq(document.id, published));
    await ctx.db
      .update(document)
      .set({ liveState: 'SCHEDULED', liveStateFrom: at(-10), liveStateUntil: at(-5) })
      .where(eq(document.id, archivedSoon));
    await ctx.db
      .update(document)
      .set({ liveState: 'PUBLISHED', liveStateFrom: at(1) })
      .where(eq(document.id, twoFiles));
    await ctx.db
      .update(document)
      .set({ liveState: null, liveStateContentId: null })
      .where(inArray(document.id, [first, scheduled, plain]));
    expect(await expectFiltersAgree()).toEqual(before);
    // the sweep recomputes exactly those
    expect(await refreshLiveStates(ctx.db)).toBeGreaterThanOrEqual(6);
    await expectKeptCurrent(await expectFiltersAgree());
    expect(await refreshLiveStates(ctx.db, ready.unit.id)).toBe(0);
  });

  it('a restore, then the filters: right before the refresh job ran and after it', async () => {
    const list = (await publisher({ method: 'GET', url: `/api/publications?business-unit=${ready.unit.id}` })).json();
    // publish again so that the first publication is not live, then restore it
    await makePublishFile(ctx.db, { id: ids[5], businessUnitId: ready.unit.id }, [{ publishDate: null, binary: true }]);
    expect((await publisher({ method: 'POST', url: '/api/publish', payload: { businessUnitId: ready.unit.id } })).statusCode).toBe(201);
    await ctx.app.deps.jobs.drain();
    const second = await expectFiltersAgree();
    expect(second.get(ids[5])).toBe('PUBLISHED');
    await expectKeptCurrent(second);

    const firstId = (Array.isArray(list) ? list : list.items)[0].id as number;
    const res = await publisher({ method: 'POST', url: `/api/publications/${firstId}/restore` });
    expect(res.statusCode).toBe(201);
    const restored = await expectFiltersAgree();
    // the plain document's new version is not in the restored content
    expect(restored.get(ids[5])).toBe('UNPUBLISHED');
    const live = await liveContent();
    expect((await kept()).every((r) => r.content !== live)).toBe(true);
    await ctx.app.deps.jobs.drain();
    await expectKeptCurrent(await expectFiltersAgree());
  });
});
