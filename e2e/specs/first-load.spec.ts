import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { adminDist, kB, measureFirstLoad } from '../../bench/lib/first-load.js';

/**
 * The admin's first load (issue 8 item 6, decision 0017), read from the build this run serves
 * (`npm run test:e2e` builds the admin first): the entry chunk and everything it imports
 * statically, which index.html preloads, at most 250 kB of gzipped JavaScript. No browser needed.
 */
const BUDGET = 250_000;

test.describe('admin first load', () => {
  const report = measureFirstLoad();

  test('the sign-in page and the shell load at most 250 kB of gzipped JavaScript', () => {
    const { js, css } = report.firstLoad;
    console.log(`first load: ${kB(js.gzip)} JavaScript, ${kB(css.gzip)} CSS (gzip), ${js.files.length} files`);
    console.log(`largest route: ${report.largestRoute.name}, ${kB(report.largestRoute.js.gzip)} more`);
    expect(js.gzip, `first-load JavaScript ${kB(js.gzip)} gzip, budget ${kB(BUDGET)}: ${js.files.join(', ')}`).toBeLessThanOrEqual(BUDGET);
  });

  test('index.html preloads nothing the measure leaves out', () => {
    const html = readFileSync(join(adminDist, 'index.html'), 'utf8');
    const loaded = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    expect(loaded.length).toBeGreaterThan(0);
    for (const file of loaded) expect(report.firstLoad.js.files).toContain(file);
  });

  test('the rich-text editor is not part of the first load', () => {
    const code = report.firstLoad.js.files.map((f) => readFileSync(join(adminDist, f), 'utf8')).join('\n');
    // ProseMirror, under tiptap, names its editable element with this class
    expect(code).not.toContain('ProseMirror');
    const remarks = report.routes.find((r) => r.name.endsWith('product-remarks/RemarksRoutes.tsx'));
    expect(remarks, 'the remarks screens are their own chunk').toBeTruthy();
  });
});
