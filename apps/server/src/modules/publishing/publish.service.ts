import {
  type Publication,
  type PublishChanges,
  PublishErrorKeys,
  type PublishFileItem,
  type PublishFiles,
  type PublishProductItem,
  type PublishProducts,
  type PublishState,
  type PublishStateResponse,
  type publishBody,
  type publishItemsQuery,
  publishStateOf,
} from '@vellum/contract';
import type { z } from 'zod';
import { type Actor, audit } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, invalidField, notFound } from '../../platform/errors.js';
import { pageOf } from '../../platform/paging.js';
import { compileSite } from './compile-site.js';
import { draftChanges } from './publication-diff.js';
import { createPublication } from './publications.js';
import * as publications from './publications.repo.js';
import * as repo from './publish.repo.js';
import * as counts from './publish-counts.repo.js';
import { withPublishLease } from './publish-lease.js';
import { heldLease } from './publish-state.repo.js';
import type { PublishedSite } from './published-site.js';
import { checkReadiness } from './readiness.js';
import { unitOf } from './readiness.repo.js';
import { siteChanges } from './site-changes.js';

type PublishBody = z.output<typeof publishBody>;
type ItemsQuery = z.output<typeof publishItemsQuery>;
/** The states asked (validated against PUBLISH_STATES; the contract's default widens their type). */
const statesOf = (q: ItemsQuery) => q.state as PublishState[];

/** The publish's statements stop after this (PostgreSQL and PGlite); the lease is renewed while it runs (decision 0084). */
export const PUBLISH_STATEMENT_TIMEOUT_MINUTES = 10;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A unit that exists and is not the manufacturer-wide unit 0 (it has no public site of its own). */
async function publishableUnit(deps: Pick<Deps, 'db'>, businessUnitId: number) {
  const unit = businessUnitId === 0 ? undefined : await unitOf(deps.db, businessUnitId);
  if (!unit) throw notFound('business-unit');
  return unit;
}

/** The start of today in UTC: a custom date may not lie before it. */
const startOfTodayUtc = (now = new Date()) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/** Sort `field,dir` pairs against the fields a list allows (an unknown field is a 400 on sort). */
function listPage(q: ItemsQuery, sortable: Record<string, import('drizzle-orm').SQL>, fallback: string): counts.ListPage {
  const orderBy = (q.sort.length ? q.sort : [fallback]).map((s) => {
    const [field, dir] = s.split(',');
    const key = sortable[field];
    if (!key) throw invalidField('query', 'sort', 'Pattern');
    return { key, descending: dir?.toLowerCase() === 'desc' };
  });
  return { orderBy, limit: q.size, offset: q.page * q.size };
}

const totalIn = (c: Record<'unpublished' | 'scheduled' | 'published', number>, states: readonly PublishState[]) =>
  states.reduce((n, s) => n + (s === 'UNPUBLISHED' ? c.unpublished : s === 'SCHEDULED' ? c.scheduled : c.published), 0);

/** GET api/publish-products: the counts by state; with details, a page of the products in the states asked. */
export async function publishProducts(deps: Pick<Deps, 'db'>, q: ItemsQuery): Promise<PublishProducts> {
  const unit = await publishableUnit(deps, q['business-unit']);
  const page = q.details ? listPage(q, counts.PRODUCT_SORT, 'keyCode,asc') : undefined;
  const products = await counts.productCounts(deps.db, unit.id);
  if (!page) return { businessUnitId: unit.id, products };
  const rows = await counts.productItems(deps.db, unit.id, statesOf(q), page);
  const now = new Date();
  const items: PublishProductItem[] = rows.map(({ live, ...r }) => ({
    ...r,
    publishDate: iso(r.publishDate),
    publishState: publishStateOf(r.publishDate, now, Boolean(live)),
  }));
  return { businessUnitId: unit.id, products, ...pageOf(items, totalIn(products, statesOf(q)), q) };
}

/** GET api/publish-files: files and documents by state; with details, a page of the files in the states asked. */
export async function publishFiles(deps: Pick<Deps, 'db'>, q: ItemsQuery): Promise<PublishFiles> {
  const unit = await publishableUnit(deps, q['business-unit']);
  const page = q.details ? listPage(q, counts.FILE_SORT, 'name,asc') : undefined;
  const [files, documents] = [await counts.fileCounts(deps.db, unit.id), await counts.documentCounts(deps.db, unit.id)];
  if (!page) return { businessUnitId: unit.id, files, documents };
  const rows = await counts.fileItems(deps.db, unit.id, statesOf(q), page);
  const now = new Date();
  const items: PublishFileItem[] = rows.map(({ live, ...r }) => ({
    ...r,
    hasBinary: Boolean(r.hasBinary),
    publishDate: iso(r.publishDate),
    publishState: publishStateOf(r.publishDate, now, Boolean(live)),
  }));
  return { businessUnitId: unit.id, files, documents, ...pageOf(items, totalIn(files, statesOf(q)), q) };
}

/** GET api/publish-state: the publish running in the unit (an expired lease is no longer running). */
export async function publishState(deps: Pick<Deps, 'db'>, businessUnitId: number): Promise<PublishStateResponse> {
  const unit = await publishableUnit(deps, businessUnitId);
  const held = await heldLease(deps.db, unit.id);
  if (!held) return { running: false };
  return { running: true, uuid: held.uuid, startDateEpoch: held.startDate.getTime(), user: held.userLogin };
}

/**
 * GET api/publish/changes (decision 0051): the live publication against what a publish now would
 * compile: the site document compiled in memory and compared part by part, the content compared
 * in the database with the compile's own SELECTs (nothing is written).
 */
export async function publishChanges(deps: Pick<Deps, 'db'>, businessUnitId: number): Promise<PublishChanges> {
  const unit = await publishableUnit(deps, businessUnitId);
  const liveNo = await publications.liveNumber(deps.db, unit.id);
  const live = liveNo === null ? undefined : await publications.findByNumber(deps.db, unit.id, liveNo);
  const content = await draftChanges(deps.db, live?.contentId ?? null, unit.id);
  if (!live) return { businessUnitId: unit.id, live: null, restoredFrom: null, ...content, site: [] };
  const [draftSite, lastContent, restoredFromNumber] = await Promise.all([
    compileSite(deps.db, unit.id),
    publications.latestContentPublication(deps.db, unit.id),
    publications.numberOf(deps.db, live.restoredFromId),
  ]);
  const restoredNumber = lastContent?.kind === 'RESTORE' ? await publications.numberOf(deps.db, lastContent.restoredFromId) : null;
  return {
    businessUnitId: unit.id,
    live: {
      id: live.id,
      number: live.number,
      kind: live.kind as NonNullable<PublishChanges['live']>['kind'],
      createdDate: live.createdDate.toISOString(),
      createdBy: live.createdBy,
      restoredFromNumber,
    },
    restoredFrom: lastContent && restoredNumber !== null ? { number: lastContent.number, restoredFromNumber: restoredNumber } : null,
    ...content,
    site: siteChanges(live.site as PublishedSite, draftSite),
  };
}

/** GET api/publish/readiness. */
export async function publishReadiness(deps: Pick<Deps, 'db'>, businessUnitId: number) {
  return checkReadiness(deps.db, businessUnitId);
}

/**
 * POST api/publish (decision 0037): under the unit's lease, one transaction checks readiness again,
 * stamps the dates, compiles the publication and writes the audit row; either all of it is
 * written or none. A failure that is not one of ours (an AppError) is rolled back and answered as
 * error.publish.failed (500), logged with `log`.
 */
export async function publish(deps: Pick<Deps, 'db'>, actor: Actor, body: PublishBody, log: (err: unknown) => void): Promise<Publication> {
  const customDate = body.customDate ? new Date(body.customDate) : null;
  if (customDate && customDate.getTime() < startOfTodayUtc().getTime()) {
    throw new AppError(PublishErrorKeys.customDateInPast, 400, undefined, [
      { objectName: 'publish', field: 'customDate', message: PublishErrorKeys.customDateInPast },
    ]);
  }
  const unit = await publishableUnit(deps, body.businessUnitId);
  const options = { includeFuture: body.includeFuture, customDate };
  return withPublishLease(deps, unit.id, actor, async () => {
    try {
      return await deps.db.transaction(async (tx) => {
        await repo.limitStatements(tx, PUBLISH_STATEMENT_TIMEOUT_MINUTES);
        const readiness = await checkReadiness(tx, unit.id);
        const blocking = readiness.problems.find((p) => p.severity === 'ERROR');
        if (blocking) throw new AppError(blocking.key, 400, { items: blocking.items });
        const products = await repo.stampProducts(tx, unit.id, options);
        const files = await repo.stampFileVersions(tx, unit.id, options);
        const stamped = {
          products: products.stamped,
          files: files.stamped,
          broughtForward: products.broughtForward + files.broughtForward,
        };
        const created = await createPublication(tx, { businessUnitId: unit.id, actor, ...options, stamped });
        await audit(tx, actor, {
          entityName: 'publication',
          entityId: created.id,
          entityLabel: `#${created.number}`,
          action: 'PUBLISH',
          businessUnitId: unit.id,
          category: 'publish',
          changes: { number: created.number, counts: created.counts, includeFuture: body.includeFuture, customDate: iso(customDate) },
        });
        return created;
      });
    } catch (err) {
      if (err instanceof AppError) throw err;
      log(err);
      throw new AppError(PublishErrorKeys.failed, 500);
    }
  });
}
