import { createHash } from 'node:crypto';
import { customerApi as api } from '@vellum/contract';
import { sendBinary } from '../../platform/binaries.js';
import type { RoutesPlugin } from '../../platform/deps.js';
import { pageOf, sendPage } from '../../platform/paging.js';
import { route } from '../../platform/route.js';
import { listProducts, listUnits, productDocuments, versionToDownload } from './customer-api.service.js';
import { customerTokenCheck } from './customer-token.js';

/**
 * The customer API (issue 23, decision 0076) under /api/public/v1: read-only, answered from the
 * live publications. Its access rule is 'public' (no Vellum session); every route checks the
 * bearer token of the manufacturer's provider in one place, `customerTokenCheck`, before anything
 * of the request is validated.
 */
export const customerApiRoutes: RoutesPlugin = async (app) => {
  const deps = app.deps;
  const opts = { access: 'public' as const, onRequest: customerTokenCheck(deps) };

  route(app, api.units, opts, async (_req, reply) => {
    const units = await listUnits(deps.db, new Date());
    return sendPage(reply, units, units.length);
  });
  route(app, api.products, opts, async (req) => {
    const { items, total } = await listProducts(deps.db, req.params.businessUnitId, req.query, new Date());
    return pageOf(items, total, { ...req.query, sort: [] });
  });
  route(app, api.productDocuments, opts, async (req, reply) => {
    const documents = await productDocuments(deps.db, req.params.businessUnitId, req.params.productId, new Date());
    return sendPage(reply, documents, documents.length);
  });
  route(app, api.download, opts, async (req, reply) => {
    const v = await versionToDownload(deps.db, req.params.businessUnitId, req.params.fileVersionId, new Date());
    const size = v.binarySize === null ? (await deps.files.stat(v.binaryKey))?.size : Number(v.binarySize);
    return sendBinary(req, reply, deps.files, {
      key: v.binaryKey,
      size: size ?? 0,
      mediaType: v.mediaType ?? 'application/octet-stream',
      sha256: v.sha256 ?? createHash('sha256').update(v.binaryKey).digest('hex'),
      fileName: v.binaryName ?? v.fileName,
    });
  });
};
