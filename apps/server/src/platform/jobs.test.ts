import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPglite, type Database, openDatabase } from '../db/client.js';
import { createJobQueue, type JobQueue } from './jobs.js';

/** The job queue (decision 0056) on an embedded database of its own: pg-boss through its PGlite adapter. */
let database: Database;
let jobs: JobQueue;
const seen: string[] = [];
const errors: string[] = [];

beforeAll(async () => {
  database = await openDatabase({ pglite: createPglite() });
  jobs = createJobQueue(database, { error: (m) => errors.push(m) });
  jobs.handle<{ name: string }>('greet', async ({ name }) => {
    seen.push(name);
    // a job may queue another; drain runs it too
    if (name === 'parent') await jobs.send('greet', { name: 'child' });
  });
  jobs.handle<{ name: string }>('fail', async ({ name }) => {
    seen.push(`failing ${name}`);
    throw new Error('no');
  });
  await jobs.start({ work: false });
});
afterAll(async () => {
  await jobs?.stop();
  await database?.close();
});

describe('the job queue', () => {
  it('runs what is queued, and what those jobs queue, with drain()', async () => {
    await jobs.send('greet', { name: 'a' });
    await jobs.send('greet', { name: 'parent' });
    expect(await jobs.drain()).toBe(3);
    expect(seen.sort()).toEqual(['a', 'child', 'parent']);
    expect(await jobs.drain()).toBe(0);
  });

  it('fails an attempt that throws without stopping the others', async () => {
    seen.length = 0;
    await jobs.send('fail', { name: 'x' });
    await jobs.send('greet', { name: 'b' });
    expect(await jobs.drain()).toBe(2);
    expect(seen.sort()).toEqual(['b', 'failing x']);
    // the failed attempt waits for its retry delay: nothing runs now
    expect(await jobs.drain()).toBe(0);
  });

  it('takes no new queue once started', () => {
    expect(() => jobs.handle('late', async () => {})).toThrow(/after start/);
  });
});

describe('the job queue’s schedules', () => {
  it('records a declared cron in pg-boss where the queue is worked (PGlite), and takes none after start', async () => {
    const db = await openDatabase({ pglite: createPglite() });
    const worked = createJobQueue(db, { error: (m) => errors.push(m) });
    worked.handle('tick', async () => {});
    worked.every('tick', '*/15 * * * *');
    await worked.start({ work: true });
    try {
      expect(() => worked.every('tick', '* * * * *')).toThrow(/after start/);
      const c = db.connection;
      if (c.kind !== 'pglite') throw new Error('pglite');
      const { rows } = await c.client.query<{ name: string; cron: string; timezone: string }>(
        'SELECT name, cron, timezone FROM pgboss.schedule',
      );
      expect(rows).toEqual([{ name: 'tick', cron: '*/15 * * * *', timezone: 'UTC' }]);
    } finally {
      await worked.stop(1000);
      await db.close();
    }
  });
});
