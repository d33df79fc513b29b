import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/**
 * One API route as both sides see it (decision 0054): the server registers it from this (with its
 * access rule and handler beside it), the admin calls it through it, and the OpenAPI document is
 * generated from it. Paths use the server's `:name` parameters.
 */
export interface RouteDecl {
  method: HttpMethod;
  path: `/${string}`;
  /** OpenAPI grouping and text. */
  tags: readonly string[];
  summary: string;
  description?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  /** Content types of the body other than JSON (OpenAPI `consumes`). */
  consumes?: readonly string[];
  /** Content types of the answer other than JSON (OpenAPI `produces`), such as a CSV export. */
  produces?: readonly string[];
  /** A JSON body (a body of another kind, such as a multipart upload, is read by the handler and not declared). */
  body?: z.ZodType;
  /** The answer per status; none for a binary or streamed answer. */
  response?: { readonly [status: number]: z.ZodType };
  /** The application message keys this route answers with, beside the generic ones (validation, 401, 403, 404, 409). */
  errors?: readonly string[];
  /** Left out of the OpenAPI document. */
  hide?: boolean;
  /**
   * What the route does when its method says otherwise: 'read' for a POST that changes nothing (a
   * search), 'write' for a GET that starts work (an export). A read-only demo token (decision 0072)
   * may call a route only when it reads.
   */
  effect?: 'read' | 'write';
  /** OpenAPI security requirements when not the document's bearer token (`[]`: called without a token, such as the sign-in). */
  security?: readonly Readonly<Record<string, readonly string[]>>[];
}

/** Whether a route changes anything: its declared effect, else every method but GET. */
export const routeWrites = (route: Pick<RouteDecl, 'method' | 'effect'>): boolean =>
  route.effect ? route.effect === 'write' : route.method !== 'GET';

/** Declares a route; the literal type is kept so that both sides read its exact shapes. */
export const defineRoute = <const R extends RouteDecl>(route: R): R => route;

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What the server's handler receives (after validation). */
export type RouteParams<R extends RouteDecl> = Out<R['params']>;
export type RouteQuery<R extends RouteDecl> = Out<R['query']>;
export type RouteBody<R extends RouteDecl> = Out<R['body']>;

/** What a caller sends (before validation: coerced query values may be numbers). */
export type RouteParamsInput<R extends RouteDecl> = In<R['params']>;
export type RouteQueryInput<R extends RouteDecl> = In<R['query']>;
export type RouteBodyInput<R extends RouteDecl> = In<R['body']>;

type Responses<R extends RouteDecl> = NonNullable<R['response']>;
/** The answer of a route: the union of its declared answers (unknown when none is declared). */
export type RouteAnswer<R extends RouteDecl> = R['response'] extends object ? z.output<Responses<R>[keyof Responses<R>]> : unknown;
/** What the handler may return for the answer (the serializer's input). */
export type RouteAnswerInput<R extends RouteDecl> = R['response'] extends object ? z.input<Responses<R>[keyof Responses<R>]> : unknown;

/** Fills a route's `:name` parameters (URI-encoded). */
export function pathOf(route: Pick<RouteDecl, 'path'>, params?: Record<string, unknown>): string {
  return route.path.replace(/:([A-Za-z][A-Za-z0-9]*)\??/g, (_m, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${route.path}: missing parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
