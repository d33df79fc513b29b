import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/** The scripts a page names (`<script src>`), in document order. */
export function scriptsOf(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)].map((m) => m[1].replaceAll('&amp;', '&'));
}

/** The modules a built script imports statically (`import … from"./x.js"`, `import"./x.js"`), as URLs beside it. */
export function staticImportsOf(url: string, code: string): string[] {
  const dir = url.slice(0, url.lastIndexOf('/') + 1);
  const found = [...code.matchAll(/(?:^|[;}\s])import\s*(?:[\w$*{},\s]+from\s*)?["'](\.\/[^"']+)["']/g)].map((m) => m[1]);
  return found.map((p) => `${dir}${p.slice(2)}`);
}

/** A GET of this site: its status and body bytes (an inject() in tests, a fetch() in the benchmark). */
export type SiteGet = (url: string) => Promise<{ status: number; body: Buffer }>;

/** GET through fastify's inject(). */
export const injectGet =
  (app: FastifyInstance): SiteGet =>
  async (url) => {
    const res = await app.inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.rawPayload };
  };

/**
 * What a page makes a browser fetch before any click: its scripts and what they import
 * statically (not what they import on demand), with each file's size gzipped (level 9).
 */
export async function firstLoadOf(get: SiteGet, html: string): Promise<{ files: string[]; gzipBytes: number }> {
  const seen = new Map<string, number>();
  const visit = async (url: string) => {
    if (seen.has(url)) return;
    const res = await get(url);
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    seen.set(url, gzipSync(res.body, { level: 9 }).length);
    for (const i of staticImportsOf(url, res.body.toString())) await visit(i);
  };
  for (const s of scriptsOf(html)) await visit(s);
  return { files: [...seen.keys()], gzipBytes: [...seen.values()].reduce((a, b) => a + b, 0) };
}
