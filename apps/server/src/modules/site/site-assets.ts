import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildIslands, type IslandAssets, readIslands, useIslandAssets } from '@vellum/site-views';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notModified } from './site-http.js';
import { sendNotFound } from './site-pages.js';

/**
 * The site's built scripts (decision 0046), served under /site/_assets/{name}.{hash}.js for a year,
 * immutable: a new build has new names. In production they were built by `npm run build` into
 * `site-scripts/` beside the compiled server and are read from there; running from the sources (no
 * such folder beside this module) they are bundled once per process from
 * packages/site-views/src/islands, before the first page of the site is answered (or when the
 * server starts listening). A build that fails is logged and the pages go without scripts: they
 * work without them.
 */
let built: Promise<ServedAssets | null> | undefined;

/** Where `npm run build` writes the scripts: the compiled server's own folder (apps/server/dist/site-scripts). */
const PREBUILT_DIR = join(import.meta.dirname, 'site-scripts');

interface ServedAssets extends IslandAssets {
  gzipped: Map<string, Buffer>;
}

/** The built islands of this process (built on the first call). */
export function islandAssets(log?: { error(o: unknown, m: string): void }): Promise<ServedAssets | null> {
  built ??= Promise.resolve()
    .then(() => readIslands(PREBUILT_DIR) ?? buildIslands())
    .then(
      (a) => {
        const gzipped = new Map([...a.files].map(([name, f]) => [name, gzipSync(f.contents, { level: 9 })]));
        const served = { ...a, gzipped };
        useIslandAssets(served);
        return served;
      },
      (err: unknown) => {
        log?.error({ err }, 'the site scripts could not be built: the site is served without them');
        return null;
      },
    );
  return built;
}

const YEAR_SECONDS = 365 * 24 * 60 * 60;

export function siteAssetRoutes(app: FastifyInstance) {
  // built before the first page of the site is rendered, so that every page names its scripts
  app.addHook('onRequest', async (req) => {
    if (req.url.startsWith('/site')) await islandAssets(req.log);
  });
  app.addHook('onListen', async () => {
    await islandAssets(app.log);
  });

  app.get('/site/_assets/:file', { config: { access: 'public' }, schema: { hide: true } }, async (req, reply) => {
    const name = (req.params as Record<string, string>).file;
    const assets = await islandAssets(req.log);
    const file = assets?.files.get(name);
    if (!assets || !file) return sendNotFound(req, reply, { kind: 'unknown' }, new Date());
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', `public, max-age=${YEAR_SECONDS}, immutable`)
      .header('x-content-type-options', 'nosniff')
      .header('vary', 'Accept-Encoding')
      .header('etag', file.etag);
    if (notModified(req, file.etag)) return reply.code(304).send();
    if (acceptsGzip(req)) return reply.header('content-encoding', 'gzip').send(assets.gzipped.get(name));
    return reply.send(Buffer.from(file.contents));
  });
}

function acceptsGzip(req: FastifyRequest): boolean {
  const header = req.headers['accept-encoding'];
  return typeof header === 'string' && /\bgzip\b(?!;q=0(?:\.0*)?(?:,|$))/.test(header);
}
