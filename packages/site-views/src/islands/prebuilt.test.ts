import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readIslands, writeIslands } from './build.js';

/** The scripts built at `npm run build` are served as they were written (decision 0046). */
describe('islands written at build and read at start', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vellum-islands-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads back every file, entry and first load the build wrote, with the same tags', async () => {
    expect(readIslands(dir)).toBeUndefined();
    const written = await writeIslands(dir);
    expect(readdirSync(dir).sort()).toEqual([...written.files.keys(), 'islands.json'].sort());
    const read = readIslands(dir);
    expect(read?.entries).toEqual(written.entries);
    expect(read?.firstLoad).toEqual(written.firstLoad);
    expect([...(read?.files.keys() ?? [])].sort()).toEqual([...written.files.keys()].sort());
    for (const [name, f] of written.files) {
      expect(read?.files.get(name)?.etag).toBe(f.etag);
      expect(Buffer.from(read?.files.get(name)?.contents ?? []).equals(Buffer.from(f.contents))).toBe(true);
    }
  }, 60_000);
});
