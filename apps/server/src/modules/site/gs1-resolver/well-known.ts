import { GS1_VOCABULARY } from '@vellum/contract';
import { LINKSET_CONTEXT } from '@vellum/site-views';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { notFound } from '../../../platform/errors.js';
import { publishedSites } from '../../public-read/index.js';
import { type SiteMode, siteAnswers } from '../site-mode.js';
import { corsHeaders, originOf, sendOptions } from './resolver-http.js';
import { siteLinkTypes } from './resolver-links.js';

/**
 * The resolver description files (GS1-Conformant resolver 1.2 §3, its description-file schema;
 * decision 0049). Each unit's site is a resolver whose root is `/site/{slug}` (a bound host's root):
 * `/site/{slug}/.well-known/gs1resolver` describes it, and a host bound to the unit answers it at
 * `/.well-known/gs1resolver` (site-hosts.ts). The server's own `/.well-known/gs1resolver` (the
 * shared host) describes the first live unit's resolver as its `resolverRoot`, as the schema wants
 * one, and lists every live unit's resolver under `resolvers` (an addition the schema allows).
 */

const json = { config: { access: 'public' as const }, schema: { hide: true } };

/** What every description says: the GTIN is the one primary key, link types are GS1's. */
function description(name: string, resolverRoot: string) {
  return {
    name,
    resolverRoot,
    supportedPrimaryKeys: ['01'],
    supportedLinkType: [{ namespace: GS1_VOCABULARY, prefix: 'gs1:' }],
    linkTypeDefaultCanBeLinkset: false,
    jsonLdContextLocation: LINKSET_CONTEXT,
  };
}

function sendDescription(reply: FastifyReply, body: object) {
  corsHeaders(reply)
    .header('content-type', 'application/json; charset=utf-8')
    .header('cache-control', 'public, max-age=300')
    .header('x-content-type-options', 'nosniff');
  return reply.send(JSON.stringify(body));
}

export function wellKnownRoutes(app: FastifyInstance, mode: SiteMode) {
  const { db, config } = app.deps;
  const { liveOrAnswer } = siteAnswers(mode);

  app.get(`${mode.prefix}/:bu/.well-known/gs1resolver`, json, async (req, reply) => {
    const now = new Date();
    corsHeaders(reply);
    const s = await liveOrAnswer(req, reply, (req.params as Record<string, string>).bu, now);
    if (!s) return;
    const { origin, bound } = originOf(req, s);
    const { site } = s.live;
    return sendDescription(reply, {
      ...description(`${site.unit.displayName} · ${site.manufacturer.name}`, `${origin}${bound ? '' : s.root}`),
      // which link types this unit's links are typed with (an addition, as GS1's own resolver lists its active ones)
      linkTypes: [...siteLinkTypes(site)].map((t) => `gs1:${t}`),
    });
  });
  app.options(`${mode.prefix}/:bu/.well-known/gs1resolver`, json, (_req, reply) => sendOptions(reply));

  app.get('/.well-known/gs1resolver', json, async (_req, reply) => {
    const units = await publishedSites(db, new Date());
    if (units.length === 0) throw notFound('gs1resolver');
    const base = new URL(config.publicUrl);
    const hostOf = new Map([...config.siteHosts].map(([host, slug]) => [slug, host]));
    const rootOf = (slug: string) => {
      const host = hostOf.get(slug);
      return host ? `${base.protocol}//${host}` : `${base.origin}/site/${encodeURIComponent(slug)}`;
    };
    return sendDescription(reply, {
      ...description(`${units[0].manufacturerName} eIFU`, rootOf(units[0].slug)),
      resolvers: units.map((u) => ({ name: u.name, resolverRoot: rootOf(u.slug) })),
    });
  });
  app.options('/.well-known/gs1resolver', json, (_req, reply) => sendOptions(reply));
}
