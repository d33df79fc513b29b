import { ACCESS_RIGHTS, AccountAuditActions } from '@vellum/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeLotRange, makeProduct, makeProductGroup, makeProductRemark, makeProductType } from '../factories/catalogue-factories.js';
import { makeDocument, makeDocumentType } from '../factories/document-factories.js';
import { makeFile } from '../factories/file-factories.js';
import {
  makeBusinessUnit,
  makeRole,
  makeSuperAdmin,
  makeUser,
  makeUserGroup,
  makeUserWithRights,
} from '../factories/organisation-factories.js';
import { createTestContext, type TestContext, tokenFor } from '../test/harness.js';
import type { AccessRule } from './access.js';

/*
 * Every operation of the generated OpenAPI document, fed hostile values: each path and query
 * parameter and each body field in turn (the rest of the request built valid-ish from the
 * operation's schema, so that one hostile value is what is wrong), whole hostile bodies, and
 * fast-check values on top. Routes added later are walked without anyone listing them.
 * Asserted: no answer >= 500, problem+json on every error, and nothing written by a refused
 * request (row counts of every table, audit rows included). Then rights before validation: a
 * signed-in user without the route's right, or with it only in another unit, gets 403 (404 for an
 * entity that does not exist), never the 400 of the invalid request.
 */

type Json = Record<string, unknown>;
type JsonSchema = Json & { $ref?: string; properties?: Record<string, JsonSchema>; required?: string[] };
interface Param {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
}
interface Operation {
  method: string;
  /** OpenAPI path (/api/products/{id}) */
  path: string;
  params: Param[];
  body?: JsonSchema;
  access: AccessRule | undefined;
}

let ctx: TestContext;
let adminId: number;
let adminToken: string;
let nobodyToken: string;
let elsewhereToken: string;
let operations: Operation[];
/** Ids of one entity of each kind in unit A, by the path prefix that names it. */
const entityIds = new Map<string, number>();
const ids: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.db;
  adminId = (await makeSuperAdmin(db)).id;
  adminToken = await tokenFor(ctx, adminId);
  // signed in, in no user group: holds no right anywhere
  nobodyToken = await tokenFor(ctx, (await makeUser(db)).id);
  const unitA = await makeBusinessUnit(db);
  const unitB = await makeBusinessUnit(db);
  // every right, but only in unit B
  elsewhereToken = await tokenFor(ctx, (await makeUserWithRights(db, [...ACCESS_RIGHTS], [unitB.id])).id);

  const type = await makeProductType(db, unitA.id, { lotNumbers: true }, [{ type: 'STRING' }]);
  const product = await makeProduct(db, type);
  const group = await makeProductGroup(db, type, [product.id]);
  const remark = await makeProductRemark(db, unitA.id);
  const lotRange = await makeLotRange(db, type, [product.id]);
  const role = await makeRole(db, ['PRODUCT_READ']);
  const userGroup = await makeUserGroup(db, { roleId: role.id, businessUnitIds: [unitA.id], userIds: [] });
  const user = await makeUser(db);
  Object.assign(ids, {
    unit: unitA.id,
    type: type.id,
    definition: type.definitions?.[0]?.id ?? 1,
    product: product.id,
    group: group.id,
    remark: remark.id,
    role: role.id,
  });
  for (const [prefix, id] of [
    ['/api/business-units', unitA.id],
    ['/api/product-types', type.id],
    ['/api/product-type-attribute-definitions', ids.definition],
    ['/api/products', product.id],
    ['/api/product-groups', group.id],
    ['/api/product-remarks', remark.id],
    ['/api/lot-ranges', lotRange.id],
    ['/api/users', user.id],
    ['/api/roles', role.id],
    ['/api/user-groups', userGroup.id],
  ] as const) {
    entityIds.set(prefix, id);
  }
  // issue 10: a document of unit A with a file (files and their binaries are reached through them)
  const fileDocument = await makeDocument(db, unitA.id, (await makeDocumentType(db, unitA.id)).id, {}, { productIds: [product.id] });
  ids.document = fileDocument.id;
  entityIds.set('/api/files', (await makeFile(db, fileDocument)).id);

  const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  operations = operationsOf(res.json(), ctx.app.declaredRoutes);
}, 60_000);
afterAll(() => ctx?.close());

// ---------------------------------------------------------------- the OpenAPI document

function operationsOf(doc: Json, declared: { method: string; url: string; access: AccessRule | undefined }[]): Operation[] {
  const components = ((doc.components as Json | undefined)?.schemas ?? {}) as Record<string, JsonSchema>;
  const deref = (s: JsonSchema | undefined): JsonSchema => {
    let cur = s ?? {};
    for (let i = 0; cur.$ref && i < 20; i++) cur = components[cur.$ref.replace('#/components/schemas/', '')] ?? {};
    return cur;
  };
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
    if (!path.startsWith('/api/') && !path.startsWith('/management/')) continue;
    if (path.startsWith('/api/docs')) continue;
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'delete', 'patch'].includes(method)) continue;
      const url = path.replace(/\{([^}]+)\}/g, ':$1');
      const route = declared.find((r) => r.method === method.toUpperCase() && r.url === url);
      const params = ((op.parameters as Json[] | undefined) ?? [])
        .filter((p) => p.in === 'path' || p.in === 'query')
        .map((p) => ({
          name: String(p.name),
          in: p.in as 'path' | 'query',
          required: p.required === true,
          schema: deref(p.schema as JsonSchema),
        }));
      const content = (op.requestBody as Json | undefined)?.content as Record<string, { schema?: JsonSchema }> | undefined;
      const body = content?.['application/json']?.schema;
      ops.push({ method: method.toUpperCase(), path, params, body: body ? resolveAll(body, deref) : undefined, access: route?.access });
    }
  }
  // deletes last, so that the entities the other operations name still exist while they run
  return ops.sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
}

/** The schema with every $ref replaced (the documents are small and not recursive). */
function resolveAll(s: JsonSchema, deref: (s: JsonSchema) => JsonSchema, depth = 0): JsonSchema {
  if (depth > 8) return {};
  const d = deref(s);
  const out: JsonSchema = { ...d };
  if (d.properties) {
    out.properties = Object.fromEntries(Object.entries(d.properties).map(([k, v]) => [k, resolveAll(v, deref, depth + 1)]));
  }
  if (d.items) out.items = resolveAll(d.items as JsonSchema, deref, depth + 1);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    if (Array.isArray(d[key])) out[key] = (d[key] as JsonSchema[]).map((x) => resolveAll(x, deref, depth + 1));
  }
  return out;
}

/** The first alternative of a union that is not null (a nullable field is sampled as its value). */
function concrete(s: JsonSchema): JsonSchema {
  const alternatives = (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;
  if (alternatives) {
    const first = alternatives.find((a) => a.type !== 'null' && a.not === undefined) ?? alternatives[0] ?? {};
    return concrete(first);
  }
  if (Array.isArray(s.allOf)) return concrete(Object.assign({}, ...(s.allOf as JsonSchema[])));
  return s;
}

const typeOf = (s: JsonSchema): string | undefined => {
  const t = concrete(s).type;
  return Array.isArray(t) ? t.find((x) => x !== 'null') : (t as string | undefined);
};

/** The id of an entity of unit A that a parameter or field of this name names on this path. */
function idFor(name: string, path: string): number | undefined {
  if (name === 'business-unit' || name === 'businessUnitId') return ids.unit;
  if (name === 'product-type' || name === 'productTypeId') return ids.type;
  if (name === 'productGroupId') return ids.group;
  if (name === 'attributeDefinitionId') return ids.definition;
  if (name === 'roleId') return ids.role;
  // issue 10: files name their document
  if (name === 'document' || name === 'documentId') return ids.document;
  if (name === 'id') {
    const prefix = [...entityIds.keys()].filter((p) => path === p || path.startsWith(`${p}/`)).sort((a, b) => b.length - a.length)[0];
    return prefix ? entityIds.get(prefix) : 1;
  }
  return undefined;
}

/** A value the schema accepts, or close to it: the background against which one field is hostile. */
function sample(schema: JsonSchema, name: string, path: string, depth = 0): unknown {
  const s = concrete(schema);
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  switch (typeOf(s)) {
    case 'object':
      return Object.fromEntries(
        Object.entries(s.properties ?? {})
          .filter(([k]) => (s.required ?? []).includes(k))
          .map(([k, v]) => [k, sample(v, k, path, depth + 1)]),
      );
    case 'array': {
      const items = concrete((s.items as JsonSchema | undefined) ?? {});
      const min = Number(s.minItems ?? 0);
      // one object item, so that nested fields can be made hostile too
      return min > 0 || (typeOf(items) === 'object' && depth < 2) ? [sample(items, name, path, depth + 1)] : [];
    }
    case 'integer':
    case 'number':
      if (name === 'version') return 0;
      return idFor(name, path) ?? Math.max(Number(s.minimum ?? 0), Math.min(1, Number(s.maximum ?? 1)));
    case 'boolean':
      return false;
    case 'string':
      return sampleString(s, name, path);
    default:
      return 'x';
  }
}

function sampleString(s: JsonSchema, name: string, path: string): string {
  const id = idFor(name, path);
  if (id !== undefined) return String(id);
  if (s.format === 'date-time') return new Date(Date.now() + 86_400_000).toISOString();
  if (s.format === 'date') return '2026-01-01';
  if (s.format === 'email' || /e-?mail/i.test(name)) return 'hostile@example.com';
  if (s.format === 'uri' || /url/i.test(name)) return 'https://example.com/';
  if (/password/i.test(name)) return 'Hostile#2026x';
  if (typeof s.pattern === 'string') {
    try {
      const [v] = fc.sample(fc.stringMatching(new RegExp(s.pattern)), { seed: 8, numRuns: 1 });
      if (v !== undefined) return v;
    } catch {
      // a pattern fast-check cannot generate from: fall through
    }
  }
  const min = Number(s.minLength ?? 1);
  const max = Number(s.maxLength ?? 40);
  return `hostile-${name}`.padEnd(min, 'x').slice(0, Math.max(min, Math.min(max, 40)));
}

// ---------------------------------------------------------------- requests

const HOSTILE_VALUES: [string, unknown][] = [
  ['NUL', 'a\u0000b'],
  ['lone surrogate', 'x\ud800y'],
  ['bidi override', 'a\u202eb'],
  ['C1 control', 'a\u0085b'],
  ['2^31', 2 ** 31],
  ['2^53', 2 ** 53],
  ['-1', -1],
  ['1.5', 1.5],
  ['1e308', 1e308],
  ['300 kB', 'x'.repeat(300_000)],
  ['array', ['a', 1]],
  ['object', { a: 1 }],
  ['null', null],
  ['__proto__', JSON.parse('{"__proto__":{"polluted":true}}')],
];
/** Hostile path and query values, as sent in the URL (percent-encoded). */
const HOSTILE_URL_VALUES: [string, string][] = [
  ['NUL', '%00'],
  ['NUL inside', 'a%00b'],
  ['lone surrogate (CESU-8)', '%ED%A0%80'],
  ['invalid UTF-8', '%FF'],
  ['bidi override', '%E2%80%AE'],
  ['2^31', '2147483648'],
  ['2^53', '9007199254740992'],
  ['-1', '-1'],
  ['1.5', '1.5'],
  ['1e308', '1e308'],
  ['text', 'abc'],
  ['empty', ''],
  ['10 kB', 'x'.repeat(10_000)],
];

interface Attempt {
  label: string;
  method: string;
  url: string;
  payload?: string;
  contentType?: string;
}

const encode = (v: unknown) => encodeURIComponent(String(v));

function urlOf(op: Operation, over: { path?: Record<string, string>; query?: Record<string, string | string[]> } = {}): string {
  let url = op.path;
  for (const p of op.params.filter((x) => x.in === 'path')) {
    url = url.replace(`{${p.name}}`, over.path?.[p.name] ?? encode(sample(p.schema, p.name, op.path)));
  }
  const query: [string, string][] = [];
  for (const p of op.params.filter((x) => x.in === 'query')) {
    const given = over.query?.[p.name];
    if (given !== undefined) for (const v of [given].flat()) query.push([p.name, v]);
    else if (p.required || idFor(p.name, op.path) !== undefined) query.push([p.name, encode(sample(p.schema, p.name, op.path))]);
  }
  return query.length ? `${url}?${query.map(([k, v]) => `${encodeURIComponent(k)}=${v}`).join('&')}` : url;
}

const sendsBody = (op: Operation) => op.body !== undefined || op.method === 'POST' || op.method === 'PUT' || op.method === 'PATCH';
const baseBody = (op: Operation) => (op.body ? sample(op.body, 'body', op.path) : {});

/** Every hostile request of one operation. */
function attemptsOf(op: Operation): Attempt[] {
  const out: Attempt[] = [];
  const json = (label: string, body: unknown, url = urlOf(op)) =>
    out.push({ label, method: op.method, url, payload: JSON.stringify(body), contentType: 'application/json' });
  const base = baseBody(op);

  for (const p of op.params) {
    for (const [label, v] of HOSTILE_URL_VALUES) {
      out.push({
        label: `${p.in} ${p.name}: ${label}`,
        method: op.method,
        url: urlOf(op, p.in === 'path' ? { path: { [p.name]: v } } : { query: { [p.name]: v } }),
        ...(sendsBody(op) ? { payload: JSON.stringify(base), contentType: 'application/json' } : {}),
      });
    }
    if (p.in === 'query') {
      const one = encode(sample(p.schema, p.name, op.path));
      out.push({ label: `query ${p.name}: repeated`, method: op.method, url: urlOf(op, { query: { [p.name]: [one, one] } }) });
    }
  }

  if (!sendsBody(op)) return out;
  // one hostile field at a time, at the top level and one level down (array items, objects)
  for (const [path, fieldSchema] of fieldsOf(op.body)) {
    for (const [label, v] of HOSTILE_VALUES) json(`body ${path.join('.')}: ${label}`, withField(base, path, v));
    if (typeOf(fieldSchema) === 'array') json(`body ${path.join('.')}: object for array`, withField(base, path, { 0: 'x' }));
  }
  // whole hostile bodies
  const raw = (label: string, payload: string, contentType = 'application/json') =>
    out.push({ label, method: op.method, url: urlOf(op), payload, contentType });
  raw('malformed JSON', '{"a": ');
  raw('array body', '[]');
  raw('null body', 'null');
  raw('string body', '"x\\u0000"');
  raw('number body', '1e308');
  raw('__proto__ body', '{"__proto__":{"polluted":true}}');
  raw('constructor.prototype body', '{"constructor":{"prototype":{"polluted":true}}}');
  raw('text/plain body', JSON.stringify(base), 'text/plain');
  raw('wrong content type', JSON.stringify(base), 'application/xml');
  raw('form body', 'a=1', 'application/x-www-form-urlencoded');
  raw('multipart without boundary', '--x\r\n', 'multipart/form-data');
  if (base && typeof base === 'object' && !Array.isArray(base)) json('unknown field', { ...base, unknownField: 'a\u0000b' });
  return out;
}

/** Paths of the body's fields: top-level properties, and those of its objects and array items. */
function fieldsOf(body: JsonSchema | undefined): [string[], JsonSchema][] {
  const s = body ? concrete(body) : {};
  const out: [string[], JsonSchema][] = [];
  for (const [k, v] of Object.entries(s.properties ?? {})) {
    out.push([[k], v]);
    const c = concrete(v);
    const nested = typeOf(c) === 'array' ? concrete((c.items as JsonSchema | undefined) ?? {}) : c;
    const prefix = typeOf(c) === 'array' ? [k, '0'] : [k];
    if (typeOf(nested) === 'object') for (const [nk, nv] of Object.entries(nested.properties ?? {})) out.push([[...prefix, nk], nv]);
  }
  return out;
}

function withField(base: unknown, path: string[], value: unknown): unknown {
  const copy = structuredClone(base) as Json;
  let cur = copy as Json;
  for (const key of path.slice(0, -1)) {
    if (cur[key] === undefined || cur[key] === null || typeof cur[key] !== 'object')
      cur[key] = key === '0' ? {} : /^\d+$/.test(key) ? [] : {};
    if (Array.isArray(cur[key]) && (cur[key] as unknown[]).length === 0) (cur[key] as unknown[]).push({});
    cur = cur[key] as Json;
  }
  cur[path[path.length - 1]] = value;
  return copy;
}

// ---------------------------------------------------------------- checks

/**
 * Row counts of every table of the schema, in one statement; but the rate limits' counters, which
 * count every request of a limited route before it is read, refused ones included (decision 0068).
 */
let countStatement: string | undefined;
async function rowCounts(): Promise<Record<string, number>> {
  if (!countStatement) {
    const tables = await rows<{ name: string }>(
      sql`select tablename as name from pg_tables where schemaname = current_schema() and tablename <> 'rate_limit_windows'`,
    );
    countStatement = `select ${tables.map((t) => `(select count(*) from "${t.name}")::int as "${t.name}"`).join(', ')}`;
  }
  return (await rows<Record<string, number>>(sql.raw(countStatement)))[0];
}
/** The next transaction id: it moves only when some transaction wrote (cheap to read after each request). */
async function nextXid(): Promise<string> {
  return String((await rows<{ x: unknown }>(sql`select pg_snapshot_xmax(pg_current_snapshot()) as x`))[0].x);
}
async function rows<T>(query: ReturnType<typeof sql.raw>): Promise<T[]> {
  const res = (await ctx.db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** A refused password check (wrong current password, failed sign-in, lock) is audited by design. */
const AUDITED_REFUSALS: string[] = [AccountAuditActions.loginFailed, AccountAuditActions.accountLocked];
async function onlyAuditedSignInFailures(changed: string[], added: number): Promise<boolean> {
  if (changed.some((t) => t !== 'audit_log') || added <= 0) return false;
  const latest = await rows<{ action: string }>(sql`select action from audit_log order by id desc limit ${added}`);
  return latest.every((r) => AUDITED_REFUSALS.includes(r.action));
}

/** What is wrong with an answer: a 5xx, or an error that is not problem+json. */
function faultOf(res: LightMyRequestResponse): string | undefined {
  if (res.statusCode >= 500) return `${res.statusCode} ${res.body.slice(0, 160)}`;
  if (res.statusCode < 400) return undefined;
  if (!String(res.headers['content-type']).startsWith('application/problem+json')) return `${res.statusCode} not problem+json`;
  const p = res.json() as Json;
  if (typeof p.type !== 'string' || typeof p.title !== 'string' || p.status !== res.statusCode || typeof p.message !== 'string') {
    return `${res.statusCode} problem without type, title, status or message: ${res.body.slice(0, 160)}`;
  }
  return undefined;
}

/**
 * Sends attempts as the super administrator and collects failures. A refused answer (4xx) must
 * leave every row count as it was; a failed sign-in (401) and a throttled one (429) are audited
 * by design. Row counts are compared only when the transaction id moved (some write happened).
 */
async function walk(attempts: Attempt[], failures: string[]): Promise<void> {
  let xid = await nextXid();
  let counts = await rowCounts();
  for (const a of attempts) {
    const res = await ctx.app.inject({
      method: a.method as 'GET',
      url: a.url,
      headers: { authorization: `Bearer ${adminToken}`, ...(a.contentType ? { 'content-type': a.contentType } : {}) },
      ...(a.payload !== undefined ? { payload: a.payload } : {}),
    });
    const where = `${a.method} ${a.url.slice(0, 100)} [${a.label}]`;
    const fault = faultOf(res);
    if (fault) failures.push(`${where} → ${fault}`);
    const now = await nextXid();
    if (now !== xid) {
      const after = await rowCounts();
      const refused = res.statusCode >= 400 && res.statusCode !== 401 && res.statusCode !== 429;
      if (refused) {
        const changed = Object.keys(after).filter((t) => after[t] !== counts[t]);
        if (changed.length && !(await onlyAuditedSignInFailures(changed, after.audit_log - counts.audit_log))) {
          failures.push(`${where} → ${res.statusCode} but wrote ${changed.join(', ')}`);
        }
      }
      xid = await nextXid();
      counts = after;
    }
    // the walk may sign the administrator out (logout, password change): sign in again
    if (res.statusCode === 401 && !a.url.startsWith('/api/authenticate')) {
      adminToken = await tokenFor(ctx, adminId);
      xid = await nextXid();
      counts = await rowCounts();
    }
  }
}

// ---------------------------------------------------------------- tests

describe('hostile input on every operation of the OpenAPI document', () => {
  it('finds the operations of every area', () => {
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.filter((o) => o.body).length).toBeGreaterThan(15);
  });

  it('never answers 5xx, answers problem+json, and a refused request writes nothing (fixed corpus)', async () => {
    const failures: string[] = [];
    for (const op of operations) await walk(attemptsOf(op), failures);
    expect(failures).toEqual([]);
  }, 240_000);

  it('holds for generated values too (fast-check)', async () => {
    const fieldOps = operations.filter((o) => o.body && fieldsOf(o.body).length > 0);
    const paramOps = operations.filter((o) => o.params.length > 0);
    const value = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.string({ unit: 'grapheme', maxLength: 40 }),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.jsonValue(), { maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue(), { maxKeys: 3 }),
    );
    // failures are collected (with the request that caused them) rather than shrunk
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(fc.nat(), fc.nat(), value, async (i, j, v) => {
        const op = fieldOps[i % fieldOps.length];
        const fields = fieldsOf(op.body);
        const [path] = fields[j % fields.length];
        await walk(
          [
            {
              label: `fast-check ${path.join('.')}`,
              method: op.method,
              url: urlOf(op),
              payload: JSON.stringify(withField(baseBody(op), path, v)),
              contentType: 'application/json',
            },
          ],
          failures,
        );
      }),
      { numRuns: 250, seed: 20_268 },
    );
    await fc.assert(
      fc.asyncProperty(fc.nat(), fc.nat(), fc.string({ unit: 'grapheme', maxLength: 30 }), async (i, j, v) => {
        const op = paramOps[i % paramOps.length];
        const p = op.params[j % op.params.length];
        const encoded = encodeURIComponent(v);
        const url = urlOf(op, p.in === 'path' ? { path: { [p.name]: encoded } } : { query: { [p.name]: encoded } });
        await walk(
          [
            {
              label: `fast-check ${p.in} ${p.name}`,
              method: op.method,
              url,
              ...(sendsBody(op) ? { payload: JSON.stringify(baseBody(op)), contentType: 'application/json' } : {}),
            },
          ],
          failures,
        );
      }),
      { numRuns: 150, seed: 20_268 },
    );
    expect(failures).toEqual([]);
  }, 120_000);
});

describe('rights before validation, on every operation that declares a right', () => {
  /** The request made invalid without touching what names the unit: every other field of the wrong type. */
  function invalidRequest(op: Operation): Attempt {
    const base = baseBody(op) as Json;
    const s = op.body ? concrete(op.body) : undefined;
    let payload: string | undefined;
    if (s && typeOf(s) === 'object') {
      const body: Json = { ...base };
      for (const [k, v] of Object.entries(s.properties ?? {})) {
        const t = typeOf(v);
        if ((t === 'integer' || t === 'number') && idFor(k, op.path) !== undefined) continue;
        body[k] = t === 'string' ? 12345 : 'not-a-value\u0000';
      }
      payload = JSON.stringify(body);
    } else if (sendsBody(op)) {
      payload = JSON.stringify({ invalid: [1, 2, 3] });
    }
    // an invalid query parameter too, when the operation has one that names no unit
    const q = op.params.find((p) => p.in === 'query' && idFor(p.name, op.path) === undefined);
    const url = urlOf(op, q ? { query: { [q.name]: '%00' } } : {});
    return { label: 'invalid', method: op.method, url, payload, contentType: payload ? 'application/json' : undefined };
  }

  const send = (token: string, a: Attempt) =>
    ctx.app.inject({
      method: a.method as 'GET',
      url: a.url,
      headers: { authorization: `Bearer ${token}`, ...(a.contentType ? { 'content-type': a.contentType } : {}) },
      ...(a.payload !== undefined ? { payload: a.payload } : {}),
    });

  it('a user without the right anywhere gets 403, never the 400 of the invalid request', async () => {
    const guarded = operations.filter((o) => typeof o.access === 'object');
    expect(guarded.length).toBeGreaterThan(30);
    const wrong: string[] = [];
    for (const op of guarded) {
      const a = invalidRequest(op);
      const res = await send(nobodyToken, a);
      if (res.statusCode !== 403) wrong.push(`${op.method} ${a.url} → ${res.statusCode} ${res.body.slice(0, 120)}`);
      // malformed JSON too: the right is decided before the body is parsed
      if (sendsBody(op)) {
        const bad = await send(nobodyToken, { ...a, payload: '{"a": ', contentType: 'application/json' });
        if (bad.statusCode !== 403) wrong.push(`${op.method} ${a.url} (malformed JSON) → ${bad.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('a user with every right in another unit only gets 403 (or 404 for what does not exist), never 400', async () => {
    const wrong: string[] = [];
    let forbidden = 0;
    for (const op of operations.filter((o) => typeof o.access === 'object')) {
      const a = invalidRequest(op);
      const res = await send(elsewhereToken, a);
      if (res.statusCode === 403) forbidden++;
      else if (res.statusCode !== 404) wrong.push(`${op.method} ${a.url} → ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
    expect(forbidden).toBeGreaterThan(30);
  });
});
