import {
  CONTENT_BLOCKS_MAX,
  type ContentBlock,
  type contentBlocksBody,
  WebsiteLayoutErrorKeys as K,
  PER_PRODUCT_TYPE_BLOCKS,
} from '@vellum/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { fieldError } from '../../platform/errors.js';
import { sanitizeRichText } from '../../platform/rich-text.js';
import { checkListShape, lockUnitAndCheckIds, replaceAudited, requireUnit } from './list-rules.js';
import * as repo from './website-layout.repo.js';

type Body = z.output<typeof contentBlocksBody>;

const ENTITY = 'content-block';
const OBJECT = 'contentBlock';
const KEYS = {
  tooMany: K.contentBlockTooMany,
  differentBusinessUnits: K.contentBlockDifferentBusinessUnits,
  notFound: K.contentBlockNotFound,
};

export const toContentBlock = (r: repo.ContentBlockRow): ContentBlock => ({
  id: r.id,
  businessUnitId: r.businessUnitId,
  type: r.type as ContentBlock['type'],
  productTypeId: r.productTypeId,
  hcp: r.hcp,
  patient: r.patient,
  content: r.content,
});
const auditView = (rows: repo.ContentBlockRow[]) =>
  rows.map((r) => ({ type: r.type, productTypeId: r.productTypeId, hcp: r.hcp, patient: r.patient, content: r.content }));

export async function listContentBlocks(db: DbOrTx, businessUnitId: number): Promise<ContentBlock[]> {
  await requireUnit(db, businessUnitId);
  return (await repo.listContentBlocks(db, businessUnitId)).map(toContentBlock);
}

/**
 * Makes `blocks` the unit's whole set of content blocks (an empty list removes them all): one
 * block per type and product type, a product type only for the per-product-type kinds and only one
 * of the unit, at least one audience. The content is sanitised rich text.
 */
export async function replaceContentBlocks(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  businessUnitId: number,
  blocks: Body,
): Promise<ContentBlock[]> {
  checkListShape(OBJECT, KEYS, businessUnitId, blocks, CONTENT_BLOCKS_MAX);
  const slots = new Set<string>();
  for (const b of blocks) {
    const productTypeId = b.productTypeId ?? null;
    if (productTypeId !== null && !PER_PRODUCT_TYPE_BLOCKS.includes(b.type))
      throw fieldError(OBJECT, 'productTypeId', K.contentBlockProductTypeNotAllowed, { type: b.type });
    if (!b.hcp && !b.patient) throw fieldError(OBJECT, 'hcp', K.contentBlockNoAudience);
    const slot = `${b.type}/${productTypeId ?? ''}`;
    if (slots.has(slot)) throw fieldError(OBJECT, 'type', K.contentBlockDuplicate, { type: b.type, productTypeId });
    slots.add(slot);
  }
  const values = blocks.map((b) => ({
    id: b.id,
    type: b.type,
    productTypeId: b.productTypeId ?? null,
    hcp: b.hcp,
    patient: b.patient,
    content: sanitizeRichText(b.content),
  }));
  const rows = await deps.db.transaction(async (tx) => {
    const unit = await lockUnitAndCheckIds(tx, OBJECT, KEYS, businessUnitId, blocks, repo.contentBlockUnits);
    const typeIds = [...new Set(values.flatMap((v) => (v.productTypeId ? [v.productTypeId] : [])))];
    const ofUnit = await repo.productTypesOfUnit(tx, businessUnitId, typeIds);
    const missing = typeIds.find((id) => !ofUnit.has(id));
    if (missing !== undefined) throw fieldError(OBJECT, 'productTypeId', K.contentBlockProductTypeNotFound, { productTypeId: missing });
    return replaceAudited(tx, actor, {
      entityName: ENTITY,
      businessUnitId,
      unitLabel: unit.displayName,
      list: () => repo.listContentBlocks(tx, businessUnitId),
      replace: () => repo.replaceContentBlocks(tx, businessUnitId, values),
      view: auditView,
    });
  });
  return rows.map(toContentBlock);
}
