import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Api, signIn } from './api.js';
import { PORTS } from './paths.js';
import { PrivatePostgres } from './private-postgres.js';
import { type ProcessEnv, startServer, type VellumProcess } from './processes.js';

/** One case's world: a private PostgreSQL, a data folder, the compiled server on the suite's port, signed in as the demo's admin. */
export interface World {
  pg: PrivatePostgres;
  env: ProcessEnv;
  server: VellumProcess;
  api: Api;
  /** Starts the server again (after a kill) and signs in again. */
  restart: () => Promise<void>;
  close: () => Promise<void>;
}

export async function openWorld(options: { storageUrl?: string; extra?: Record<string, string> } = {}): Promise<World> {
  const pg = new PrivatePostgres(PORTS.postgres);
  pg.start();
  const dataDir = mkdtempSync(join(tmpdir(), 'vellum-faults-data-'));
  const env: ProcessEnv = { databaseUrl: pg.url, dataDir, port: PORTS.server, storageUrl: options.storageUrl, extra: options.extra };
  let server: VellumProcess;
  try {
    server = await startServer(env);
  } catch (err) {
    // the next case needs the port: nothing of this one is left running
    pg.destroy();
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  const world: World = {
    pg,
    env,
    server,
    api: undefined as unknown as Api,
    async restart() {
      world.server = await startServer(env);
      world.api = await signIn(env.port);
    },
    async close() {
      if (world.server.child.exitCode === null && world.server.child.signalCode === null) {
        world.server.child.kill('SIGKILL');
        await world.server.exited;
      }
      pg.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  world.api = await signIn(env.port);
  return world;
}
