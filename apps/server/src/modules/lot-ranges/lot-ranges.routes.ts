import { idParams, lotRangeArchiveBody, lotRangeReviewSchema } from '@vellum/contract';
import { authOf, unitOfEntity } from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import { type RoutesPlugin, typed } from '../../platform/deps.js';
import { archiveLotRange, unitOfLotRange } from './lot-ranges.service.js';

const tags = ['lot-ranges'];

export const lotRangesRoutes: RoutesPlugin = async (app) => {
  const r = typed(app);
  const { deps } = app;
  const db = () => deps.db;

  r.put(
    '/api/lot-ranges/:id/archive',
    {
      config: { access: { right: 'PRODUCT_MANAGE', unit: unitOfEntity(db, 'lotRange', unitOfLotRange) } },
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
