import type { Problem } from '@vellum/contract';
import { HEADER_ALERT, HEADER_ERROR, HEADER_PARAMS, HEADER_TOTAL_COUNT } from '@vellum/contract';
import { getToken } from './session';

export const HTTP_TIMEOUT_MS = 60_000;

/** A failed call: status 0 when the server was not reachable. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: Problem | undefined,
    readonly headers: Headers | undefined,
    readonly url: string,
  ) {
    super(problem?.message ?? `HTTP ${status}`);
  }
  /** The application error announced in the response headers, if any. */
  get appError(): string | undefined {
    return this.headers?.get(HEADER_ERROR) ?? undefined;
  }
  /** The parameters of the application error: from the body, else from the params header (URI-encoded JSON). */
  get appParams(): Record<string, unknown> | undefined {
    if (this.problem?.params) return this.problem.params;
    return parseParams(this.headers?.get(HEADER_PARAMS));
  }
  /** The path of the call, without query string (e.g. '/api/account'). */
  get path(): string {
    return this.url.split('?')[0];
  }
}

/** Reads the params header: URI-encoded JSON for errors; a single value becomes {param}. */
export function parseParams(raw: string | null | undefined): Record<string, unknown> | undefined {
  if (!raw) return undefined;
  let text: string;
  try {
    text = decodeURIComponent(raw);
  } catch {
    text = raw;
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    return { param: parsed };
  } catch {
    return { param: text };
  }
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
  /** The success message key from the alert header, if any. */
  alert?: { key: string; param?: string };
  totalCount?: number;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  query?: Record<string, string | number | boolean | undefined | null | (string | number)[]>;
  body?: unknown;
  /** Multipart or plain-text bodies are passed through untouched. */
  rawBody?: BodyInit;
  contentType?: string;
  /** Adds a timestamp to defeat caches (list calls). */
  cacheBust?: boolean;
  signal?: AbortSignal;
  /** The bearer token to send instead of the stored one (null: none). */
  token?: string | null;
  /** 'blob' reads a binary body (images); JSON or text otherwise. */
  responseType?: 'json' | 'blob';
}

/** `sentToken`: the token the failed call carried (null without one), so stale answers can be told apart. */
type UnauthorizedListener = (err: ApiError, sentToken: string | null) => void;
let onUnauthorized: UnauthorizedListener = () => {};
/** The session layer registers what a 401 does (clear the session, except for account calls). */
export function setUnauthorizedListener(l: UnauthorizedListener): void {
  onUnauthorized = l;
}
/** Hands a 401 to the session layer (for callers that do not go through `api()`, such as uploads with progress). */
export function notifyUnauthorized(err: ApiError, sentToken: string | null): void {
  onUnauthorized(err, sentToken);
}

export function buildUrl(path: string, query?: RequestOptions['query'], cacheBust?: boolean): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) for (const item of v) params.append(k, String(item));
    else params.append(k, String(v));
  }
  if (cacheBust) params.append('cacheBuster', String(Date.now()));
  const qs = params.toString();
  return `/${path.replace(/^\//, '')}${qs ? `?${qs}` : ''}`;
}

/** Every call of the admin app goes through here: token, timeout, problem+json errors, alert headers. */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
  const url = buildUrl(path, opts.query, opts.cacheBust);
  const headers: Record<string, string> = { Accept: opts.responseType === 'blob' ? '*/*' : 'application/json' };
  const token = opts.token === undefined ? getToken() : opts.token;
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined = opts.rawBody;
  if (opts.contentType) headers['Content-Type'] = opts.contentType;
  if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const timeout = AbortSignal.timeout(HTTP_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await fetch(url, { method: opts.method ?? 'GET', headers, body, signal });
  } catch (e) {
    if (opts.signal?.aborted) throw e;
    throw new ApiError(0, undefined, undefined, url);
  }
  if (opts.responseType === 'blob' && res.ok) {
    return { data: (await res.blob()) as T, headers: res.headers };
  }
  const text = await res.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = text;
  }
  if (!res.ok) {
    const err = new ApiError(res.status, typeof data === 'object' ? (data as Problem) : undefined, res.headers, url);
    if (res.status === 401) onUnauthorized(err, token);
    throw err;
  }
  const alertKey = res.headers.get(HEADER_ALERT);
  const param = res.headers.get(HEADER_PARAMS);
  const total = res.headers.get(HEADER_TOTAL_COUNT);
  return {
    data: data as T,
    headers: res.headers,
    alert: alertKey ? { key: alertKey, param: param ? decodeURIComponent(param) : undefined } : undefined,
    totalCount: total === null ? undefined : Number(total),
  };
}
