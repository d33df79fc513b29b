import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { document, product, productGroup } from '../db/schema/index.js';
import { makeDocument, makeDocumentAttribute, makeDocumentType } from '../factories/document-factories.js';
import { DEMO_GTIN } from './catalogue-demo.js';

/**
 * Demo documents: document types and attributes per unit, and documents linked to the demo product
 * groups and products (one orphan). Their files come from demo-files.ts. Skipped when the units
 * already hold documents; run after the catalogue demo.
 */
export async function seedDocumentDemo(db: DbOrTx, units: { cardiology: { id: number }; orthopaedics: { id: number } }): Promise<boolean> {
  const existing = await db.select({ id: document.id }).from(document).where(eq(document.businessUnitId, units.cardiology.id)).limit(1);
  if (existing.length > 0) return false;

  const groupIds = async (unit: number, names: string[]) =>
    (
      await db
        .select({ id: productGroup.id })
        .from(productGroup)
        .where(and(eq(productGroup.businessUnitId, unit), inArray(productGroup.name, names)))
    ).map((g) => g.id);
  const productIds = async (unit: number, keyCodes: string[]) =>
    (
      await db
        .select({ id: product.id })
        .from(product)
        .where(and(eq(product.businessUnitId, unit), inArray(product.keyCode, keyCodes)))
    ).map((p) => p.id);

  for (const [unit, prefix, docs] of [
    [
      units.cardiology.id,
      'CAR',
      [
        { number: 'IFU-VITA-01', name: 'Vita pacemakers: instructions for use', type: 0, groups: ['Vita family'], products: [] },
        { number: 'IFU-NOVA-01', name: 'Nova pacemakers: instructions for use', type: 0, groups: ['Nova family'], products: [] },
        {
          number: 'MRI-GUIDE-02',
          name: 'MRI scanning with conditional models',
          type: 1,
          groups: ['MRI conditional models'],
          products: [DEMO_GTIN],
        },
        { number: 'IFU-AORTICA-01', name: 'Aortica valves: implantation guide', type: 0, groups: ['Aortica valves'], products: [] },
        { number: 'DRAFT-TECH-07', name: 'Technical manual (draft, not linked yet)', type: 1, groups: [], products: [] },
      ],
    ],
    [
      units.orthopaedics.id,
      'ORT',
      [
        {
          number: 'IFU-STRIDE-01',
          name: 'Stride primary knee: surgical technique',
          type: 0,
          groups: ['Stride primary knee'],
          products: [],
        },
        {
          number: 'IFU-STRIDE-02',
          name: 'Stride revision knee: surgical technique',
          type: 0,
          groups: ['Stride revision knee'],
          products: [],
        },
      ],
    ],
  ] as const) {
    const types = [
      await makeDocumentType(db, unit, { name: 'Instructions for use', sortNumber: 10 }),
      await makeDocumentType(db, unit, { name: 'Technical information', sortNumber: 20 }),
    ];
    const revision = await makeDocumentAttribute(db, unit, { name: 'Revision', slug: 'revision', mandatory: true, visualizationOrder: 0 });
    const reference = await makeDocumentAttribute(db, unit, {
      name: 'Reference',
      slug: 'reference',
      unique: true,
      searchType: 'SEARCHABLE_EXACT',
      visualizationOrder: 1,
    });
    for (const [i, d] of docs.entries()) {
      await makeDocument(
        db,
        unit,
        types[d.type].id,
        { number: d.number, name: d.name },
        {
          values: { [revision.id]: String.fromCharCode(65 + (i % 4)), [reference.id]: `${prefix}-${String(i + 1).padStart(4, '0')}` },
          productGroupIds: await groupIds(unit, [...d.groups]),
          productIds: await productIds(unit, [...d.products]),
        },
      );
    }
  }
  return true;
}
