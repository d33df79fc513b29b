import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { resolve } from 'node:path';

const file = resolve(import.meta.dirname, '../RESULTS.md');

/** Replaces one benchmark's section of bench/RESULTS.md (between its markers), keeping the others. */
export function writeSection(id: string, title: string, body: string): void {
  const start = `<!-- bench:${id}:start -->`;
  const end = `<!-- bench:${id}:end -->`;
  const machine = `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  const section = `${start}\n## ${title}\n\nRun ${new Date().toISOString()} on ${machine}.\n\n${body}\n${end}`;
  let text = existsSync(file)
    ? readFileSync(file, 'utf8')
    : '# Benchmark results\n\nWritten by `npm run bench`; each section is replaced by its own benchmark run.\n';
  const re = new RegExp(`${start}[\\s\\S]*?${end}`);
  text = re.test(text) ? text.replace(re, section) : `${text.trimEnd()}\n\n${section}\n`;
  writeFileSync(file, text);
}
