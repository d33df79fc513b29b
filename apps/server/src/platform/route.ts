import { type RouteAnswerInput, type RouteBody, type RouteDecl, type RouteParams, type RouteQuery, routeWrites } from '@vellum/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { AccessRule } from './access.js';

/** The request a handler of route R receives: params, query and body as validated by its schemas. */
export type RouteRequest<R extends RouteDecl> = FastifyRequest<{
  Params: RouteParams<R>;
  Querystring: RouteQuery<R>;
  Body: RouteBody<R>;
}>;

type Answer<R extends RouteDecl> = RouteAnswerInput<R> | FastifyReply;
export type RouteHandler<R extends RouteDecl> = (req: RouteRequest<R>, reply: FastifyReply) => Answer<R> | Promise<Answer<R>>;

/** What the server adds to a route of the contract: its access rule (checked in one place), and hooks or limits. */
export interface RouteOptions extends Pick<RouteShorthandOptions, 'onRequest' | 'preHandler' | 'bodyLimit'> {
  access: AccessRule;
  /** A change that a read-only demo token may make (decision 0072): ending the demo, signing out. */
  inDemo?: boolean;
}

/**
 * Registers a route declared in the contract (decision 0054): method, path, schemas and OpenAPI text
 * come from the declaration, the access rule and the handler from the area's route file.
 */
export function route<R extends RouteDecl>(app: FastifyInstance, decl: R, opts: RouteOptions, handler: RouteHandler<R>): void {
  const { access, inDemo, ...hooks } = opts;
  const schema: Record<string, unknown> = { tags: decl.tags, summary: decl.summary };
  if (decl.description !== undefined) schema.description = decl.description;
  if (decl.hide) schema.hide = true;
  if (decl.security) schema.security = decl.security;
  if (decl.consumes) schema.consumes = decl.consumes;
  if (decl.produces) schema.produces = decl.produces;
  if (decl.params) schema.params = decl.params;
  if (decl.query) schema.querystring = decl.query;
  if (decl.body) schema.body = decl.body;
  if (decl.response) schema.response = decl.response;
  app.route({
    ...hooks,
    method: decl.method,
    url: decl.path,
    config: { access, writes: routeWrites(decl), inDemo: inDemo === true },
    schema,
    handler: handler as unknown as (req: FastifyRequest, reply: FastifyReply) => unknown,
  });
}
