import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The newest PostgreSQL installed by the Debian packages. */
function binDir(): string {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  if (!versions[0]) throw new Error('no PostgreSQL under /usr/lib/postgresql');
  return `/usr/lib/postgresql/${versions[0]}/bin`;
}

/** PostgreSQL refuses to run as root: as root, its commands run as the `postgres` user. */
function run(command: string, args: string[]): string {
  const bin = join(binDir(), command);
  const asRoot = process.getuid?.() === 0;
  return execFileSync(asRoot ? 'runuser' : bin, asRoot ? ['-u', 'postgres', '--', bin, ...args] : args, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/**
 * A PostgreSQL of the suite's own in a temporary folder (decision 0080): the machine's shared
 * server is never stopped; this one is, on purpose, while the site is under load.
 */
export class PrivatePostgres {
  readonly dir: string;
  private running = false;

  constructor(readonly port: number) {
    this.dir = mkdtempSync(join(tmpdir(), 'vellum-faults-pg-'));
    if (process.getuid?.() === 0) {
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
      chownSync(this.dir, uid, gid);
    }
    chmodSync(this.dir, 0o700);
    run('initdb', ['-D', join(this.dir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  start(): void {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
    run('pg_ctl', ['-D', join(this.dir, 'data'), '-o', options, '-l', join(this.dir, 'log'), '-w', 'start']);
    this.running = true;
  }

  /** A fast stop: connections are cut, as when the database's host restarts it. */
  stop(): void {
    if (!this.running) return;
    run('pg_ctl', ['-D', join(this.dir, 'data'), '-m', 'fast', '-w', 'stop']);
    this.running = false;
  }

  /** Runs one SQL statement through psql and answers its rows as tab-separated text. */
  sql(statement: string): string {
    return execFileSync('psql', [this.url, '-XAtq', '-F', '\t', '-c', statement], { encoding: 'utf8' }).trim();
  }

  destroy(): void {
    try {
      this.stop();
    } finally {
      rmSync(this.dir, { recursive: true, force: true });
    }
  }
}
