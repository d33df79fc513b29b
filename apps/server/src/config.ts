import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/[^/?#\s]+(\/[^?#\s]*)?(\?\S*)?$/, 'must be postgres://user[:password]@host[:port]/database')
    .optional(),
  /** Unset: files on the local disk under DATA_DIR/files; `s3://bucket[/prefix]?endpoint=&region=`: S3-compatible storage. */
  STORAGE_URL: z
    .string()
    .regex(/^s3:\/\/[^/?#]+/, 'must be s3://bucket[/prefix][?endpoint=&region=&forcePathStyle=]')
    .optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Vellum <no-reply@vellum.local>'),
  /** Where help tickets are mailed; unset: the outbox folder (DATA_DIR/outbox), decision 0073. */
  SUPPORT_EMAIL: z.string().email().optional(),
  /** Defaults to http://localhost:{PORT}, so that mailed links follow a changed port. */
  PUBLIC_URL: z.string().url().optional(),
  TOKEN_SECRET: z.string().min(32).optional(),
  /** 32 random bytes in base64 or hex: the AES-256-GCM key of stored SSO client secrets. */
  SSO_SECRET_KEY: z.string().optional(),
  /** The key SSO_SECRET_KEY replaced: secrets sealed under it are still read, and re-sealed under the current key at start. */
  SSO_SECRET_KEY_PREVIOUS: z.string().optional(),
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  LOGIN_THROTTLE_FREE_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_THROTTLE_BASE_DELAY_SECONDS: z.coerce.number().positive().default(1),
  LOGIN_THROTTLE_MAX_DELAY_SECONDS: z.coerce.number().positive().default(900),
  LOGIN_THROTTLE_FORGET_AFTER_MINUTES: z.coerce.number().positive().default(60),
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  /** Whether the server process runs queued jobs itself (default: yes, except in tests, which run them with drain()). */
  SERVER_RUNS_JOBS: z.enum(['true', 'false']).optional(),
  TRUST_PROXY: z.string().optional(),
  /** Units bound to their own host name: `host=slug,host=slug` (the public site is the whole host). */
  SITE_HOSTS: z.string().optional(),
  /** On SIGTERM, how long requests in flight (uploads included) and running jobs may take to finish (decision 0068). */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /** Set: `/management/metrics` answers a request that sends it as a bearer token (otherwise 404). */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Where the test runs' evidence is read from for the validation records page (decision 0077); unset: validation/evidence. */
  VALIDATION_EVIDENCE_DIR: z.string().optional(),
  /** The running commit the validation records name; unset: git's HEAD where the sources are, else "unknown". */
  VELLUM_COMMIT: z
    .string()
    .regex(/^[0-9a-zA-Z._-]{1,64}$/, 'must be a commit id')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** Where binaries are stored (see createFileStore); undefined: the local disk. */
  storageUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  /** The vendor's support address help tickets are mailed to; undefined: they are written to the outbox. */
  supportEmail?: string;
  publicUrl: string;
  tokenSecret: string;
  /** The 32-byte key that encrypts SSO client secrets at rest (platform/secret-box.ts). */
  ssoSecretKey: Buffer;
  /** The key before the current one (key rotation): read, never written. */
  ssoSecretKeyPrevious?: Buffer;
  loginRateLimitPerMinute: number;
  /** Failed sign-ins per source address (kept in the database; see README "Security"). */
  loginThrottle: LoginThrottleConfig;
  seedDemo: boolean;
  /** The server works the job queue (decision 0056); off when separate `npm run worker` processes do. */
  serverRunsJobs: boolean;
  logLevel: string;
  /** Fastify's trustProxy: false (default), true, or the addresses/CIDRs of the proxies (comma-separated). */
  trustProxy: boolean | string;
  /** Host name → unit slug: the unit's public site is the whole host (modules/site/site-hosts.ts). */
  siteHosts: Map<string, string>;
  version: string;
  /** The folder of the test runs' evidence (validation records, decision 0077); undefined: the default. */
  validationEvidenceDir?: string;
  /** The running commit; undefined: read from git (validation records). */
  commit?: string;
  /** The bearer token `/management/metrics` asks for; undefined: the metrics are not served. */
  metricsToken?: string;
  /** On SIGTERM, how long requests in flight and running jobs may take before they are cut (decision 0068). */
  shutdownTimeoutMs: number;
}

/** A configuration the process cannot start with; its message is one line that names the variable and never its value. */
export class ConfigError extends Error {}

/**
 * A token secret an attacker could guess: long enough but made of a few characters repeated
 * (`aaaa…`, `0000…`, `changemechangeme…`). 48 random bytes in base64url have about 40 distinct characters.
 */
function weakSecret(secret: string): boolean {
  return new Set(secret).size < 10;
}

export interface LoginThrottleConfig {
  /** Failures from one address answered without delay. */
  freeFailures: number;
  /** The wait after the first failure beyond the free ones; it doubles with each further failure. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** An address's failures are forgotten once it has had none for this long. */
  forgetAfterMs: number;
}

/**
 * `SITE_HOSTS`: `host=slug,host=slug` (host names case-insensitive, without port), the units bound to
 * their own host name (modules/site/site-hosts.ts, decision 0039).
 */
export function parseSiteHosts(value: string | undefined): Map<string, string> {
  const hosts = new Map<string, string>();
  for (const pair of (value ?? '').split(',')) {
    if (!pair.trim()) continue;
    const [host, slug, extra] = pair.split('=').map((p) => p.trim());
    if (!host || !slug || extra !== undefined || !/^[a-z0-9.-]+$/i.test(host) || !/^[a-z0-9-]{3,50}$/.test(slug)) {
      throw new ConfigError(`SITE_HOSTS: "${pair.trim()}" is not host=slug`);
    }
    hosts.set(host.toLowerCase(), slug);
  }
  return hosts;
}

const VERSION = '0.1.0';

/** Reads every environment variable once. The token secret is generated into DATA_DIR when absent (not in production). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // an empty variable counts as unset
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    throw new ConfigError(`invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  let tokenSecret = e.TOKEN_SECRET;
  if (!tokenSecret) {
    if (e.NODE_ENV === 'production') throw new ConfigError('TOKEN_SECRET is required in production (at least 32 random characters)');
    tokenSecret = readOrCreateSecret(resolve(dataDir, 'token-secret'));
  } else if (e.NODE_ENV === 'production' && weakSecret(tokenSecret)) {
    throw new ConfigError('TOKEN_SECRET is weak: use at least 32 random characters (openssl rand -base64 48)');
  }
  let ssoSecretKey: Buffer;
  if (e.SSO_SECRET_KEY) ssoSecretKey = parseKey(e.SSO_SECRET_KEY);
  else if (e.NODE_ENV === 'production')
    throw new ConfigError('SSO_SECRET_KEY is required in production (32 random bytes in base64: openssl rand -base64 32)');
  else
    ssoSecretKey = Buffer.from(
      readOrCreateSecret(resolve(dataDir, 'sso-secret-key'), () => randomBytes(32).toString('base64')),
      'base64',
    );
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    storageUrl: e.STORAGE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    tokenSecret,
    ssoSecretKey,
    ssoSecretKeyPrevious: e.SSO_SECRET_KEY_PREVIOUS ? parseKey(e.SSO_SECRET_KEY_PREVIOUS, 'SSO_SECRET_KEY_PREVIOUS') : undefined,
    loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT_PER_MINUTE,
    loginThrottle: {
      freeFailures: e.LOGIN_THROTTLE_FREE_FAILURES,
      baseDelayMs: e.LOGIN_THROTTLE_BASE_DELAY_SECONDS * 1000,
      maxDelayMs: Math.max(e.LOGIN_THROTTLE_MAX_DELAY_SECONDS, e.LOGIN_THROTTLE_BASE_DELAY_SECONDS) * 1000,
      forgetAfterMs: e.LOGIN_THROTTLE_FORGET_AFTER_MINUTES * 60_000,
    },
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === 'true' : !e.DATABASE_URL,
    serverRunsJobs: e.SERVER_RUNS_JOBS ? e.SERVER_RUNS_JOBS === 'true' : e.NODE_ENV !== 'test',
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    siteHosts: parseSiteHosts(e.SITE_HOSTS),
    version: VERSION,
    validationEvidenceDir: e.VALIDATION_EVIDENCE_DIR ? resolve(e.VALIDATION_EVIDENCE_DIR) : undefined,
    commit: e.VELLUM_COMMIT,
    metricsToken: e.METRICS_TOKEN,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
  };
}

/** SSO_SECRET_KEY (or its previous value): exactly 32 bytes, written as 64 hex digits or in base64. */
function parseKey(value: string, name = 'SSO_SECRET_KEY'): Buffer {
  const v = value.trim();
  const key = /^[0-9a-f]{64}$/i.test(v)
    ? Buffer.from(v, 'hex')
    : /^[A-Za-z0-9+/_-]+={0,2}$/.test(v)
      ? Buffer.from(v, 'base64')
      : Buffer.alloc(0);
  if (key.length !== 32) throw new ConfigError(`${name} must be 32 bytes in base64 or hex (openssl rand -base64 32)`);
  if (new Set(key).size < 10) throw new ConfigError(`${name} is weak: use 32 random bytes (openssl rand -base64 32)`);
  return key;
}

function readOrCreateSecret(path: string, create = () => randomBytes(48).toString('base64url')): string {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    const secret = create();
    writeFileSync(path, secret, { mode: 0o600 });
    return secret;
  }
}

function parseTrustProxy(v: string | undefined): boolean | string {
  if (v === undefined || v === 'false') return false;
  return v === 'true' ? true : v;
}
