import { buildApp } from '../../../app.js';
import { loadConfig } from '../../../config.js';
import { openDatabase } from '../../../db/client.js';

/**
 * A test's child process (bulk-import-kill.test.ts): builds the app over the test's PostgreSQL
 * database and storage folder, says so, and drains the job queue, so that the test can kill -9 it
 * in the middle of an import.
 */
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl || !process.env.DATA_DIR) throw new Error('DATABASE_URL and DATA_DIR are needed');
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: process.env.DATA_DIR, LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl });
const database = await openDatabase({ databaseUrl });
const app = await buildApp({ config, database, serveAdmin: false, logger: false, runJobs: false });
await app.ready();
process.stdout.write('ready\n');
await app.deps.jobs.drain();
process.stdout.write('drained\n');
await app.close();
await database.close();
