import type { ProductType } from '@vellum/contract';
import type { AuthContext } from '../../platform/access.js';
import { type Actor, audit } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import { type CheckedImage, replaceImage } from '../../platform/images.js';
import { requireGlobalTypesOn } from './global-types-gate.js';
import { requireReadIn } from './product-type-access.js';
import { checkPatientHeroImage } from './product-type-rules.js';
import { ENTITY, load, loadDetails, OBJECT } from './product-type-views.js';
import * as repo from './product-types.repo.js';

/** The images of a product type: the reference image and a hero image per audience. */

export type ProductTypeImageKind = 'image' | 'heroHcp' | 'heroPatient';

const IMAGE_COLUMNS: Record<ProductTypeImageKind, repo.ProductTypeImageColumn> = {
  image: 'imageKey',
  heroHcp: 'heroImageHcpKey',
  heroPatient: 'heroImagePatientKey',
};
const IMAGE_PREFIX: Record<ProductTypeImageKind, string> = { image: 'image', heroHcp: 'hero-hcp', heroPatient: 'hero-patient' };
const IMAGE_AUDIT_FIELD: Record<ProductTypeImageKind, string> = {
  image: 'image',
  heroHcp: 'heroImageHcp',
  heroPatient: 'heroImagePatient',
};

export const heroKind = (patient: boolean): ProductTypeImageKind => (patient ? 'heroPatient' : 'heroHcp');

/** The storage keys of all images of a type. */
export const imageKeysOf = (row: repo.ProductTypeRow) =>
  [row.imageKey, row.heroImageHcpKey, row.heroImagePatientKey].filter((k): k is string => !!k);

/** Checks that the type exists, and that a patient hero image may be set, before an upload is read. */
export async function requireImageTarget(deps: Deps, id: number, kind: ProductTypeImageKind): Promise<void> {
  await requireGlobalTypesOn(deps.db, (await load(deps.db, id)).businessUnitId);
  if (kind === 'heroPatient') await checkPatientHeroImage(deps.db);
}

export async function storeImage(
  deps: Deps,
  actor: Actor,
  id: number,
  kind: ProductTypeImageKind,
  image: CheckedImage,
): Promise<ProductType> {
  const column = IMAGE_COLUMNS[kind];
  await replaceImage(deps.files, `product-types/${id}/${IMAGE_PREFIX[kind]}`, image, (key) =>
    deps.db.transaction(async (tx) => {
      const before = await load(tx, id, true);
      await requireGlobalTypesOn(tx, before.businessUnitId);
      if (kind === 'heroPatient') await checkPatientHeroImage(tx);
      await repo.setProductTypeImageKey(tx, id, column, key);
      await audit(tx, actor, {
        entityName: ENTITY,
        entityId: id,
        entityLabel: before.name,
        businessUnitId: before.businessUnitId,
        action: 'IMAGE',
        changes: { [IMAGE_AUDIT_FIELD[kind]]: { from: before[column] ? 'image' : null, to: image.contentType } },
      });
      return before[column];
    }),
  );
  return loadDetails(deps.db, id);
}

export async function removeImage(deps: Deps, actor: Actor, id: number, kind: ProductTypeImageKind): Promise<ProductType> {
  const column = IMAGE_COLUMNS[kind];
  const previous = await deps.db.transaction(async (tx) => {
    const before = await load(tx, id, true);
    await requireGlobalTypesOn(tx, before.businessUnitId);
    if (!before[column]) throw notFound(`${OBJECT}.${IMAGE_AUDIT_FIELD[kind]}`);
    await repo.setProductTypeImageKey(tx, id, column, null);
    await audit(tx, actor, {
      entityName: ENTITY,
      entityId: id,
      entityLabel: before.name,
      businessUnitId: before.businessUnitId,
      action: 'IMAGE',
      changes: { [IMAGE_AUDIT_FIELD[kind]]: { from: 'image', to: null } },
    });
    return before[column];
  });
  if (previous) await deps.files.delete(previous).catch(() => {});
  return loadDetails(deps.db, id);
}

/**
 * The storage key of a saved image of a type (null when none), for a user who may read the type
 * (decision 0050: the public site shows the published image, never this one); 404 for no such type.
 */
export async function imageKeyOf(deps: Deps, auth: AuthContext, id: number, kind: ProductTypeImageKind): Promise<string | null> {
  const row = await load(deps.db, id);
  requireReadIn(auth, row.businessUnitId);
  await requireGlobalTypesOn(deps.db, row.businessUnitId);
  return row[IMAGE_COLUMNS[kind]] ?? null;
}
