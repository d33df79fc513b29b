import { beforeAll } from 'vitest';
import { clearKeySets } from '../modules/customer-api/customer-token.js';
import { clearProductTypeUnits } from '../modules/products/products.access.js';
import { clearChangeWindows } from '../modules/public-read/change-window.js';
import { clearSiteCache } from '../modules/public-read/live-site.js';
import { clearProviderCache } from '../modules/sso/oidc.js';

/**
 * Run before each test file. The files of a worker share their modules (vitest.config.ts, decision
 * 0085) while each builds a fresh database whose ids start again from 1: what a process keeps by
 * id, right for the one database of a running server, is forgotten between files.
 */
beforeAll(() => {
  clearSiteCache();
  clearChangeWindows();
  clearProductTypeUnits();
  clearProviderCache();
  clearKeySets();
});
