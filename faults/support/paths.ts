import { resolve } from 'node:path';

/** The repository's root, the compiled server's folder and the ports the suite may use (8360–8369). */
export const ROOT = resolve(import.meta.dirname, '../..');
export const SERVER_DIST = resolve(ROOT, 'apps/server/dist');
export const PORTS = { postgres: 8360, server: 8361, s3: 8362 } as const;
