import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** "first last" as an immutable expression (concat_ws is not), shared by the search index and its query. */
export const userFullNameSql = (t: { firstName: AnyPgColumn; lastName: AnyPgColumn }) =>
  sql`coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, '')`;

export const appUser = pgTable(
  'app_user',
  {
    id: serial('id').primaryKey(),
    login: text('login').notNull().unique(),
    email: text('email').notNull().unique(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    passwordHash: text('password_hash'),
    activated: boolean('activated').notNull().default(true),
    technicalAccount: boolean('technical_account').notNull().default(false),
    /** Signs in only through the manufacturer's identity provider: password sign-in and reset are refused. */
    ssoOnly: boolean('sso_only').notNull().default(false),
    langKey: text('lang_key').notNull().default('en'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by'),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
    lastModifiedBy: text('last_modified_by'),
    lastModifiedDate: timestamp('last_modified_date', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(0),
  },
  (t) => [
    uniqueIndex('app_user_login_lower_idx').on(sql`lower(${t.login})`),
    uniqueIndex('app_user_email_lower_idx').on(sql`lower(${t.email})`),
    // partial, case-insensitive search of the user list (ILIKE '%…%') through trigram indexes
    index('app_user_login_trgm_idx').using('gin', sql`${t.login} gin_trgm_ops`),
    index('app_user_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    index('app_user_name_trgm_idx').using('gin', sql`(${userFullNameSql(t)}) gin_trgm_ops`),
  ],
);

export const passwordHistory = pgTable(
  'password_history',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    passwordHash: text('password_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_history_user_idx').on(t.userId)],
);

/** A signed-in session; the token names it, and revoking it ends the token's validity. */
export const userSession = pgTable(
  'user_session',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    rememberMe: boolean('remember_me').notNull().default(false),
    /**
     * A demo session (decision 0072): the session that started it; it ends with it (revoked, expired
     * or deleted). It acts with the rights of the group or user below, never more than its own user's.
     */
    demoOfSessionId: uuid('demo_of_session_id').references((): AnyPgColumn => userSession.id, { onDelete: 'cascade' }),
    /** The user group a demo views the admin as (no foreign key: a group deleted ends the demo). */
    demoUserGroupId: integer('demo_user_group_id'),
    /** The user a demo views the admin as. */
    demoUserId: integer('demo_user_id').references(() => appUser.id, { onDelete: 'cascade' }),
    /** The group's name or the user's login as the demo started. */
    demoLabel: text('demo_label'),
  },
  (t) => [index('user_session_user_idx').on(t.userId), index('user_session_demo_of_idx').on(t.demoOfSessionId)],
);

/** Single-use password reset keys; only their SHA-256 hash is stored. */
export const resetKey = pgTable(
  'reset_key',
  {
    keyHash: text('key_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('reset_key_user_idx').on(t.userId)],
);

/**
 * Failed sign-ins per source address, shared by every server process on the database. Updated in
 * the transaction that audits the failure; forgotten after a quiet period (LOGIN_THROTTLE_*).
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    address: text('address').primaryKey(),
    failures: integer('failures').notNull(),
    firstFailureAt: timestamp('first_failure_at', { withTimezone: true }).notNull(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
    /** No attempt from the address is checked before this instant (null: no wait). */
    nextAllowedAt: timestamp('next_allowed_at', { withTimezone: true }),
  },
  (t) => [index('login_throttle_last_failure_idx').on(t.lastFailureAt)],
);
