import type { ConfigDocument } from '@vellum/contract';
import type { AuthContext } from '../../platform/access.js';
import type { Deps } from '../../platform/deps.js';
import { listProductTypes } from '../product-types/product-types.repo.js';
import { listContentBlocks, replaceContentBlocks } from '../website-layout/content-blocks.service.js';
import { listFooterItems, replaceFooterItems } from '../website-layout/footer-items.service.js';
import { unitKey } from './config-catalogue.js';
import { groupBy, type UnitIds, unitIdOf, unknownReference } from './config-units.js';

type ConfigFooter = ConfigDocument['footers'][number];
type ConfigContentBlock = ConfigDocument['contentBlocks'][number];

/** `unit/TYPE/product type` (`*`: for every product type): the natural key of a content block. */
export const contentBlockKey = (b: Pick<ConfigContentBlock, 'businessUnit' | 'type' | 'productType'>) =>
  unitKey(b.businessUnit, `${b.type}/${b.productType ?? '*'}`);

/** The footer of each level that has one of its own (unit 0's, the manufacturer-wide one, included). */
export async function readFooters(deps: Pick<Deps, 'db'>, slugs: Map<number, string>): Promise<ConfigFooter[]> {
  const result: ConfigFooter[] = [];
  for (const [unitId, unit] of slugs) {
    const items = await listFooterItems(deps.db, unitId);
    if (items.length > 0)
      result.push({
        businessUnit: unit,
        items: items.map((i) => ({ text: i.text, publicUrl: i.publicUrl, visualizationOrder: i.visualizationOrder })),
      });
  }
  return result;
}

/**
 * Through the footer's own service: the unit's footer replaced by the file's, as the layout page
 * saves it. An item at a position (`visualizationOrder`) the footer here has keeps that item's row,
 * so its translations (keyed by the row) stay, as when the text is edited on the layout page.
 */
export async function applyFooters(deps: Deps, auth: AuthContext, units: UnitIds, footers: ConfigFooter[]): Promise<void> {
  for (const footer of footers) {
    const businessUnitId = unitIdOf(units, 'footers', footer.businessUnit, footer.businessUnit);
    const here = new Map((await listFooterItems(deps.db, businessUnitId)).map((i) => [i.visualizationOrder, i.id]));
    await replaceFooterItems(
      deps,
      auth,
      businessUnitId,
      footer.items.map((i) => {
        // once: a position named twice is the service's to refuse
        const id = here.get(i.visualizationOrder) ?? null;
        here.delete(i.visualizationOrder);
        return { ...i, id, businessUnitId };
      }),
    );
  }
}

/** The product types of a unit by id and by name. */
async function typesOf(deps: Pick<Deps, 'db'>, unitId: number) {
  const rows = await listProductTypes(deps.db, unitId);
  return { names: new Map(rows.map((t) => [t.id, t.name])), ids: new Map(rows.map((t) => [t.name, t.id])) };
}

/** Every level's content blocks, a block for one product type naming it by name. */
export async function readContentBlocks(deps: Pick<Deps, 'db'>, slugs: Map<number, string>): Promise<ConfigContentBlock[]> {
  const result: ConfigContentBlock[] = [];
  for (const [unitId, unit] of slugs) {
    const blocks = await listContentBlocks(deps.db, unitId);
    if (blocks.length === 0) continue;
    const { names } = await typesOf(deps, unitId);
    for (const b of blocks) {
      result.push({
        businessUnit: unit,
        type: b.type,
        productType: b.productTypeId === null ? null : (names.get(b.productTypeId) ?? null),
        hcp: b.hcp,
        patient: b.patient,
        content: b.content,
      });
    }
  }
  return result;
}

/**
 * Through the content blocks' own service, one save of each unit's whole set: blocks of the same
 * type and product type updated, new ones added, and those only here sent back unchanged (kept).
 */
export async function applyContentBlocks(deps: Deps, auth: AuthContext, units: UnitIds, blocks: ConfigContentBlock[]): Promise<void> {
  for (const [unit, incoming] of groupBy(blocks, (b) => b.businessUnit)) {
    const businessUnitId = unitIdOf(units, 'contentBlocks', contentBlockKey(incoming[0]), unit);
    const { ids, names } = await typesOf(deps, businessUnitId);
    const slotOf = (type: string, productType: string | null) => `${type}/${productType ?? '*'}`;
    const wanted = new Map(
      incoming.map((b) => {
        const productTypeId = b.productType === null ? null : ids.get(b.productType);
        if (productTypeId === undefined)
          throw unknownReference('contentBlocks', contentBlockKey(b), { businessUnit: unit, productType: b.productType as string });
        const { businessUnit: _u, productType: _t, ...fields } = b;
        return [slotOf(b.type, b.productType), { ...fields, productTypeId: productTypeId ?? null, businessUnitId }];
      }),
    );
    const current = await listContentBlocks(deps.db, businessUnitId);
    const kept = current.map((b) => {
      const slot = slotOf(b.type, b.productTypeId === null ? null : (names.get(b.productTypeId) ?? `#${b.productTypeId}`));
      const next = wanted.get(slot);
      wanted.delete(slot);
      return { ...b, ...next, id: b.id };
    });
    const added = [...wanted.values()].map((b) => ({ ...b, id: null }));
    await replaceContentBlocks(deps, auth, businessUnitId, [...kept, ...added]);
  }
}
