import { type BusinessUnit, type businessUnitLayoutBody, type businessUnitLayoutSchema, GLOBAL_BUSINESS_UNIT_ID } from '@vellum/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import { type Actor, audit, diff } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import { type CheckedImage, replaceImage } from '../../platform/images.js';
import { checkCss } from '../website-layout/css-check.js';
import { layoutOf } from '../website-layout/unit-layout.js';
import { publicResourceNames } from '../website-layout/website-layout.repo.js';
import { type BusinessUnitRow, findBusinessUnit, setBusinessUnitCss, setBusinessUnitLogoKey } from './business-units.repo.js';
import { headerTexts, toBusinessUnit, updateAudited } from './business-units.service.js';
import { requireAnyRightIn } from './unit-access.js';

/**
 * Changes to the look of a unit's public website: colours, logo, custom CSS (decision 0028; what it
 * inherits from unit 0 is read by website-layout/unit-layout.ts). Unit 0 is reached by these calls only.
 */

type LayoutBody = z.output<typeof businessUnitLayoutBody>;
type Layout = z.output<typeof businessUnitLayoutSchema>;

const ENTITY = 'business-unit';

async function loadAny(db: DbOrTx, id: number, forUpdate = false): Promise<BusinessUnitRow> {
  const row = await findBusinessUnit(db, id, forUpdate, 'any');
  if (!row) throw notFound(ENTITY);
  return row;
}

/** What the layout form edits, as the audit log records it. */
const layoutView = (row: BusinessUnitRow) => ({
  mainColor: row.mainColor,
  highlightColor: row.highlightColor,
  lightHeaderText: row.lightHeaderText,
  headerTextTitle: row.headerTextTitle,
  headerTextBody: row.headerTextBody,
  oneColumnLayout: row.oneColumnLayout,
});

export async function updateLayout(deps: Deps, auth: AuthContext, body: LayoutBody): Promise<Layout> {
  const { id, version, ...fields } = body;
  const values = { ...fields, ...headerTexts(fields) };
  const row = await updateAudited(deps, auth, { id, version, values, action: 'LAYOUT', view: layoutView, scope: 'any' });
  return layoutOf(deps.db, row);
}

/** Checks that the unit (or unit 0) exists before an upload is read. */
export async function requireLayoutUnit(deps: Pick<Deps, 'db'>, id: number): Promise<void> {
  await loadAny(deps.db, id);
}

export async function storeLogo(deps: Deps, actor: Actor, id: number, image: CheckedImage): Promise<BusinessUnit> {
  await replaceImage(deps.files, `business-units/${id}/logo`, image, (key) =>
    deps.db.transaction(async (tx) => {
      const before = await loadAny(tx, id, true);
      await setBusinessUnitLogoKey(tx, id, key);
      await audit(tx, actor, {
        entityName: ENTITY,
        entityId: id,
        entityLabel: before.displayName,
        businessUnitId: id,
        action: 'LOGO',
        changes: { logo: { from: before.logoKey ? 'image' : null, to: image.contentType } },
      });
      return before.logoKey;
    }),
  );
  return toBusinessUnit(await loadAny(deps.db, id));
}

/**
 * The storage key of a unit's saved logo, for a signed-in user holding some right in the unit
 * (decision 0050: the public site shows the published logo, never this one). Unit 0's logo, which
 * every unit without its own inherits, is shown to any signed-in user.
 */
export async function logoKeyOf(deps: Pick<Deps, 'db'>, auth: AuthContext, id: number): Promise<string | null> {
  if (id !== GLOBAL_BUSINESS_UNIT_ID) requireAnyRightIn(auth, id);
  return (await findBusinessUnit(deps.db, id, false, 'any'))?.logoKey ?? null;
}

export async function getCss(deps: Pick<Deps, 'db'>, auth: AuthContext, id: number): Promise<{ content: string }> {
  requireAnyRightIn(auth, id);
  return { content: (await loadAny(deps.db, id)).cssContent };
}

// the audit row keeps the start of long style sheets only
const AUDIT_CSS_CHARS = 2000;
const clip = (css: string) => (css.length > AUDIT_CSS_CHARS ? `${css.slice(0, AUDIT_CSS_CHARS)}… (${css.length} characters)` : css);

/** Stores custom CSS that passes the check of decision 0027 (parsed; nothing that loads script or other origins). */
export async function updateCss(deps: Pick<Deps, 'db'>, actor: Actor, id: number, content: string): Promise<{ content: string }> {
  await deps.db.transaction(async (tx) => {
    const before = await loadAny(tx, id, true);
    checkCss(content, await publicResourceNames(tx, id));
    await setBusinessUnitCss(tx, id, content);
    await audit(tx, actor, {
      entityName: ENTITY,
      entityId: id,
      entityLabel: before.displayName,
      businessUnitId: id,
      action: 'CSS',
      changes: diff({ cssContent: clip(before.cssContent) }, { cssContent: clip(content) }),
    });
  });
  return { content };
}
