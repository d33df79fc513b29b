import { join } from 'node:path';
import { test } from '@playwright/test';

/**
 * The e2e server of the running spec's project (playwright.config.ts gives each project its own
 * server, port and data folder): its address, and the outbox its mails are written to. Call it
 * inside a test or a hook.
 */
export function e2eServer(): { url: string; dataDir: string; outbox: string } {
  const project = test.info().project;
  const dataDir = project.metadata.dataDir as string;
  return { url: project.use.baseURL as string, dataDir, outbox: join(dataDir, 'outbox') };
}
