import { createHash } from 'node:crypto';
import { DownloadPage, renderHtml, siteUrls } from '@vellum/site-views';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import { fileNameForType, sendBinary } from '../../platform/binaries.js';
import { downloadRecordOf } from '../document-downloads/download-record.js';
import { fileForDownload, productDocuments } from '../public-read/index.js';
import { visitorAccess } from './site-access.js';
import { choiceOf, unitView } from './site-context.js';
import { id, sendPage } from './site-http.js';
import { languageName } from './site-languages.js';
import { type SiteMode, siteAnswers } from './site-mode.js';
import { cachingOf, fileSummaryOf, productSegment, sendNotFound } from './site-pages.js';
import { downloadQuery, fileParams, paramsOf, queryOf } from './site-params.js';
import { fromOfUrl } from './site-place.js';

const html = { config: { access: 'public' as const }, schema: { hide: true } };

/**
 * A file of a product's document (decision 0039): its download confirmation, then its binary,
 * both in the product context the product page put in their query.
 */
export function filePages(app: FastifyInstance, mode: SiteMode) {
  const { db, files } = app.deps;
  const at = mode.prefix;
  const { liveOrAnswer } = siteAnswers(mode);

  /** The file a download confirmation or download names, for the product context of its query; null → 404 sent. */
  async function downloadable(req: FastifyRequest, reply: FastifyReply, now: Date) {
    const p = paramsOf(fileParams, req);
    const q = queryOf(downloadQuery, req);
    const s = await liveOrAnswer(req, reply, p.bu, now, q.language);
    if (!s) return null;
    const { live } = s;
    const notFound = async () => {
      await sendNotFound(req, reply, s, now, q.language);
      return null;
    };
    const fileId = p.fileId;
    const productId = q.product;
    const versionId = q.version === undefined ? undefined : id(q.version);
    const v = choiceOf(live.site, q.country, q.language, q.audience);
    if (!fileId || !productId || !v || (q.version !== undefined && versionId === undefined)) return notFound();
    const lot = q.lot || undefined;
    const access = await visitorAccess(app, req, reply, s);
    const visitor = {
      audience: v.audience,
      country: v.choice.country,
      language: v.choice.language,
      lot,
      productId,
      verifiedEmail: access.email,
    };
    const file = await fileForDownload(db, live, versionId ? { fileVersionId: versionId } : { fileId }, visitor, now);
    // a version id names its file: another file's version under this file's URL is not there
    if (!file || file.file.fileId !== fileId) return notFound();
    return { s, live, v, file, lot, fileId, productId, versionId, access };
  }

  // the download confirmation: what, which version, its date and language
  app.get(`${at}/:bu/files/:fileId`, html, async (req, reply) => {
    const now = new Date();
    const d = await downloadable(req, reply, now);
    if (!d) return;
    const { s, live, v, file } = d;
    const bu = s.root;
    const ctx = { ...v.choice, productId: d.productId, lot: d.lot, versionId: d.versionId };
    // the file's languages as the product page listed them
    const docs = await productDocuments(
      db,
      live,
      d.productId,
      { audience: v.audience, country: v.choice.country, language: v.choice.language, lot: d.lot, verifiedEmail: d.access.email },
      now,
    );
    const listed = docs?.flatMap((x) => x.files).find((f) => f.fileId === d.fileId);
    const type = live.site.productTypes.find((t) => t.id === file.productTypeId);
    const backUrl = type
      ? siteUrls.product(bu, v.choice, type.slug, productSegment({ keyCode: file.keyCode, productId: d.productId }), d.lot)
      : siteUrls.types(bu, v.choice);
    const page = createElement(DownloadPage, {
      unit: unitView(s, v.choice.language),
      language: v.language,
      t: v.t,
      // a change of country or language comes back to the product
      choice: { ...v.choice, from: fromOfUrl(bu, backUrl) },
      audienceName: v.audienceName,
      download: {
        ...fileSummaryOf(file),
        versionDate: file.version.versionDate,
        isCurrent: file.isCurrent,
        languages: (listed?.languages ?? []).map((code) => ({ code, name: languageName(code, live.site) })),
        binaryName: fileNameForType(file.binaryName ?? file.file.name, file.mediaType),
        binarySize: file.binarySize,
        context: ctx,
        downloadUrl: siteUrls.download(bu, d.fileId, ctx),
        backUrl,
      },
    });
    return sendPage(req, reply, 200, renderHtml(page), d.access.caching(cachingOf(s)), now);
  });

  // the binary, streamed with ranges, under a name whose extension follows its type
  app.get(`${at}/:bu/files/:fileId/download`, html, async (req, reply) => {
    const now = new Date();
    const d = await downloadable(req, reply, now);
    if (!d) return;
    const { file } = d;
    const size = file.binarySize ?? (await files.stat(file.binaryKey))?.size;
    if (size === undefined) return sendNotFound(req, reply, d.s, now, d.v.choice.language);
    // one record per download (not per HEAD, nor per later range of the same download), off the request
    // path, once the stored object is open (a download the store could not serve is not one); a
    // preview's downloads are not the public's and are not counted
    const range = req.headers.range;
    const counted = !d.s.preview && req.method === 'GET' && (range === undefined || /^bytes=0-/.test(range));
    const visitor = { audience: d.v.audience, country: d.v.choice.country, language: d.v.choice.language };
    return sendBinary(req, reply, files, {
      onSending: counted ? () => app.deps.downloads.record(downloadRecordOf(d.live, file, visitor, now)) : undefined,
      key: file.binaryKey,
      size,
      mediaType: file.mediaType ?? 'application/octet-stream',
      sha256: file.sha256 ?? createHash('sha256').update(file.binaryKey).digest('hex'),
      fileName: file.binaryName ?? file.file.name,
    });
  });
}
