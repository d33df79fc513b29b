import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * A server or worker that cannot start says why in one line and exits non-zero, without a stack
 * trace: the processes are spawned as `npm start` and `npm run worker` run them, with bad settings.
 */

const SERVER_DIR = resolve(import.meta.dirname, '..');
const TSX_CLI = createRequire(import.meta.url).resolve('tsx/cli');
const dataDirs: string[] = [];
afterAll(() => {
  for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
});

const SECRET = 'k3J9xQ2mV7pL4wN8rT1yB6cF0hD5sG2aZ-u_E'; // 37 characters, varied
const SSO_KEY = 'q1XzV8b3N0c7K2m5L9p4R6t8W0y2A4d6F8h0J2k4M6o=';

function run(entry: 'main' | 'worker', env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vellum-start-'));
  dataDirs.push(dataDir);
  const child = spawn(process.execPath, [TSX_CLI, '--tsconfig', '../../tsconfig.json', `src/${entry}.ts`], {
    cwd: SERVER_DIR,
    // only what the case sets: nothing of the test run's own environment (its DATABASE_URL) leaks in
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', ...env },
  });
  let stderr = '';
  let stdout = '';
  child.stderr.on('data', (c) => (stderr += c));
  child.stdout.on('data', (c) => (stdout += c));
  return new Promise((done) => child.on('close', (code) => done({ code, stderr, stdout })));
}

async function expectRefused(entry: 'main' | 'worker', env: Record<string, string>, message: RegExp) {
  const { code, stderr } = await run(entry, env);
  expect(code).toBe(1);
  const lines = stderr.split('\n').filter((l) => l.trim() !== '');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^Vellum cannot start: /);
  expect(lines[0]).toMatch(message);
  expect(stderr).not.toMatch(/\n\s+at /);
  return lines[0];
}

// the processes get only the settings each case gives, whatever database the suite runs on: once is enough
// (.ci/run's second pass of the suite, on the embedded database, sets API_SECOND_PASS)
describe.skipIf(!!process.env.API_SECOND_PASS)('a server that cannot start', () => {
  it('names a missing TOKEN_SECRET in production', async () => {
    await expectRefused('main', { NODE_ENV: 'production' }, /TOKEN_SECRET is required in production/);
  });

  it('names a weak TOKEN_SECRET in production', async () => {
    await expectRefused('main', { NODE_ENV: 'production', TOKEN_SECRET: 'abcabcabcabcabcabcabcabcabcabcabcabc' }, /TOKEN_SECRET is weak/);
  });

  it('names a missing SSO_SECRET_KEY in production', async () => {
    await expectRefused('main', { NODE_ENV: 'production', TOKEN_SECRET: SECRET }, /SSO_SECRET_KEY is required in production/);
  });

  it('names a malformed DATABASE_URL, without its value', async () => {
    const line = await expectRefused(
      'main',
      { NODE_ENV: 'production', TOKEN_SECRET: SECRET, DATABASE_URL: 'mysql://root:hunter2hunter2@db/vellum' },
      /DATABASE_URL must be postgres:\/\/user\[:password\]@host\[:port\]\/database/,
    );
    expect(line).not.toContain('hunter2');
  });

  it('names an unreachable database, without its password', async () => {
    const line = await expectRefused(
      'main',
      {
        NODE_ENV: 'production',
        TOKEN_SECRET: SECRET,
        SSO_SECRET_KEY: SSO_KEY,
        DATABASE_URL: 'postgres://vellum:hunter2hunter2@127.0.0.1:1/vellum',
      },
      /the database postgres:\/\/127\.0\.0\.1:1\/vellum cannot be reached: connect ECONNREFUSED/,
    );
    expect(line).not.toContain('hunter2');
  });

  it('names an unreachable bucket', async () => {
    await expectRefused(
      'main',
      {
        NODE_ENV: 'production',
        TOKEN_SECRET: SECRET,
        SSO_SECRET_KEY: SSO_KEY,
        // the test run's PostgreSQL when there is one, else the embedded database: either answers
        DATABASE_URL: process.env.DATABASE_URL ?? '',
        SEED_DEMO: 'false',
        STORAGE_URL: 's3://ifu-files?endpoint=http://127.0.0.1:1',
        AWS_ACCESS_KEY_ID: 'test',
        AWS_SECRET_ACCESS_KEY: 'test-secret',
      },
      /the bucket of STORAGE_URL \(s3:\/\/ifu-files\) cannot be reached: connect ECONNREFUSED/,
    );
  }, 60_000);

  it('names a worker started without DATABASE_URL', async () => {
    await expectRefused('worker', { TOKEN_SECRET: SECRET }, /a worker needs DATABASE_URL/);
  });
});
