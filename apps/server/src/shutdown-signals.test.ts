import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { Database } from './db/client.js';
import { SAME_SIGNAL_MS, stopOnSignals } from './shutdown.js';

/*
 * The worker runs jobs from the middle of its build (decision 0080): a SIGTERM that arrives
 * before the build has ended waits for it, then drains and exits 0, instead of ending the process
 * and its running job at once.
 */

// only the handlers a test installs are removed afterwards (the test runner may have its own)
let kept: Record<'SIGTERM' | 'SIGINT', Set<NodeJS.SignalsListener>>;
beforeEach(() => {
  kept = { SIGTERM: new Set(process.listeners('SIGTERM')), SIGINT: new Set(process.listeners('SIGINT')) };
});
afterEach(() => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    for (const listener of process.listeners(signal)) if (!kept[signal].has(listener)) process.off(signal, listener);
  }
  vi.restoreAllMocks();
});

/** What a stop uses of the app: its log, close and server. */
const fakeApp = (close: () => Promise<void>) =>
  ({
    log: { info: () => {}, warn: () => {}, error: () => {} },
    close,
    server: { closeAllConnections: () => {} },
  }) as unknown as FastifyInstance;

it('stops gracefully on a signal that arrives while the app is still being built', async () => {
  const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
  let built!: (app: FastifyInstance) => void;
  const building = new Promise<FastifyInstance>((resolve) => {
    built = resolve;
  });
  const close = vi.fn(async () => {});
  const app = fakeApp(close);
  const database = { close: vi.fn(async () => {}) } as unknown as Database;
  const before = process.listenerCount('SIGTERM');
  stopOnSignals(building, database, 1_000);
  expect(process.listenerCount('SIGTERM')).toBe(before + 1);

  process.emit('SIGTERM');
  await new Promise((r) => setTimeout(r, 20));
  // nothing stopped yet: the build (and the job it started) goes on
  expect(close).not.toHaveBeenCalled();
  expect(exit).not.toHaveBeenCalled();

  built(app);
  await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(0));
  expect(close).toHaveBeenCalledOnce();
  expect(database.close).toHaveBeenCalledOnce();
});

it('leaves a failed build to the start, which says why and exits itself', async () => {
  const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
  const building = Promise.reject(new Error('the database cannot be reached'));
  building.catch(() => {});
  stopOnSignals(building, { close: vi.fn() } as unknown as Database, 1_000);
  process.emit('SIGTERM');
  await new Promise((r) => setTimeout(r, 20));
  expect(exit).not.toHaveBeenCalled();
});

it('takes a signal delivered twice at once (a Ctrl-C under tsx) as one, and a later one as "stop at once"', async () => {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
  try {
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    let closed!: () => void;
    const close = vi.fn(() => new Promise<void>((resolve) => (closed = resolve)));
    const app = fakeApp(close);
    const database = { close: vi.fn(async () => {}) } as unknown as Database;
    stopOnSignals(Promise.resolve(app), database, 60_000);
    process.emit('SIGINT');
    process.emit('SIGINT');
    await vi.waitFor(() => expect(close).toHaveBeenCalledOnce());
    expect(exit).not.toHaveBeenCalled();
    // pressed again a while later: the user wants it to end now
    vi.setSystemTime(Date.now() + SAME_SIGNAL_MS + 1);
    process.emit('SIGINT');
    expect(exit).toHaveBeenCalledWith(1);
    // the drain then ends: its timers go with it (none fires later in this process)
    closed();
    await vi.waitFor(() => expect(database.close).toHaveBeenCalledOnce());
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(0));
    const calls = exit.mock.calls.length;
    vi.advanceTimersByTime(100_000);
    expect(exit.mock.calls.length).toBe(calls);
  } finally {
    vi.useRealTimers();
  }
});
