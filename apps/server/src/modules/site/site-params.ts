import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { id, text } from './site-http.js';

/**
 * The path parameters and query values of the site's pages, typed by zod. They are read inside
 * the handler and never refused there: a page answers what it cannot use with the site's own 404
 * (or its form again), never with the API's problem+json a route schema would send.
 */

/** Any value a visitor may leave out. */
const sent = z.unknown().optional();
/** A text a visitor sent (`text`): one value, no control characters, trimmed, at most 200 characters. */
const visitorText = z.unknown().optional().transform(text);
/** A positive id of an integer column (`id`), or undefined. */
const visitorId = z.unknown().optional().transform(id);
const segment = z.string();

export const unitParams = z.object({ bu: segment });
const choiceParams = unitParams.extend({ country: segment, language: segment, audience: segment });
export const typeParams = choiceParams.extend({ type: segment });
export const productParams = typeParams.extend({ keyCode: segment });
export const fileParams = unitParams.extend({ fileId: visitorId });
export const mediaParams = unitParams.extend({ '*': segment });
export const resourceParams = unitParams.extend({ name: segment });

export const chooserQuery = z.object({
  country: visitorText,
  language: visitorText,
  audience: visitorText,
  /** The language to write the chooser in. */
  lang: visitorText,
  /** Present: show the form pre-filled even with a remembered choice. */
  change: sent,
  /** A GS1 link opened before any choice (site-gs1.ts). */
  gs1: sent,
  /** The page a change of choice comes from (its path under the site root). */
  from: visitorText,
});

export const productQuery = z.object({ lot: visitorText });

/** The product context a download confirmation, a download or a paper copy carries (decision 0039). */
export const downloadQuery = z.object({
  product: visitorId,
  country: visitorText,
  language: visitorText,
  audience: visitorText,
  lot: visitorText,
  /** A previous version's id: present and malformed names nothing. */
  version: sent,
});

/** A search's query: its fields (`keyCode`, `lot`, `a{definitionId}`) are the type's, so any name is read. */
export const searchQuery = z.record(z.string(), z.unknown());

/** The request's params as the route's schema types them. */
export const paramsOf = <T extends z.ZodType>(schema: T, req: FastifyRequest): z.output<T> => schema.parse(req.params);
/** The request's query as the route's schema types them (unknown names left out, except for a record). */
export const queryOf = <T extends z.ZodType>(schema: T, req: FastifyRequest): z.output<T> => schema.parse(req.query ?? {});
