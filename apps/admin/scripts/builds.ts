import { randomBytes } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readdirSync, realpathSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * The admin app's builds (decision 0052). Each build goes into a folder of its own under `builds/`;
 * `dist` is a symbolic link to the current one, replaced in one rename once a build is complete. A
 * server resolves the link when it starts and serves that folder for as long as it runs, so another
 * instance of the same checkout can build meanwhile without taking a file from under it. A build
 * folder is removed only when `dist` no longer points at it and no running process has marked it
 * in use (`<build>.in-use-<pid>` beside it: a server serving it, or the build writing it).
 */

/** apps/admin: where `dist` and `builds/` live. */
export const ADMIN_DIR = resolve(import.meta.dirname, '..');
const POINTER = 'dist';
const BUILDS = 'builds';
const IN_USE = /^(.+)\.in-use-(\d+)$/;

/** The build `dist` points at now, as a real path, when it holds an index.html. */
export function currentBuild(adminDir = ADMIN_DIR): string | undefined {
  try {
    const dir = realpathSync(join(adminDir, POINTER));
    return existsSync(join(dir, 'index.html')) ? dir : undefined;
  } catch {
    return undefined;
  }
}

/** A build folder marked in use by this process until `release()`. */
export interface HeldBuild {
  dir: string;
  release(): void;
}

function hold(dir: string): HeldBuild {
  const marker = `${dir}.in-use-${process.pid}`;
  writeFileSync(marker, '');
  return { dir, release: () => rmSync(marker, { force: true }) };
}

/**
 * The current build, marked in use by this process (a server, until it stops): no later build
 * removes it. Undefined when there is no build.
 */
export function holdCurrentBuild(adminDir = ADMIN_DIR): HeldBuild | undefined {
  for (let attempt = 0; attempt < 3; attempt++) {
    const dir = currentBuild(adminDir);
    if (!dir) return undefined;
    const held = hold(dir);
    // a build that another process removed between the look-up and the mark: look again
    if (existsSync(join(dir, 'index.html'))) return held;
    held.release();
  }
  return undefined;
}

/** Whether a process with this id is running (another user's process counts). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the build folders that `dist` does not point at and that no running process holds, and
 * the marks of processes that have ended. Returns the names of the folders removed.
 */
export function pruneBuilds(adminDir = ADMIN_DIR): string[] {
  const builds = join(adminDir, BUILDS);
  if (!existsSync(builds)) return [];
  const current = currentBuild(adminDir);
  const entries = readdirSync(builds);
  const held = new Set<string>();
  for (const entry of entries) {
    const mark = IN_USE.exec(entry);
    if (!mark) continue;
    if (running(Number(mark[2]))) held.add(mark[1]);
    else rmSync(join(builds, entry), { force: true });
  }
  const removed: string[] = [];
  for (const entry of entries) {
    const dir = join(builds, entry);
    if (IN_USE.test(entry) || held.has(entry) || dir === current) continue;
    rmSync(dir, { recursive: true, force: true });
    removed.push(entry);
  }
  return removed;
}

/** Points `dist` at the build folder in one rename: a reader finds the previous build or this one, never none. */
function pointAt(adminDir: string, name: string): void {
  const pointer = join(adminDir, POINTER);
  // a `dist` folder of the layout before builds/ (one build, emptied in place) becomes a build like the others
  if (lstatSync(pointer, { throwIfNoEntry: false })?.isDirectory()) renameSync(pointer, join(adminDir, BUILDS, `${name}-before`));
  const link = join(adminDir, `${POINTER}.${name}.link`);
  symlinkSync(join(BUILDS, name), link, 'junction');
  renameSync(link, pointer);
}

/**
 * Builds into a new folder (`build` writes it: vite in scripts/build.ts), points `dist` at it once
 * it is complete, then prunes the builds no process holds. The new folder is held while it is
 * written, so that a build running at the same time does not remove it; a failed build leaves `dist`
 * as it was. Returns the new build's folder.
 */
export async function swapInNewBuild(build: (outDir: string) => Promise<void>, adminDir = ADMIN_DIR): Promise<string> {
  mkdirSync(join(adminDir, BUILDS), { recursive: true });
  // named by time first, so that a listing shows the builds in order
  const name = `${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}-${randomBytes(3).toString('hex')}`;
  const dir = join(adminDir, BUILDS, name);
  const held = hold(dir);
  try {
    await build(dir);
    if (!existsSync(join(dir, 'index.html'))) throw new Error(`the admin build wrote no index.html into ${dir}`);
    pointAt(adminDir, name);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  } finally {
    held.release();
  }
  pruneBuilds(adminDir);
  return dir;
}
