import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The single sign-on configurations (spec 000 §3): one row per kind (ADMIN, PUBLIC, CUSTOMER_API), decision 0071. */
export const ssoConfig = pgTable('sso_config', {
  kind: text('kind').primaryKey(),
  /** The OpenID issuer URL. */
  domain: text('domain').notNull().default(''),
  clientId: text('client_id').notNull().default(''),
  /** AES-256-GCM of the client secret under SSO_SECRET_KEY (platform/secret-box.ts); null: none (a public client). */
  clientSecretEncrypted: text('client_secret_encrypted'),
  enabled: boolean('enabled').notNull().default(false),
  version: integer('version').notNull().default(1),
});

/**
 * A started authorization code sign-in, kept server-side until the provider sends the browser back:
 * the state (its key, stored as a SHA-256 hash), the nonce and the PKCE verifier. Taken once (deleted
 * when used), valid a few minutes.
 */
export const ssoLoginRequest = pgTable(
  'sso_login_request',
  {
    stateHash: text('state_hash').primaryKey(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    admin: boolean('admin').notNull(),
    /** The configuration's version when started: a changed configuration refuses the sign-in. */
    configVersion: integer('config_version').notNull(),
    originalUrl: text('original_url'),
    /** The user who started a test sign-in (settings screen): its answer is a report for them, never a session. */
    testBy: integer('test_by'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sso_login_request_expires_idx').on(t.expiresAt)],
);
