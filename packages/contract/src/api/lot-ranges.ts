import { idParams } from '../common.js';
import { lotRangeArchiveBody, lotRangeReviewSchema } from '../lot-ranges.js';
import { defineRoute } from './define.js';

/** Archiving the lot ranges of the products (decision 0010); they are read through the products' review route. */
export const lotRangesApi = {
  archive: defineRoute({
    method: 'PUT',
    path: '/api/lot-ranges/:id/archive',
    tags: ['lot-ranges'],
    summary: 'Archives a lot range (from archiveDate, usually now) or restores it (archiveDate null)',
    description: 'An archived range is off the public site and stays here; a stale version answers 409.',
    params: idParams,
    body: lotRangeArchiveBody,
    response: { 200: lotRangeReviewSchema },
  }),
};
