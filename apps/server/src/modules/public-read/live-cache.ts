import type { ChannelHandlers } from '../../db/client.js';
import type { LivePublication } from './public-read.types.js';

/** Units (by id and by slug) held at most; the oldest go first. */
const MAX_ENTRIES = 1024;

interface Entry {
  live: LivePublication;
  /** Instants (ms) in [from, until) have this answer; until null: no later publication is known. */
  from: number;
  until: number | null;
}

/**
 * Which publication is live per unit, held per process so that a visitor's page needs no round
 * trip for it (decision 0047). The answer for an instant changes only when
 * - a publication row is added, changed or deleted: the table's trigger (migration 0023) announces
 *   it on PUBLICATION_CHANNEL from the changing transaction, so it is heard once it commits (by the
 *   committing process before its call answers, through its pooled connections); or
 * - the instant reaches the creation date of a publication that was created later than the one
 *   read (a row may carry a date ahead of the clock).
 * An entry is therefore used for instants from the one it was read at up to the next creation
 * date after it, while nothing was heard since its read began. Nothing is held unless the process
 * listens: before that, and from a lost connection until it is back, every read goes to the
 * database. Nothing about visitors is kept.
 */
export class LiveCache implements ChannelHandlers {
  private readonly entries = new Map<string, Entry>();
  /** Listeners that hear the channel now (a process may have more than one app on a database). */
  private listeners = 0;
  /** Changes with every notification and every change of the listening state. */
  generation = 0;

  get active(): boolean {
    return this.listeners > 0;
  }

  up(): void {
    this.listeners++;
    this.forget();
  }

  down(): void {
    this.listeners = Math.max(0, this.listeners - 1);
    this.forget();
  }

  notify(): void {
    this.forget();
  }

  /** The held answer for `key` at `at`, if one is held and `at` is within its span. */
  get(key: string, at: Date): LivePublication | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    const t = at.getTime();
    if (t < e.from || (e.until !== null && t >= e.until)) return undefined;
    return e.live;
  }

  /** Holds what a read begun at `generation` found for `key` at `at`, unless something was heard meanwhile. */
  store(generation: number, key: string, live: LivePublication, at: Date, until: Date | null): void {
    if (!this.active || generation !== this.generation) return;
    this.entries.delete(key);
    this.entries.set(key, { live, from: at.getTime(), until: until === null ? null : until.getTime() });
    while (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
  }

  private forget(): void {
    this.generation++;
    this.entries.clear();
  }
}

const caches = new WeakMap<object, LiveCache>();

/** The cache of what is read through this database handle (one per handle; it holds only while listened for). */
export function liveCacheOf(db: object): LiveCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new LiveCache();
    caches.set(db, cache);
  }
  return cache;
}

/** The cache of this handle when one is listened for (a transaction, or a handle nobody listens for, has none). */
export function activeLiveCache(db: object): LiveCache | undefined {
  const cache = caches.get(db);
  return cache?.active ? cache : undefined;
}
