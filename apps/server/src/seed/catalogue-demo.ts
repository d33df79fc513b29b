import { GLOBAL_BUSINESS_UNIT_ID } from '@vellum/contract';
import { gs1CheckDigit } from '@vellum/site-views';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { productType } from '../db/schema/index.js';
import { makeLotRange, makeProduct, makeProductGroup, makeProductRemark, makeProductType } from '../factories/catalogue-factories.js';

/**
 * A GTIN-13 of the demo, under GS1's prefix 952 for demonstrations and examples (never a real
 * product): 952012345 and a 3-digit item reference, then the check digit. Item 678 is GS1's own
 * example, 9520123456788.
 */
export function demoGtin(item: number): string {
  const data = `952012345${String(item).padStart(3, '0')}`;
  return `${data}${gs1CheckDigit(data)}`;
}

/** The demo product whose GS1 link the README offers to scan (Vita 100, published in Cardiology). */
export const DEMO_GTIN = demoGtin(678);

/**
 * Demo catalogue: product types with attributes, products with values and mixed publish dates,
 * some key codes GTINs (the Vita and Nova pacemakers, the Aortica valves, the Stride primary knees),
 * product groups with remarks, lot ranges (one archived), orphan products and an orphan group,
 * and one global product type. Skipped when the business units already hold product types.
 */
/** The implant types keep what they published 15 years after their products' end (EU 2021/2226 art. 7). */
const IMPLANTABLE = { implantable: true, retentionYears: 15 } as const;

export async function seedCatalogueDemo(db: DbOrTx, units: { cardiology: { id: number }; orthopaedics: { id: number } }): Promise<boolean> {
  const existing = await db
    .select({ id: productType.id })
    .from(productType)
    .where(eq(productType.businessUnitId, units.cardiology.id))
    .limit(1);
  if (existing.length > 0) return false;

  const day = 24 * 60 * 60 * 1000;
  const now = Date.now();
  /** Publish dates in turn: published long ago, unpublished, published recently, scheduled. */
  const publishDateOf = (i: number) => [new Date(now - 90 * day), null, new Date(now - 7 * day), new Date(now + 30 * day)][i % 4];

  // Cardiology: pacemakers
  const pacemakers = await makeProductType(
    db,
    units.cardiology.id,
    { name: 'Pacemakers', slug: 'pacemakers', keyCodeLabelHcp: 'GTIN or reference number', ...IMPLANTABLE },
    [
      { name: 'Model', slug: 'model', isUnique: true, isMandatory: true, pinned: true, searchTypeHcp: 'SEARCHABLE_PARTIAL' },
      { name: 'Size', slug: 'size', searchTypeHcp: 'VISIBLE' },
      { name: 'Brand', slug: 'brand', searchTypeHcp: 'SEARCHABLE_DROPDOWN' },
    ],
  );
  const [pmModel, pmSize, pmBrand] = pacemakers.definitions;
  const pacemakerModels = [
    ['Vita 100', 'S', 'Acme Rhythm'],
    ['Vita 200', 'M', 'Acme Rhythm'],
    ['Vita 300', 'L', 'Acme Rhythm'],
    ['Vita 300 MRI', 'L', 'Acme Rhythm'],
    ['Nova DR', 'M', 'Acme Nova'],
    ['Nova SR', 'S', 'Acme Nova'],
    ['Nova CRT', 'L', 'Acme Nova'],
    ['Nova CRT-D', 'L', 'Acme Nova'],
    ['Pulse Mini', 'XS', 'Acme Pulse'],
    ['Pulse Classic', 'M', 'Acme Pulse'],
    ['Pulse Leadless', 'XS', 'Acme Pulse'],
    ['Pulse Legacy', 'M', 'Acme Pulse'],
  ];
  const pms = [];
  for (const [i, [model, size, brand]] of pacemakerModels.entries()) {
    pms.push(
      await makeProduct(
        db,
        pacemakers,
        // Vita and Nova carry GTINs (GS1 links, labels); the Pulse models keep reference numbers
        // Pulse Legacy is no longer made: its end-of-life date starts its documents' retention period
        {
          keyCode: i < 8 ? demoGtin(678 + i) : `PM-${1001 + i}`,
          publishDate: publishDateOf(i),
          endOfLifeDate: model === 'Pulse Legacy' ? '2024-06-30' : null,
        },
        { [pmModel.id]: model, [pmSize.id]: size, [pmBrand.id]: brand },
      ),
    );
  }

  // Cardiology: heart valves, with lot numbers
  const valves = await makeProductType(
    db,
    units.cardiology.id,
    { name: 'Heart valves', slug: 'heart-valves', lotNumbers: true, keyCodeLabelHcp: 'Catalogue number', ...IMPLANTABLE },
    [
      { name: 'Model', slug: 'model', isUnique: true, searchTypeHcp: 'SEARCHABLE_PARTIAL' },
      { name: 'Diameter', slug: 'diameter', searchTypeHcp: 'SEARCHABLE_DROPDOWN' },
      { name: 'Lot number', slug: 'lot-number', type: 'MULTI_ARRAY', searchTypeHcp: 'SEARCHABLE_EXACT' },
    ],
  );
  const [valveModel, valveDiameter] = valves.definitions;
  const vs = [];
  for (const [i, diameter] of ['19 mm', '21 mm', '23 mm', '25 mm', '27 mm', '29 mm', '21 mm', '23 mm'].entries()) {
    vs.push(
      await makeProduct(
        db,
        valves,
        { keyCode: i < 4 ? demoGtin(690 + i) : `HV-${2001 + i}`, publishDate: publishDateOf(i + 1) },
        { [valveModel.id]: `${i < 6 ? 'Aortica' : 'Mitra'} ${diameter.replace(' mm', '')}`, [valveDiameter.id]: diameter },
      ),
    );
  }
  await makeLotRange(db, valves, [vs[0].id, vs[1].id, vs[2].id], {
    name: 'Aortica lots 2025',
    numbers: ['AV25-0001', 'AV25-0002', 'AV25-0003', 'AV25-0104'],
  });
  await makeLotRange(db, valves, [vs[3].id, vs[4].id], {
    name: 'Aortica lots 2022 (retired)',
    numbers: ['AV22-0310', 'AV22-0311'],
    archiveDate: new Date(now - 180 * day),
  });

  // Orthopaedics: knee implants
  const knees = await makeProductType(db, units.orthopaedics.id, { name: 'Knee implants', slug: 'knee-implants', ...IMPLANTABLE }, [
    { name: 'Model', slug: 'model', isUnique: true, isMandatory: true, pinned: true, searchTypeHcp: 'SEARCHABLE_PARTIAL' },
    { name: 'Side', slug: 'side', searchTypeHcp: 'SEARCHABLE_DROPDOWN' },
    { name: 'Size', slug: 'size', searchTypeHcp: 'VISIBLE' },
  ]);
  const [kneeModel, kneeSide, kneeSize] = knees.definitions;
  const ks = [];
  for (let i = 0; i < 10; i++) {
    const side = i % 2 === 0 ? 'Left' : 'Right';
    const size = String(3 + Math.floor(i / 2));
    ks.push(
      await makeProduct(
        db,
        knees,
        { keyCode: i < 5 ? demoGtin(700 + i) : `KN-${3001 + i}`, publishDate: publishDateOf(i + 2) },
        { [kneeModel.id]: `${i < 7 ? 'Stride' : 'Stride Revision'} ${side[0]}${size}`, [kneeSide.id]: side, [kneeSize.id]: size },
      ),
    );
  }

  // a global product type that business units can copy
  await makeProductType(db, GLOBAL_BUSINESS_UNIT_ID, { name: 'Surgical instruments', slug: 'surgical-instruments' }, [
    { name: 'Model', slug: 'model', isUnique: true, searchTypeHcp: 'SEARCHABLE_PARTIAL' },
    { name: 'Material', slug: 'material', searchTypeHcp: 'VISIBLE' },
  ]);

  // remarks and product groups; the products left out of every group are the orphans
  const mri = await makeProductRemark(db, units.cardiology.id, {
    name: 'MRI conditional',
    visualizationOrder: 1,
    content: '<p><strong>MR conditional.</strong> Scan only under the conditions in the <em>MRI technical manual</em>.</p>',
  });
  const battery = await makeProductRemark(db, units.cardiology.id, {
    name: 'Battery advisory',
    visualizationOrder: 2,
    patient: true,
    content:
      '<p>Some devices may show early battery depletion.</p><ul><li>Check the battery at every follow-up.</li><li>Contact your clinic if the device beeps.</li></ul>',
  });
  const valveNote = await makeProductRemark(db, units.cardiology.id, {
    name: 'Sizing guidance',
    visualizationOrder: 3,
    content:
      '<p>Use the matching sizer before implantation. See <a href="https://example.com/sizing" target="_blank" rel="noopener noreferrer">sizing guide</a>.</p>',
  });
  const sterile = await makeProductRemark(db, units.orthopaedics.id, {
    name: 'Sterile packaging',
    visualizationOrder: 1,
    hcp: true,
    patient: true,
    content: '<p>Do not use if the sterile packaging is opened or damaged.</p>',
  });
  const cementless = await makeProductRemark(db, units.orthopaedics.id, {
    name: 'Cementless fixation',
    visualizationOrder: 2,
    content: '<p>For cementless fixation only.</p>',
  });

  await makeProductGroup(
    db,
    pacemakers,
    pms.slice(0, 4).map((p) => p.id),
    { name: 'Vita family' },
    [mri.id, battery.id],
  );
  await makeProductGroup(
    db,
    pacemakers,
    pms.slice(4, 8).map((p) => p.id),
    { name: 'Nova family' },
    [mri.id],
  );
  // MRI-safe models across families: a product may be in several groups
  await makeProductGroup(db, pacemakers, [pms[3].id, pms[6].id], { name: 'MRI conditional models' }, [mri.id]);
  await makeProductGroup(db, pacemakers, [], { name: 'Legacy devices' });
  await makeProductGroup(
    db,
    valves,
    vs.slice(0, 4).map((p) => p.id),
    { name: 'Aortica valves' },
    [valveNote.id],
  );
  await makeProductGroup(
    db,
    knees,
    ks.slice(0, 5).map((p) => p.id),
    { name: 'Stride primary knee' },
    [sterile.id, cementless.id],
  );
  await makeProductGroup(
    db,
    knees,
    ks.slice(7, 9).map((p) => p.id),
    { name: 'Stride revision knee' },
    [sterile.id],
  );
  return true;
}
