import { ERROR_TITLES, ErrorKeys, HEADER_ERROR, HEADER_PARAMS, type Problem } from '@vellum/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { dependencyUnavailable } from './unavailable.js';

export interface FieldError {
  objectName: string;
  field: string;
  message: string;
}

/** The one error type of the server; the error handler maps it to problem+json. */
export class AppError extends Error {
  constructor(
    public readonly key: string,
    public readonly status: number = 400,
    public readonly params?: Record<string, unknown>,
    public readonly fieldErrors?: FieldError[],
    public readonly code?: string,
  ) {
    super(key);
  }
}

export const badRequest = (key: string, params?: Record<string, unknown>) => new AppError(key, 400, params);
export const notFound = (entity?: string) => new AppError(ErrorKeys.notFound, 404, entity ? { entity } : undefined);
export const forbidden = () => new AppError(ErrorKeys.forbidden, 403);
export const conflict = (key: string = ErrorKeys.concurrencyFailure) => new AppError(key, 409);
/**
 * The one helper for a 400 on one field, in the shape of schema validation errors: the object and
 * field, the error's key (a rule's key) with its params, and the field's message (the key itself
 * unless given).
 */
export const fieldError = (objectName: string, field: string, key: string, params?: Record<string, unknown>, message: string = key) =>
  new AppError(key, 400, params, [{ objectName, field, message }]);

/** A field refused as a schema refuses it: `error.validation` with the field's code (NotNull, Pattern, NotFound, …). */
export const invalidField = (objectName: string, field: string, code: string, params?: Record<string, unknown>) =>
  fieldError(objectName, field, ErrorKeys.validation, params, code);

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** Seconds a client is asked to wait before trying again while the database or the storage cannot be reached. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 10;

function problem(status: number, message: string, extra: Partial<Problem> = {}): Problem {
  return { type: 'about:blank', title: ERROR_TITLES[message] ?? TITLES[status] ?? 'Error', status, message, ...extra };
}

const PG_UNIQUE_VIOLATION = '23505';
const PG_FOREIGN_KEY_VIOLATION = '23503';

function pgCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  if (typeof e?.code === 'string' && /^\d{5}$/.test(e.code)) return e.code;
  if (typeof e?.cause?.code === 'string') return e.cause.code as string;
  return undefined;
}

/** A page that answers Fastify's own errors under a path prefix (the public website's 400 page). */
export type FrameworkErrorPage = (err: FastifyError, req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
const frameworkErrorPages = new WeakMap<FastifyInstance, { prefix: string; page: FrameworkErrorPage }[]>();

/** Answers Fastify's own errors for URLs under `prefix` with a page of the area's own (decision 0049). */
export function registerFrameworkErrorPage(app: FastifyInstance, prefix: string, page: FrameworkErrorPage): void {
  frameworkErrorPages.set(app, [...(frameworkErrorPages.get(app) ?? []), { prefix, page }]);
}

/** A page that answers, under a path prefix, a request that failed because the database or the storage cannot be reached. */
export type UnavailablePage = (req: FastifyRequest, reply: FastifyReply) => unknown;
const unavailablePages = new WeakMap<FastifyInstance, { prefix: string; page: UnavailablePage }[]>();

/** Answers with the area's own page (the public site's 503 page) for URLs under `prefix` while a dependency is unavailable (decision 0080). */
export function registerUnavailablePage(app: FastifyInstance, prefix: string, page: UnavailablePage): void {
  unavailablePages.set(app, [...(unavailablePages.get(app) ?? []), { prefix, page }]);
}

function pageFor<P>(pages: { prefix: string; page: P }[] | undefined, url: string): P | undefined {
  return pages?.find((p) => url === p.prefix || url.startsWith(`${p.prefix}/`) || url.startsWith(`${p.prefix}?`))?.page;
}

/**
 * Errors Fastify answers before a route is found (a path that is not valid percent-encoded UTF-8,
 * a path parameter longer than the router allows): problem+json like every other error, or the
 * page an area registered for its URLs (the public site's). Passed to Fastify as its
 * `frameworkErrors` option.
 */
export function frameworkErrorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const status = typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
  const body = problem(status, `error.http.${status}`);
  const problemAnswer = () => reply.status(status).type('application/problem+json').header(HEADER_ERROR, body.message).send(body);
  const own = pageFor(frameworkErrorPages.get(req.server), req.url ?? '');
  if (!own) {
    problemAnswer();
    return;
  }
  own(err, req, reply).catch(() => {
    if (!reply.sent) problemAnswer();
  });
}

/** The single place where errors become responses. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    let body: Problem;
    if (err instanceof AppError) {
      body = problem(err.status, err.key, { params: err.params, fieldErrors: err.fieldErrors, code: err.code });
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      const objectName = err.validationContext ?? 'body';
      body = problem(400, ErrorKeys.validation, {
        fieldErrors: err.validation.map((v) => ({
          objectName,
          field: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || objectName,
          message: v.message ?? 'Invalid',
        })),
      });
    } else if (pgCode(err) === PG_UNIQUE_VIOLATION) {
      body = problem(400, ErrorKeys.duplicate);
    } else if (pgCode(err) === PG_FOREIGN_KEY_VIOLATION) {
      body = problem(400, 'error.sql.nestedIdNotFound');
    } else if (dependencyUnavailable(err)) {
      // the database or the storage cannot be reached: try again shortly, never a 500 (decision 0080)
      req.log.warn({ err: { message: err.message, code: (err as { code?: unknown }).code } }, 'dependency unavailable');
      reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS)).header('cache-control', 'no-store');
      const own = pageFor(unavailablePages.get(req.server), req.url);
      if (own && !reply.sent) return own(req, reply);
      body = problem(503, 'error.http.503');
    } else if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      // framework errors: malformed JSON, unsupported media type, payload too large, rate limit
      const status = err.statusCode;
      const key = status === 429 ? ErrorKeys.tooManyRequests : status === 415 ? ErrorKeys.unsupportedContentType : `error.http.${status}`;
      body = problem(status, key, { params: { detail: err.message } });
    } else {
      req.log.error({ err }, 'unhandled error');
      body = problem(500, ErrorKeys.internal);
    }
    reply.header(HEADER_ERROR, body.message);
    if (body.params) reply.header(HEADER_PARAMS, encodeURIComponent(JSON.stringify(body.params)));
    return reply.status(body.status).type('application/problem+json').send(body);
  });

  app.setNotFoundHandler((req, reply) => {
    reply
      .status(404)
      .type('application/problem+json')
      .header(HEADER_ERROR, ErrorKeys.notFound)
      .send(problem(404, ErrorKeys.notFound, { params: { path: req.url.split('?')[0] } }));
  });
}

/**
 * The unique index a failed statement collided with ('' when the driver does not name it), or
 * undefined when the error is no unique violation: a racing insert then answers the rule's own key.
 */
export function uniqueViolationOf(err: unknown): string | undefined {
  for (const e of [err, (err as { cause?: unknown })?.cause] as { code?: unknown; constraint?: unknown }[]) {
    if (e?.code === PG_UNIQUE_VIOLATION) return typeof e.constraint === 'string' ? e.constraint : '';
  }
  return undefined;
}
