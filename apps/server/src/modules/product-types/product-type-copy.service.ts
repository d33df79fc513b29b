import { CatalogueErrorKeys, GLOBAL_BUSINESS_UNIT_ID, type ProductType } from '@vellum/contract';
import { type Actor, audit, diff } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, notFound } from '../../platform/errors.js';
import { requireGlobalTypesOn } from './global-types-gate.js';
import { checkCopy, checkNameAndSlug, mappingUniqueViolations, patientPortalOn } from './product-type-rules.js';
import { auditView, ENTITY, load, loadDetails } from './product-type-views.js';
import * as repo from './product-types.repo.js';

/**
 * Copies a global product type (business unit 0) with its attribute definitions and images into a
 * business unit. The copy keeps every setting of the global type and remembers where it came from.
 */
export async function copyProductType(deps: Deps, actor: Actor, sourceId: number, businessUnitId: number): Promise<ProductType> {
  const source = await load(deps.db, sourceId);
  if (source.businessUnitId !== GLOBAL_BUSINESS_UNIT_ID || businessUnitId === GLOBAL_BUSINESS_UNIT_ID) {
    throw new AppError(CatalogueErrorKeys.productTypeNotGlobal, 400, { id: sourceId });
  }
  await requireGlobalTypesOn(deps.db, source.businessUnitId);
  const sourceDefs = await repo.definitionsOf(deps.db, [sourceId]);
  // the images are copied first; when the copy fails, they are removed again
  const copies: string[] = [];
  const copyImage = async (key: string | null, name: string) => {
    if (!key) return null;
    const data = await deps.files.get(key);
    if (!data) return null;
    const copy = await deps.files.put(`product-types/copies/${name}`, data, key.slice(key.lastIndexOf('.') + 1));
    copies.push(copy);
    return copy;
  };
  try {
    const images = {
      imageKey: await copyImage(source.imageKey, 'image'),
      heroImageHcpKey: await copyImage(source.heroImageHcpKey, 'hero-hcp'),
      heroImagePatientKey: await copyImage(source.heroImagePatientKey, 'hero-patient'),
    };
    const id = await mappingUniqueViolations(() =>
      deps.db.transaction(async (tx) => {
        if (!(await repo.businessUnitExists(tx, businessUnitId))) throw notFound('businessUnit');
        checkCopy(await patientPortalOn(tx), source, sourceDefs, !!images.heroImagePatientKey);
        await checkNameAndSlug(tx, businessUnitId, source.name, source.slug);
        const {
          id: _id,
          version: _v,
          createdDate: _c,
          businessUnitId: _u,
          copiedFromId: _f,
          imageKey: _i,
          heroImageHcpKey: _h,
          heroImagePatientKey: _p,
          ...settings
        } = source;
        const row = await repo.insertProductType(tx, { ...settings, ...images, businessUnitId, copiedFromId: source.id });
        const created = await repo.insertDefinitions(
          tx,
          row.id,
          sourceDefs.map(({ id: _d, productTypeId: _t, ...d }) => d),
        );
        await audit(tx, actor, {
          entityName: ENTITY,
          entityId: row.id,
          entityLabel: row.name,
          businessUnitId,
          action: 'COPY',
          changes: diff({}, auditView(row, created)),
        });
        return row.id;
      }),
    );
    return await loadDetails(deps.db, id);
  } catch (err) {
    for (const key of copies) await deps.files.delete(key).catch(() => {});
    throw err;
  }
}
