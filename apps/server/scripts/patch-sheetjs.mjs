// Run after every install (decision 0061). Three places of SheetJS 0.20.3's XLS writer, changed in
// the installed build, once; it refuses to go on if the library's text is not the one it knows.
// 1. Its write buffer keeps, for each record it writes, a view of a fresh 16 kB block: an XLS of
//    65,535 rows of five cells held 5 GB. A copy of the written bytes instead of a view.
// 2. Its BIFF8 writer looks each shared string up by a scan of all before it (time quadratic in
//    the distinct strings): the reverse index its XLSX writer already keeps, given to BIFF8 too.
// 3. The same buffer ends its block at each record's payload and opens a new 16 kB one: the
//    garbage collector then spent most of an export freeing them. A payload that fits the block is
//    copied into it instead (the written bytes are the same).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const PATCHES = [
  {
    name: 'write buffer',
    find: /if\(curbuf\.length > curbuf\.l\) \{ curbuf = curbuf\.slice\(0, curbuf\.l\); curbuf\.l = curbuf\.length; \}/g,
    replace:
      'if(curbuf.length > curbuf.l) { curbuf = has_buf ? Buffer.from(curbuf.subarray(0, curbuf.l)) : curbuf.slice(0, curbuf.l); curbuf.l = curbuf.length; }',
  },
  {
    name: 'shared strings index',
    find: /(\tb8oid = 1; b8ocnts = \[\];\n\to\.Strings = [^\n]*?o\.Strings\.Unique = 0;)\n/g,
    replace: '$1 o.revStrings = new Map(); /* patched */\n',
  },
  {
    name: 'payload copy',
    find: /\tvar push = function ba_push\(buf\) \{\n\t\tendbuf\(\); curbuf = buf;/g,
    replace:
      '\tvar push = function ba_push(buf) {\n\t\tvar n = buf.l == null ? buf.length : buf.l; if(has_buf && curbuf && n > 0 && n < curbuf.length - curbuf.l) { curbuf.set(buf.subarray(0, n), curbuf.l); curbuf.l += n; return; } /* patched */\n\t\tendbuf(); curbuf = buf;',
  },
];
const DONE = [
  'Buffer.from(curbuf.subarray(0, curbuf.l))',
  'o.revStrings = new Map(); /* patched */',
  'curbuf.l += n; return; } /* patched */',
];

const root = dirname(createRequire(import.meta.url).resolve('@e965/xlsx'));
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
if (version !== '0.20.3') throw new Error(`patch-sheetjs: written for @e965/xlsx 0.20.3, found ${version}: check its XLS writer again`);
for (const file of ['xlsx.js', 'xlsx.mjs']) {
  const path = join(root, file);
  let text = readFileSync(path, 'utf8');
  for (const [i, patch] of PATCHES.entries()) {
    if (text.includes(DONE[i])) continue;
    const found = text.match(patch.find)?.length ?? 0;
    if (found !== 1) throw new Error(`patch-sheetjs: ${file} holds the ${patch.name}'s line ${found} times, not once`);
    text = text.replace(patch.find, patch.replace);
  }
  writeFileSync(path, text);
}
