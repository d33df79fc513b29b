import { createHash } from 'node:crypto';
import type { USER_SORT_FIELDS } from '@vellum/contract';
import { and, asc, type Column, eq, getTableColumns, ilike, inArray, ne, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { appUser, passwordHistory, userFullNameSql, userGroup, userGroupMember } from '../../db/schema/index.js';
import { likePattern } from '../../db/sql.js';

export type UserRow = typeof appUser.$inferSelect;

/** The columns a user list may sort on (USER_SORT_FIELDS). */
export const userSortColumns = {
  id: appUser.id,
  login: appUser.login,
  email: appUser.email,
  firstName: appUser.firstName,
  lastName: appUser.lastName,
  createdDate: appUser.createdDate,
  lastModifiedDate: appUser.lastModifiedDate,
  activated: appUser.activated,
} satisfies Record<(typeof USER_SORT_FIELDS)[number], Column>;

/** Login, e-mail, first or last name (or both, as "first last") contain the text, ignoring case. */
function searchCondition(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  return matchingPattern(likePattern(search));
}

/** The search condition over a pattern (a value, or the placeholder of a prepared page). */
function matchingPattern(p: Param<string>): SQL | undefined {
  // each operand matches one trigram index of app_user (migration 0002)
  const value = p as string; // ilike takes a placeholder as a value
  return or(ilike(appUser.login, value), ilike(appUser.email, value), ilike(userFullNameSql(appUser), value));
}

/**
 * The user's groups (id and name, by name) as a JSON array, read in the same statement as the user.
 * Written out with table names: Drizzle leaves a field's columns unqualified, and an unqualified
 * `id` inside the subquery would name the group's.
 */
const groupsOfUserSql = sql<
  { id: number; name: string }[]
>`(SELECT coalesce(json_agg(json_build_object('id', g.id, 'name', g.name) ORDER BY g.name, g.id), '[]'::json)
  FROM user_group_member m JOIN user_group g ON g.id = m.user_group_id
  WHERE m.user_id = "app_user"."id")`;

/**
 * One page of users with their groups and how many match, in one statement. A search first
 * collects the ids of the matching users through the three trigram indexes (an array computed
 * once, in a materialised CTE), then reads only the page's rows among them; the total is the
 * array's length. Left to itself the planner walks the primary key in page order and filters every
 * row, slow when the matches sit at the end (about 60 ms instead of 1 ms for 111 matches at the end
 * of 10,000 users; decision 0016); counting the matches with a window over the rows read them all
 * (a third more work than the page for 'bench-99'). Only a page past the end needs a second query
 * for the total.
 */
export async function searchUsers(db: DbOrTx, opts: { search?: string; limit: number; offset: number; orderBy: SQL[]; sortKey: string }) {
  const pattern = opts.search ? likePattern(opts.search) : undefined;
  const values = { pattern: pattern ?? '', limit: opts.limit, offset: opts.offset };
  const prepared = preparedPage(db, pattern !== undefined, opts.orderBy, opts.sortKey);
  const rows = prepared
    ? await prepared.execute(values)
    : await buildPage(db, opts.orderBy, { pattern, limit: opts.limit, offset: opts.offset });
  if (rows.length > 0) return { rows: rows.map(({ total: _, ...row }) => row), total: Number(rows[0].total) };
  if (opts.offset === 0) return { rows: [], total: 0 };
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(appUser).where(searchCondition(opts.search));
  return { rows: [], total: n };
}

type Param<T> = T | Placeholder;

/** The page (values given, or placeholders of a prepared statement). */
function buildPage(db: DbOrTx, orderBy: SQL[], p: { pattern: Param<string> | undefined; limit: Param<number>; offset: Param<number> }) {
  const { passwordHash: _, ...columns } = getTableColumns(appUser);
  const matching = p.pattern === undefined ? undefined : matchingPattern(p.pattern);
  if (!matching) {
    return db
      .select({ ...columns, total: sql<number>`(SELECT count(*) FROM ${appUser})`, groups: groupsOfUserSql })
      .from(appUser)
      .orderBy(...orderBy)
      .limit(p.limit)
      .offset(p.offset);
  }
  // inside ARRAY(...) "app_user" names the subquery's own table, as in the outer query
  const ids = sql`ARRAY(SELECT ${appUser.id} FROM ${appUser} WHERE ${matching})`;
  const matchingIds = db.$with('matching_ids').as(db.select({ ids: sql<number[]>`${ids}`.as('ids') }).from(sql`(VALUES (1)) AS one (x)`));
  return db
    .with(matchingIds)
    .select({
      ...columns,
      total: sql<number>`(SELECT cardinality(${matchingIds.ids}) FROM ${matchingIds})`,
      groups: groupsOfUserSql,
    })
    .from(appUser)
    .where(sql`${appUser.id} = ANY((SELECT ${matchingIds.ids} FROM ${matchingIds})::int[])`)
    .orderBy(...orderBy)
    .limit(p.limit)
    .offset(p.offset);
}

type PreparedPage = ReturnType<ReturnType<typeof buildPage>['prepare']>;
const preparedPages = new WeakMap<DbOrTx, Map<string, PreparedPage>>(); // by database, then by search and order
/** Sort orders a client may combine freely: past this many, the rare others run unprepared. */
const MAX_PREPARED_PAGES = 32;

/**
 * The page statement for this sort, prepared once per database (PostgreSQL then plans it once per
 * connection instead of on every call: planning cost as much as running the search; decision
 * 0016). Each order (with or without a search) has its own, named after it; a bounded number.
 */
function preparedPage(db: DbOrTx, searching: boolean, orderBy: SQL[], sortKey: string): PreparedPage | undefined {
  const key = `${searching ? 'search' : 'all'}:${sortKey}`;
  let byKey = preparedPages.get(db);
  if (!byKey) {
    byKey = new Map();
    preparedPages.set(db, byKey);
  }
  const known = byKey.get(key);
  if (known || byKey.size >= MAX_PREPARED_PAGES) return known;
  const placeholders = {
    pattern: searching ? sql.placeholder('pattern') : undefined,
    limit: sql.placeholder('limit'),
    offset: sql.placeholder('offset'),
  };
  const page = buildPage(db, orderBy, placeholders).prepare(`users_page_${createHash('sha1').update(key).digest('hex').slice(0, 16)}`);
  byKey.set(key, page);
  return page;
}

export async function findUser(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(appUser).where(eq(appUser.id, id));
  return row;
}

/** The user row, locked until the transaction ends so that concurrent changes queue behind it. */
export async function findUserForUpdate(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(appUser).where(eq(appUser.id, id)).for('update');
  return row;
}

export async function findGroupsOfUsers(db: DbOrTx, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: userGroupMember.userId, id: userGroup.id, name: userGroup.name })
    .from(userGroupMember)
    .innerJoin(userGroup, eq(userGroup.id, userGroupMember.userGroupId))
    .where(inArray(userGroupMember.userId, userIds))
    .orderBy(asc(userGroup.name), asc(userGroup.id));
}

export async function groupIdsOf(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db.select({ id: userGroupMember.userGroupId }).from(userGroupMember).where(eq(userGroupMember.userId, userId));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

export async function existingGroupIds(db: DbOrTx, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: userGroup.id }).from(userGroup).where(inArray(userGroup.id, ids));
  return new Set(rows.map((r) => r.id));
}

const otherThan = (exceptId?: number) => (exceptId === undefined ? undefined : ne(appUser.id, exceptId));

/** Whether another user already has this login, ignoring case. */
export async function loginTaken(db: DbOrTx, login: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: appUser.id })
    .from(appUser)
    .where(and(sql`lower(${appUser.login}) = lower(${login})`, otherThan(exceptId)))
    .limit(1);
  return row !== undefined;
}

/** Whether another user already has this e-mail address, ignoring case. */
export async function emailTaken(db: DbOrTx, email: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: appUser.id })
    .from(appUser)
    .where(and(sql`lower(${appUser.email}) = lower(${email})`, otherThan(exceptId)))
    .limit(1);
  return row !== undefined;
}

export async function insertUser(db: DbOrTx, values: typeof appUser.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(appUser).values(values).returning();
  return row;
}

export async function insertPasswordHistory(db: DbOrTx, userId: number, passwordHash: string): Promise<void> {
  await db.insert(passwordHistory).values({ userId, passwordHash });
}

export type UserUpdate = Pick<
  typeof appUser.$inferInsert,
  | 'login'
  | 'email'
  | 'firstName'
  | 'lastName'
  | 'activated'
  | 'technicalAccount'
  | 'ssoOnly'
  | 'langKey'
  | 'lastModifiedBy'
  | 'failedAttempts'
  | 'lockedAt'
>;

/** Updates when `version` is still the stored one; undefined otherwise (a concurrent change). */
export async function updateUser(db: DbOrTx, id: number, version: number, values: UserUpdate): Promise<UserRow | undefined> {
  const [row] = await db
    .update(appUser)
    .set({ ...values, lastModifiedDate: new Date(), version: sql`${appUser.version} + 1` })
    .where(and(eq(appUser.id, id), eq(appUser.version, version)))
    .returning();
  return row;
}

export async function replaceGroupsOfUser(db: DbOrTx, userId: number, groupIds: number[]): Promise<void> {
  await db.delete(userGroupMember).where(eq(userGroupMember.userId, userId));
  if (groupIds.length > 0) {
    await db.insert(userGroupMember).values(groupIds.map((userGroupId) => ({ userGroupId, userId })));
  }
}

export async function deleteUser(db: DbOrTx, id: number): Promise<void> {
  await db.delete(appUser).where(eq(appUser.id, id));
}
