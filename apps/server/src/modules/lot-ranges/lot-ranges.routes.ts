import { idParams, lotRangeArchiveBody, lotRangeReviewSchema, reviewLotRangesQuery } from '@vellum/contract';
import { z } from 'zod';
import { authOf, unitOfEntity } from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import { type RoutesPlugin, typed } from '../../platform/deps.js';
import { unitOfProductScope } from '../products/products.access.js';
import { archiveLotRange, reviewLotRanges } from './lot-ranges.service.js';

const tags = ['lot-ranges'];

export const lotRangesRoutes: RoutesPlugin = async (app) => {
  const r = typed(app);
  const { deps } = app;
  const db = () => deps.db;

  r.get(
    '/api/products/review-lot-ranges',
    {
      config: { access: { right: ['PRODUCT_READ', 'PRODUCT_MANAGE'], unit: unitOfProductScope(db) } },
      schema: {
        tags,
        summary: 'The lot ranges of a business unit or a product type, with the products linked to them',
        description:
          'One of `business-unit` or `product-type` is required (PRODUCT_READ or PRODUCT_MANAGE in its unit); ' +
          '`archived=true` lists the archived ranges (archive date reached), `archived=false` the current ones.',
        querystring: reviewLotRangesQuery,
        response: { 200: z.array(lotRangeReviewSchema) },
      },
    },
    (req) => reviewLotRanges(deps, req.query),
  );

  r.put(
    '/api/lot-ranges/:id/archive',
    {
      config: { access: { right: 'PRODUCT_MANAGE', unit: unitOfEntity(db, 'lotRange') } },
      schema: {
        tags,
        summary: 'Archives a lot range (from archiveDate, usually now) or restores it (archiveDate null)',
        description: 'An archived range is off the public site and stays here; a stale version answers 409.',
        params: idParams,
        body: lotRangeArchiveBody,
        response: { 200: lotRangeReviewSchema },
      },
    },
    async (req, reply) => {
      const range = await archiveLotRange(deps, authOf(req), req.params.id, req.body);
      alert(reply, range.archiveDate === null ? 'vellumApp.lotRange.restored' : 'vellumApp.lotRange.archived', range.name);
      return range;
    },
  );
};
