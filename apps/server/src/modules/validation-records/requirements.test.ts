import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { covers } from './matrix.js';
import { REQUIREMENTS } from './requirements.js';

const ROOT = join(import.meta.dirname, '../../../../..');
const TEST_FILE = /\.(test|spec)\.tsx?$/;

function testFiles(dir: string, rel = ''): string[] {
  return readdirSync(join(ROOT, dir, rel)).flatMap((name) => {
    if (name === 'node_modules' || name.startsWith('.')) return [];
    const path = join(rel, name);
    if (statSync(join(ROOT, dir, path)).isDirectory()) return testFiles(dir, path);
    return TEST_FILE.test(name) ? [`${dir}/${path}`] : [];
  });
}

const ALL = ['apps', 'packages', 'e2e'].filter((d) => existsSync(join(ROOT, d))).flatMap((d) => testFiles(d));

describe('the requirements of the specification', () => {
  it('have unique ids and titles', () => {
    expect(new Set(REQUIREMENTS.map((r) => r.id)).size).toBe(REQUIREMENTS.length);
    for (const r of REQUIREMENTS) expect(r.title.length, r.id).toBeGreaterThan(0);
  });

  it('name only test files that exist: nothing is invented', () => {
    expect(ALL.length).toBeGreaterThan(100);
    for (const r of REQUIREMENTS)
      for (const pattern of r.tests)
        expect(
          ALL.some((f) => covers(pattern, f)),
          `${r.id}: ${pattern}`,
        ).toBe(true);
  });

  it('cover every section of both documents', () => {
    for (const doc of ['000', '001'])
      for (let s = 1; s <= 9; s++)
        expect(
          REQUIREMENTS.some((r) => r.section === `${doc} §${s}`),
          `${doc} §${s}`,
        ).toBe(true);
  });
});
