import { accessBench } from './access.bench.js';
import { adminListsBench } from './admin-lists.bench.js';
import { bulkDocumentsRssBench } from './bulk-documents-rss.bench.js';
import { bulkExportBench } from './bulk-export.bench.js';
import { bulkImportBench } from './bulk-import.bench.js';
import { bulkReplaceBench } from './bulk-replace.bench.js';
import { documentSearchBench } from './document-search.bench.js';
import { filesBench } from './files.bench.js';
import { firstLoadBench } from './first-load.bench.js';
import { prodBuildBench } from './prod-build.bench.js';
import { productSearchBench } from './product-search.bench.js';
import { proxyBench } from './proxy.bench.js';
import { publicReadBench } from './public-read.bench.js';
import { publishBench } from './publish.bench.js';
import { rateLimitBench } from './rate-limit.bench.js';
import { siteBench } from './site.bench.js';
import { translationsBench } from './translations.bench.js';

/** npm run bench: every benchmark, results written to bench/RESULTS.md. BENCH=name runs one. */
const benches: Record<string, () => Promise<void>> = {
  access: accessBench,
  'product-search': productSearchBench,
  'admin-first-load': firstLoadBench,
  translations: translationsBench,
  files: filesBench,
  'document-search': documentSearchBench,
  'admin-lists': adminListsBench,
  publish: publishBench,
  'public-read': publicReadBench,
  site: siteBench,
  'prod-build': prodBuildBench,
  'bulk-import': bulkImportBench,
  'bulk-replace': bulkReplaceBench,
  'bulk-export': bulkExportBench,
  'bulk-documents-rss': bulkDocumentsRssBench,
  proxy: proxyBench,
  'rate-limit': rateLimitBench,
};
const only = process.env.BENCH;
for (const [name, run] of Object.entries(benches)) {
  if (only && only !== name) continue;
  console.log(`bench: ${name}`);
  await run();
}
