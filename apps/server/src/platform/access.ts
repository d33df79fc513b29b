import { type AccessRight, ErrorKeys, GLOBAL_BUSINESS_UNIT_ID, INT4_MAX } from '@vellum/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client.js';
import type { AccessCache, CachedSession, CachedUser, DemoOf } from './access-cache.js';
import { AppError, forbidden } from './errors.js';
import { UserRights } from './rights.js';
import { type AuthUser, findGrants, findGroupGrants, findSessionWithUser } from './session.repo.js';
import type { TokenService } from './tokens.js';

export interface AuthContext {
  userId: number;
  login: string;
  sessionId: string;
  technicalAccount: boolean;
  rights: UserRights;
  /** The user's row as read for this request (without the password hash); current as of the call. */
  user: AuthUser;
  /**
   * Set when the token is a demo token (decision 0072): `rights` are then the target's cut down to
   * the user's own, and the request may change nothing.
   */
  demo?: DemoOf;
}

/**
 * How a route finds the business unit its right is checked in. It runs before validation on the
 * request as sent (decision 0013), so it reads ids with `idIn`/`optionalIdIn`, which throw
 * `UnitNotNamed` for an id that is missing or malformed; the check then waits for validation
 * (which answers 400) and runs again on the validated request. undefined: the global unit 0.
 */
export type UnitResolver = (req: FastifyRequest) => number | undefined | Promise<number | undefined>;

/** A resolver could not name the unit from the request as sent (missing or malformed id). */
export class UnitNotNamed extends Error {
  constructor() {
    super('unit not named by the request');
  }
}

/** A well-formed id of an integer column: a number, or its digits as a path or query sends them. */
function wellFormedId(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^(0|[1-9][0-9]{0,9})$/.test(v) ? Number(v) : Number.NaN;
  return Number.isInteger(n) && n >= 0 && n <= INT4_MAX ? n : undefined;
}

/** The id `name` of a path, query or body (raw or validated); UnitNotNamed when missing or malformed. */
export function idIn(source: unknown, name: string): number {
  const id = wellFormedId((source as Record<string, unknown> | undefined)?.[name]);
  if (id === undefined) throw new UnitNotNamed();
  return id;
}

/** Like idIn, but undefined when the request leaves it out (undefined, null or empty). */
export function optionalIdIn(source: unknown, name: string): number | undefined {
  const v = (source as Record<string, unknown> | undefined)?.[name];
  return v === undefined || v === null || v === '' ? undefined : idIn(source, name);
}

/**
 * Declared beside each route: 'public' (no token), 'authenticated' (any signed-in user), or a
 * right (any of several) checked in the unit the resolver names (the global unit 0 without one).
 */
export type AccessRule = 'public' | 'authenticated' | { right: AccessRight | AccessRight[]; unit?: UnitResolver };

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthContext;
  }
  interface FastifyContextConfig {
    access?: AccessRule;
    /** Whether the route changes anything (its declaration's `effect`, else its method); unset: by the method. */
    writes?: boolean;
    /** A change a demo token may make (ending the demo, signing out). */
    inDemo?: boolean;
  }
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether the request may change something: as the route declares, else by its method. */
const writes = (req: FastifyRequest): boolean => req.routeOptions.config?.writes ?? !READ_METHODS.has(req.method);

/** The one function that decides whether a user holds a right in a business unit. */
export function requireRight(auth: AuthContext | undefined, right: AccessRight | AccessRight[], businessUnitId: number): void {
  if (!auth) throw new AppError(ErrorKeys.unauthorized, 401);
  const rights = Array.isArray(right) ? right : [right];
  if (!rights.some((r) => auth.rights.has(r, businessUnitId))) throw forbidden();
}

/** The signed-in user of a route that declared an access rule other than 'public'. */
export function authOf(req: FastifyRequest): AuthContext {
  if (!req.auth) throw new AppError(ErrorKeys.unauthorized, 401);
  return req.auth;
}

/** The unit the query names; left out, the check waits for validation (then: the global unit 0). */
export const unitFromQuery =
  (name = 'business-unit'): UnitResolver =>
  (req) =>
    idIn(req.query, name);

export const unitFromParam =
  (name = 'id'): UnitResolver =>
  (req) =>
    idIn(req.params, name);

export const unitFromBody =
  (name = 'businessUnitId'): UnitResolver =>
  (req) =>
    idIn(req.body, name);

/**
 * Which business unit an entity belongs to: each area's own lookup by id (undefined: no such
 * entity), named beside the routes whose access rule needs it.
 */
export type EntityUnitLookup = (db: DbOrTx, id: number) => Promise<number | undefined>;

/** The unit of the stored entity that the path id names; 404 when there is none. */
export const unitOfEntity =
  (db: () => DbOrTx, entity: string, lookup: EntityUnitLookup, param = 'id'): UnitResolver =>
  async (req) => {
    const unit = await lookup(db(), idIn(req.params, param));
    if (unit === undefined) throw new AppError(ErrorKeys.notFound, 404, { entity });
    return unit;
  };

/** The unit of the stored entity that the path id, or else the body's id, names (updates); 404 when none. */
export const unitOfEntityInPathOrBody =
  (db: () => DbOrTx, entity: string, lookup: EntityUnitLookup): UnitResolver =>
  async (req) => {
    const id = optionalIdIn(req.params, 'id') ?? idIn(req.body, 'id');
    const unit = await lookup(db(), id);
    if (unit === undefined) throw new AppError(ErrorKeys.notFound, 404, { entity });
    return unit;
  };

function bearer(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (!h?.toLowerCase().startsWith('bearer ')) return undefined;
  return h.slice(7).trim() || undefined;
}

const unauthorized = (key: string, code?: string) => new AppError(key, 401, undefined, undefined, code);

/** Reads the token and the session it names into `req.auth`; rejects tokens that no longer count. */
export async function authenticateRequest(
  req: FastifyRequest,
  db: DbOrTx,
  tokens: TokenService,
  cache?: AccessCache,
): Promise<AuthContext | undefined> {
  const token = bearer(req);
  if (!token) return undefined;
  const check = await tokens.verify(token);
  if (!check.ok) {
    throw check.reason === 'expired'
      ? unauthorized(ErrorKeys.sessionExpired, 'token.expired')
      : unauthorized(ErrorKeys.unauthorized, 'token.invalid');
  }
  const found = await sessionAndUser(cache, db, check.claims.sessionId, check.claims.userId);
  if (!found) throw unauthorized(ErrorKeys.unauthorized, 'token.invalid');
  const { session: s, user } = found;
  if (s.revokedAt || !user.user.activated || user.user.lockedAt) throw unauthorized(ErrorKeys.tokenInactive, 'token.inactive');
  if (s.expiresAt.getTime() <= Date.now()) throw unauthorized(ErrorKeys.sessionExpired, 'token.expired');
  const context = await contextOf(db, s, user);
  if (!context) throw unauthorized(ErrorKeys.tokenInactive, 'token.inactive');
  return context;
}

/** The request's user and rights; undefined for a demo whose user group no longer exists. */
async function contextOf(db: DbOrTx, s: CachedSession, user: CachedUser): Promise<AuthContext | undefined> {
  const u = user.user;
  const context = {
    userId: u.id,
    login: u.login,
    sessionId: s.sessionId,
    technicalAccount: u.technicalAccount,
    rights: user.rights,
    user: u,
  };
  if (!s.demo) return context;
  const rights = await demoRights(db, s.demo, user.rights);
  return rights && { ...context, rights, demo: s.demo };
}

/**
 * The rights of a demo: the target's grants as they are now (read on every call, not cached, so a
 * change of the target counts at once), cut down to the user's own; undefined when the group is gone.
 */
export async function demoRights(
  db: DbOrTx,
  demo: Pick<DemoOf, 'userGroupId' | 'userId'>,
  own: UserRights,
): Promise<UserRights | undefined> {
  if (demo.userGroupId !== null) {
    const grants = await findGroupGrants(db, demo.userGroupId);
    return grants.length === 0 ? undefined : UserRights.fromGrants(grants).within(own);
  }
  if (demo.userId === null) return undefined;
  return UserRights.fromGrants(await findGrants(db, demo.userId)).within(own);
}

/**
 * The signed-in user of a session that still counts (not revoked, not expired, user active and
 * not locked), with their rights; undefined otherwise. For what a session grants outside the
 * API's bearer tokens (a site preview's cookie, decision 0042).
 */
export async function activeSession(
  db: DbOrTx,
  cache: AccessCache | undefined,
  sessionId: string,
  userId: number,
): Promise<(AuthContext & { sessionExpiresAt: Date }) | undefined> {
  const found = await sessionAndUser(cache, db, sessionId, userId);
  if (!found) return undefined;
  const { session: s, user } = found;
  if (s.revokedAt || !user.user.activated || user.user.lockedAt || s.expiresAt.getTime() <= Date.now()) return undefined;
  const context = await contextOf(db, s, user);
  return context && { ...context, sessionExpiresAt: s.expiresAt };
}

/**
 * The session and its user with their rights: from the access cache when both are there (no
 * round trip), else read (two independent queries in parallel) and remembered. Undefined when
 * the session does not exist or belongs to another user than the token says.
 */
async function sessionAndUser(
  cache: AccessCache | undefined,
  db: DbOrTx,
  sessionId: string,
  userId: number,
): Promise<{ session: CachedSession; user: CachedUser } | undefined> {
  const cachedSession = cache?.session(sessionId);
  const cachedUser = cache?.user(userId);
  if (cachedSession && cachedUser) return cachedSession.userId === userId ? { session: cachedSession, user: cachedUser } : undefined;
  const generation = cache?.generation ?? 0;
  // independent lookups: the grants are only used once the session has been found to match the token
  const [row, grants] = await Promise.all([findSessionWithUser(db, sessionId), findGrants(db, userId)]);
  if (!row || row.userId !== userId) return undefined;
  const demo: DemoOf | null = row.demoOfSessionId
    ? { originalSessionId: row.demoOfSessionId, userGroupId: row.demoUserGroupId, userId: row.demoUserId, label: row.demoLabel ?? '' }
    : null;
  const session: CachedSession = { sessionId: row.sessionId, userId: row.userId, revokedAt: row.revokedAt, expiresAt: row.expiresAt, demo };
  const user: CachedUser = { user: row.user, rights: UserRights.fromGrants(grants) };
  cache?.store(generation, session, user);
  return { session, user };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Whether the route's right was checked before validation (else it is checked after). */
    rightChecked?: boolean;
  }
}

/**
 * Installs the hooks that enforce every route's declared access rule, before anything of the
 * request is validated (decision 0013), so that a caller who may not use a route learns nothing
 * about its body:
 * - onRequest: the token and its session; a user who holds the route's right in no business unit
 *   at all is refused (403) before the body is even parsed;
 * - preValidation: the right in the unit the resolver names from the request as sent (403 or the
 *   resolver's 404 before validation);
 * - preHandler: only when the resolver could not name the unit from the request as sent (a
 *   missing or malformed id, which validation has answered with 400 unless it was optional).
 */
export function registerAccessHooks(app: FastifyInstance, db: () => DbOrTx, tokens: TokenService, cache?: AccessCache): void {
  app.addHook('onRequest', async (req) => {
    const rule = req.routeOptions.config?.access;
    if (rule === 'public') return;
    const url = req.routeOptions.url ?? '';
    // routes without a rule outside the API (static files, the API docs, not found) are public
    if (rule === undefined && (!url.startsWith('/api/') || url.startsWith('/api/docs'))) return;
    req.auth = await authenticateRequest(req, db(), tokens, cache);
    if (!req.auth) throw unauthorized(ErrorKeys.unauthorized);
    // a demo token changes nothing (decision 0072): refused before any right or input is looked at
    if (req.auth.demo && writes(req) && !req.routeOptions.config?.inDemo) throw new AppError(ErrorKeys.demoReadOnly, 403);
    if (typeof rule === 'object') {
      const rights = [rule.right].flat();
      if (!rights.some((r) => req.auth?.rights.hasAnywhere(r))) throw forbidden();
    }
  });
  app.addHook('preValidation', async (req) => {
    const rule = req.routeOptions.config?.access;
    if (typeof rule !== 'object') return;
    const unit = await unitNamedBy(rule, req);
    if (unit === UNNAMED) return; // checked after validation
    requireRight(req.auth, rule.right, unit);
    req.rightChecked = true;
  });
  app.addHook('preHandler', async (req) => {
    const rule = req.routeOptions.config?.access;
    if (typeof rule !== 'object' || req.rightChecked) return;
    // validated, yet no unit named: an optional one left out means the global unit
    const unit = await unitNamedBy(rule, req);
    requireRight(req.auth, rule.right, unit === UNNAMED ? GLOBAL_BUSINESS_UNIT_ID : unit);
  });
}

const UNNAMED = Symbol('unit not named');

/** The unit a rule's resolver names (the global unit 0 without one), or UNNAMED for a missing or malformed id. */
async function unitNamedBy(rule: Exclude<AccessRule, string>, req: FastifyRequest): Promise<number | typeof UNNAMED> {
  try {
    return (rule.unit ? await rule.unit(req) : undefined) ?? GLOBAL_BUSINESS_UNIT_ID;
  } catch (e) {
    if (e instanceof UnitNotNamed) return UNNAMED;
    throw e;
  }
}
