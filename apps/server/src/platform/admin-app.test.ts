import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentBuild, holdCurrentBuild, pruneBuilds, swapInNewBuild } from '../../../admin/scripts/builds.js';
import { serveAdminApp } from './admin-app.js';

/**
 * The admin app's builds (decision 0052): a server serves the build current at its start, and
 * another instance of the same checkout building meanwhile changes nothing it serves. The builds
 * here are written by hand as vite writes them (index.html naming a hashed script).
 */
let adminDir: string;
const servers: FastifyInstance[] = [];

const viteLike = (version: string) => async (outDir: string) => {
  mkdirSync(join(outDir, 'assets'), { recursive: true });
  writeFileSync(join(outDir, 'assets', `index-${version}.js`), `console.log('${version}')`);
  writeFileSync(join(outDir, 'index.html'), `<script type="module" src="/assets/index-${version}.js"></script>`);
};

async function serving(root: string): Promise<FastifyInstance> {
  const app = Fastify();
  await serveAdminApp(app, root);
  await app.ready();
  servers.push(app);
  return app;
}

const builds = () => readdirSync(join(adminDir, 'builds')).filter((e) => !e.includes('.in-use-'));

beforeAll(() => {
  adminDir = mkdtempSync(join(tmpdir(), 'vellum-admin-'));
});
afterAll(async () => {
  for (const app of servers) await app.close();
  rmSync(adminDir, { recursive: true, force: true });
});

describe('admin builds', () => {
  const held = {} as { first: NonNullable<ReturnType<typeof holdCurrentBuild>> };

  it('keeps serving the assets a server started with while another instance builds, and after; a new server serves the new build', async () => {
    await swapInNewBuild(viteLike('one'), adminDir);
    expect(lstatSync(join(adminDir, 'dist')).isSymbolicLink()).toBe(true);
    held.first = holdCurrentBuild(adminDir)!;
    const running = await serving(held.first.dir);
    const asset = () => running.inject({ method: 'GET', url: '/assets/index-one.js' });
    expect((await asset()).body).toBe("console.log('one')");

    let during: Awaited<ReturnType<typeof asset>> | undefined;
    await swapInNewBuild(async (outDir) => {
      await viteLike('two')(outDir);
      during = await asset();
    }, adminDir);
    expect([during?.statusCode, during?.body]).toEqual([200, "console.log('one')"]);
    const after = await asset();
    expect([after.statusCode, after.headers['content-type'], after.body]).toEqual([
      200,
      'application/javascript; charset=utf-8',
      "console.log('one')",
    ]);
    expect((await running.inject({ method: 'GET', url: '/' })).body).toContain('index-one.js');

    const next = await serving(currentBuild(adminDir)!);
    expect((await next.inject({ method: 'GET', url: '/assets/index-two.js' })).body).toBe("console.log('two')");
    expect((await next.inject({ method: 'GET', url: '/some/admin/page' })).body).toContain('index-two.js');
  });

  it('removes a build once no running process holds it and dist points elsewhere', async () => {
    const first = basename(held.first.dir);
    const second = basename(currentBuild(adminDir)!);
    await swapInNewBuild(viteLike('three'), adminDir);
    const third = basename(currentBuild(adminDir)!);
    expect(builds().sort()).toEqual([first, third].sort());
    // the server of the first build stops: the next build removes it
    held.first.release();
    await swapInNewBuild(viteLike('four'), adminDir);
    expect(builds()).toEqual([basename(currentBuild(adminDir)!)]);
    expect(builds()).not.toContain(second);
  });

  it('forgets the marks of processes that have ended', async () => {
    const build = await swapInNewBuild(viteLike('five'), adminDir);
    await swapInNewBuild(viteLike('six'), adminDir);
    const ended = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(`${build}.in-use-${ended}`, '');
    mkdirSync(build, { recursive: true });
    expect(pruneBuilds(adminDir)).toContain(basename(build));
    expect(existsSync(`${build}.in-use-${ended}`)).toBe(false);
  });

  it('leaves dist as it was when a build fails, and removes what the build wrote', async () => {
    const before = currentBuild(adminDir);
    await expect(
      swapInNewBuild(async (outDir) => {
        mkdirSync(outDir, { recursive: true });
        throw new Error('vite failed');
      }, adminDir),
    ).rejects.toThrow('vite failed');
    expect(currentBuild(adminDir)).toBe(before);
    expect(builds()).toEqual([basename(before!)]);
  });

  it('turns the dist folder of an older checkout into a build, replaced like the others', async () => {
    const older = mkdtempSync(join(tmpdir(), 'vellum-admin-older-'));
    try {
      await viteLike('old')(join(older, 'dist'));
      const dir = await swapInNewBuild(viteLike('new'), older);
      expect(currentBuild(older)).toBe(dir);
      expect(lstatSync(join(older, 'dist')).isSymbolicLink()).toBe(true);
    } finally {
      rmSync(older, { recursive: true, force: true });
    }
  });
});
