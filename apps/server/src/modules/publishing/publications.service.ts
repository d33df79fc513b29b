import {
  type Publication,
  type PublicationCounts,
  type PublicationDetail,
  PublishErrorKeys,
  type publicationListQuery,
} from '@vellum/contract';
import type { z } from 'zod';
import type { EntityUnitLookup } from '../../platform/access.js';
import { type Actor, audit } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, conflict, invalidField, notFound, uniqueViolationOf } from '../../platform/errors.js';
import { contentChanges } from './publication-diff.js';
import { toPublication } from './publications.js';
import * as repo from './publications.repo.js';
import { withPublishLease } from './publish-lease.js';
import type { PublishedSite } from './published-site.js';
import { unitOf } from './readiness.repo.js';
import { siteChanges } from './site-changes.js';

type ListQuery = z.output<typeof publicationListQuery>;

const ENTITY = 'publication';

/** The unit of a publication, for its routes' access rule (undefined: no such publication). */
export const unitOfPublication: EntityUnitLookup = async (db, id) => (await repo.findPublication(db, id))?.businessUnitId;

const SORTABLE: readonly repo.PublicationSortField[] = ['number', 'createdDate'];

/** The unit's publications, newest first unless sorted otherwise; `live` on the highest number. */
export async function listPublications(deps: Pick<Deps, 'db'>, q: ListQuery): Promise<{ items: Publication[]; total: number }> {
  const [field, dir] = (q.sort[0] ?? 'number,desc').split(',');
  if (!SORTABLE.includes(field as repo.PublicationSortField)) throw invalidField('query', 'sort', 'Pattern');
  const unitId = q['business-unit'];
  const [{ rows, total }, live] = await Promise.all([
    repo.listPublications(deps.db, unitId, {
      sort: field as repo.PublicationSortField,
      descending: dir?.toLowerCase() !== 'asc',
      limit: q.size,
      offset: q.page * q.size,
    }),
    repo.liveNumber(deps.db, unitId),
  ]);
  return { items: rows.map((r) => toPublication(r, r.restoredFromNumber, live)), total };
}

/** A publication with what changed against the unit's previous number (none for the first). */
export async function getPublication(deps: Pick<Deps, 'db'>, id: number): Promise<PublicationDetail> {
  const row = await repo.findPublication(deps.db, id);
  if (!row) throw notFound(ENTITY);
  const [live, restoredFromNumber, previous] = await Promise.all([
    repo.liveNumber(deps.db, row.businessUnitId),
    repo.numberOf(deps.db, row.restoredFromId),
    row.number > 1 ? repo.findByNumber(deps.db, row.businessUnitId, row.number - 1) : Promise.resolve(undefined),
  ]);
  const publication = toPublication(row, restoredFromNumber, live);
  if (!previous) return { ...publication, previousId: null, changes: null };
  const content = await contentChanges(deps.db, previous.contentId, row.contentId);
  const siteChanged = await repo.sitesDiffer(deps.db, previous.id, row.id);
  const site = siteChanged ? siteChanges(previous.site as PublishedSite, row.site as PublishedSite) : [];
  return { ...publication, previousId: previous.id, changes: { ...content, site, siteChanged } };
}

/**
 * Makes an earlier publication's content live again as a new publication of kind RESTORE (history
 * is never rewritten; the draft is not touched), under the unit's publish lease, audited.
 */
export async function restorePublication(deps: Deps, actor: Actor, id: number): Promise<Publication> {
  const target = await repo.findPublication(deps.db, id);
  if (!target) throw notFound(ENTITY);
  return withPublishLease(deps, target.businessUnitId, actor, () =>
    deps.db
      .transaction(async (tx) => {
        const live = await repo.liveNumber(tx, target.businessUnitId);
        if (target.number === live) throw new AppError(PublishErrorKeys.alreadyLive, 400, { id: target.id, number: target.number });
        // a version purged (or deleted) since would be a broken download on the live site: refused, named (decision 0082)
        const gone = await repo.goneVersionsOf(tx, target.contentId);
        if (gone.length > 0)
          throw new AppError(PublishErrorKeys.versionsPurged, 400, {
            id: target.id,
            number: target.number,
            count: gone.length,
            files: gone.map((v) => `${v.fileName} ${v.label}`).join(', '),
            versions: gone,
          });
        const was = target.counts as PublicationCounts;
        const counts: PublicationCounts = {
          products: was.products,
          documents: was.documents,
          files: was.files,
          fileVersions: was.fileVersions,
          stamped: { products: 0, files: 0, broughtForward: 0 },
        };
        const number = await repo.nextNumber(tx, target.businessUnitId);
        const inserted = await repo.insertPublication(tx, {
          businessUnitId: target.businessUnitId,
          number,
          kind: 'RESTORE',
          contentId: target.contentId,
          restoredFromId: target.id,
          createdByUserId: actor.userId,
          createdBy: actor.login,
          includeFuture: false,
          customDate: null,
          counts,
          // the unit's status is not content: a restore keeps the website as active as the unit is now
          site: withUnitActive(target.site, (await unitOf(tx, target.businessUnitId))?.active ?? true),
        });
        const row = { ...inserted, number };
        await audit(tx, actor, {
          entityName: ENTITY,
          entityId: row.id,
          entityLabel: `#${row.number}`,
          action: 'RESTORE',
          category: 'publish',
          businessUnitId: row.businessUnitId,
          changes: { number: row.number, restoredFromId: target.id, restoredFromNumber: target.number, previousLiveNumber: live, counts },
        });
        return toPublication(row, target.number, number);
      })
      .catch((err) => {
        // the (unit, number) index is the backstop should two ever overlap: the later one lost
        if (uniqueViolationOf(err) !== undefined) throw conflict(PublishErrorKeys.alreadyRunning);
        throw err;
      }),
  );
}

/** The site document (jsonb, read as an object) with the unit's status set: a copy, the stored one never changes. */
function withUnitActive(site: unknown, active: boolean): PublishedSite {
  const stored = site as PublishedSite;
  return { ...stored, unit: { ...stored.unit, active } };
}

/**
 * The unit was made inactive or active again (decision 0037, status publications): the live
 * content goes on as a new publication of kind DEACTIVATE or ACTIVATE whose site carries the
 * status, so the website shows the coming-soon page, or its pages again, at once and the history
 * says when. Nothing for a unit never published, or whose live site already has that status.
 */
export async function publishUnitStatus(deps: Pick<Deps, 'db'>, actor: Actor, businessUnitId: number, active: boolean): Promise<void> {
  await withPublishLease(deps, businessUnitId, actor, () =>
    deps.db.transaction(async (tx) => {
      const liveNo = await repo.liveNumber(tx, businessUnitId);
      const live = liveNo === null ? undefined : await repo.findByNumber(tx, businessUnitId, liveNo);
      if (!live) return;
      if ((live.site as PublishedSite).unit.active === active) return;
      const site = withUnitActive(live.site, active);
      const was = live.counts as PublicationCounts;
      const number = live.number + 1;
      const kind = active ? 'ACTIVATE' : 'DEACTIVATE';
      const inserted = await repo.insertPublication(tx, {
        businessUnitId,
        number,
        kind,
        contentId: live.contentId,
        restoredFromId: null,
        createdByUserId: actor.userId,
        createdBy: actor.login,
        includeFuture: false,
        customDate: null,
        counts: { ...was, stamped: { products: 0, files: 0, broughtForward: 0 } },
        site,
      });
      await audit(tx, actor, {
        entityName: ENTITY,
        entityId: inserted.id,
        entityLabel: `#${number}`,
        action: kind,
        category: 'publish',
        businessUnitId,
        changes: { number, previousLiveNumber: liveNo, active },
      });
    }),
  );
}
