import { ACCESS_CHANNEL, type ChannelHandlers } from '../db/client.js';
import type { UserRights } from './rights.js';
import type { AuthUser } from './session.repo.js';

/**
 * ACCESS_CHANNEL carries every change that can alter who a request is or what it may do
 * (triggers of migration 0005, sent in the changing transaction, so delivered only once it
 * commits). Payloads: `user:<id>` (that user's row, sessions or group memberships), `settings`
 * (the manufacturer settings), `all` (a role, a group or a group's units).
 */
export { ACCESS_CHANNEL };

/** The safety net: an entry is trusted this long at most, even if a notification was somehow missed. */
export const ACCESS_CACHE_TTL_MS = 15_000;

/** Entries kept at most per map; the oldest go first. */
const MAX_ENTRIES = 10_000;

/** What a demo session views the admin as (decision 0072). */
export interface DemoOf {
  /** The session that started the demo. */
  originalSessionId: string;
  userGroupId: number | null;
  userId: number | null;
  label: string;
}

export interface CachedSession {
  sessionId: string;
  userId: number;
  revokedAt: Date | null;
  expiresAt: Date;
  /** Set for a demo session: its rights are the target's, cut down to the user's, and it changes nothing. */
  demo: DemoOf | null;
}

export interface CachedUser {
  user: AuthUser;
  rights: UserRights;
}

interface Timed<T> {
  value: T;
  at: number;
}

/**
 * Sessions, users with their rights, and a few shared settings, kept in process so that a warm
 * authenticated call needs no database round trip. It is only used while the process listens on
 * ACCESS_CHANNEL: before that, and from a lost connection until it is back, every lookup misses
 * and nothing is stored, so no change can be missed. A load that raced a notification (started
 * before it, finished after it) is not stored either: each notification bumps `generation`.
 */
export class AccessCache implements ChannelHandlers {
  private readonly sessions = new Map<string, Timed<CachedSession>>();
  private readonly users = new Map<number, Timed<CachedUser>>();
  private readonly shared = new Map<string, Timed<unknown>>();
  private listening = false;
  /** Changes with every notification and every change of the listening state. */
  generation = 0;

  constructor(
    private readonly ttlMs = ACCESS_CACHE_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether entries are used (the invalidation channel is listened to). */
  get active(): boolean {
    return this.listening;
  }

  up(): void {
    this.forgetAll();
    this.listening = true;
  }

  down(): void {
    this.listening = false;
    this.forgetAll();
  }

  notify(payload: string): void {
    const user = /^user:(\d+)$/.exec(payload);
    if (user) {
      this.forgetUser(Number(user[1]));
    } else if (payload === 'settings') {
      this.generation++;
      this.shared.clear();
    } else {
      this.forgetAll();
    }
  }

  session(sessionId: string): CachedSession | undefined {
    return this.fresh(this.sessions, sessionId);
  }

  user(userId: number): CachedUser | undefined {
    return this.fresh(this.users, userId);
  }

  /** Stores what a load begun at `generation` read, unless something changed meanwhile. */
  store(generation: number, session: CachedSession, user: CachedUser): void {
    if (!this.listening || generation !== this.generation) return;
    const at = this.now();
    this.put(this.sessions, session.sessionId, { value: session, at });
    this.put(this.users, user.user.id, { value: user, at });
  }

  /** A setting shared by all users (invalidated by `settings` or `all`), loaded on a miss. */
  async sharedValue<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.fresh(this.shared, key);
    if (hit !== undefined) return hit as T;
    const generation = this.generation;
    const value = await load();
    if (this.listening && generation === this.generation) this.put(this.shared, key, { value, at: this.now() });
    return value;
  }

  private forgetUser(userId: number): void {
    this.generation++;
    this.users.delete(userId);
    for (const [id, s] of this.sessions) if (s.value.userId === userId) this.sessions.delete(id);
  }

  private forgetAll(): void {
    this.generation++;
    this.sessions.clear();
    this.users.clear();
    this.shared.clear();
  }

  private fresh<K, T>(map: Map<K, Timed<T>>, key: K): T | undefined {
    if (!this.listening) return undefined;
    const hit = map.get(key);
    if (!hit) return undefined;
    if (this.now() - hit.at >= this.ttlMs) {
      map.delete(key);
      return undefined;
    }
    return hit.value;
  }

  private put<K, T>(map: Map<K, Timed<T>>, key: K, entry: Timed<T>): void {
    map.delete(key);
    map.set(key, entry);
    if (map.size > MAX_ENTRIES) map.delete(map.keys().next().value as K);
  }
}
