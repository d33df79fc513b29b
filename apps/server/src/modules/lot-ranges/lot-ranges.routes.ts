import { lotRangesApi as api } from '@vellum/contract';
import { authOf, unitOfEntity } from '../../platform/access.js';
import { alert } from '../../platform/alerts.js';
import type { RoutesPlugin } from '../../platform/deps.js';
import { route } from '../../platform/route.js';
import { archiveLotRange, unitOfLotRange } from './lot-ranges.service.js';

export const lotRangesRoutes: RoutesPlugin = async (app) => {
  const { deps } = app;
  const db = () => deps.db;

  route(
    app,
    api.archive,
    { access: { right: 'PRODUCT_MANAGE', unit: unitOfEntity(db, 'lotRange', unitOfLotRange) } },
    async (req, reply) => {
      const range = await archiveLotRange(deps, authOf(req), req.params.id, req.body);
      alert(reply, range.archiveDate === null ? 'vellumApp.lotRange.restored' : 'vellumApp.lotRange.archived', range.name);
      return range;
    },
  );
};
