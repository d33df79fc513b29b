import {
  pathOf,
  type RouteAnswer,
  type RouteBodyInput,
  type RouteDecl,
  type RouteParamsInput,
  type RouteQueryInput,
} from '@vellum/contract';
import { type ApiResponse, api, buildUrl, type RequestOptions } from './client';

/** A part of the call: required when the route declares it with a required field, optional when nothing in it is required, absent when not declared. */
type Part<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: never }
  : Record<string, never> extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

/** What a call of route R sends: its path parameters, query and JSON body, as the contract declares them. */
export type CallInput<R extends RouteDecl> = Part<'params', RouteParamsInput<R>> &
  Part<'query', RouteQueryInput<R>> &
  Part<'body', RouteBodyInput<R>>;

export type CallOptions = Pick<RequestOptions, 'signal' | 'cacheBust' | 'token' | 'responseType' | 'rawBody' | 'contentType'>;

type Args<R extends RouteDecl> =
  Record<string, never> extends CallInput<R> ? [input?: CallInput<R>, opts?: CallOptions] : [input: CallInput<R>, opts?: CallOptions];

/** The URL of a route with its parameters and query (for links, images and uploads that do not go through `call`). */
export function urlOf<R extends RouteDecl>(route: R, input: Pick<CallInput<R>, 'params' | 'query'> = {} as never): string {
  const { params, query } = input as { params?: Record<string, unknown>; query?: RequestOptions['query'] };
  return buildUrl(pathOf(route, params), query);
}

/**
 * Calls a route of the contract (decision 0054): the path, method, query, body and answer are the
 * ones the server registers from the same declaration, so a change on one side that the other
 * does not follow fails the type check.
 */
export function call<R extends RouteDecl>(route: R, ...[input, opts]: Args<R>): Promise<ApiResponse<RouteAnswer<R>>> {
  const { params, query, body } = (input ?? {}) as { params?: Record<string, unknown>; query?: RequestOptions['query']; body?: unknown };
  return api<RouteAnswer<R>>(pathOf(route, params), { ...opts, method: route.method, query, body });
}

/**
 * A route named by its method and path only, both checked against its declaration's type. For the
 * code of the first load (the sign-in page and the shell), which must not carry the contract's zod
 * schemas (its budget: e2e/specs/first-load.spec.ts); `call` and `urlOf` read only these two.
 */
export const routeRef = <R extends RouteDecl>(method: R['method'], path: R['path']): R => ({ method, path }) as RouteDecl as R;
