import { createHash } from 'node:crypto';
import { textPdf } from '../../platform/text-pdf.js';
import type { MatrixRow } from './matrix.js';
import { DOWNLOAD_LINK_MINUTES } from './records-downloads.js';
import type { RecordsDocument, SignedRecords } from './validation-records.service.js';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE =
  'body{font-family:system-ui,sans-serif;margin:2rem;color:#1a1b1e;line-height:1.4}' +
  'table{border-collapse:collapse;width:100%;margin:1rem 0}th,td{border:1px solid #ced4da;padding:.3rem .5rem;text-align:left;vertical-align:top}' +
  'th{background:#f1f3f5}code{font-size:.85em;word-break:break-all}.passed{color:#1b6b2f}.failed{color:#b00020;font-weight:bold}' +
  '.not-covered,.not-run{color:#7a4b00}.note{background:#fff4e6;border:1px solid #f08c00;padding:.75rem;margin:1rem 0}' +
  'a.button{display:inline-block;padding:.5rem 1rem;background:#1864ab;color:#fff;text-decoration:none;border-radius:4px}';
const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');
/** Nothing but the one inline style sheet; the PDF is a data: link to download. */
export const RECORDS_CSP = `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${esc(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

const resultClass = (r: MatrixRow['result']) => r.replace(' ', '-');

/** The lines of the records, the same in the page's tables and in the PDF. */
function pdfLines(records: SignedRecords): string[] {
  const { matrix } = records;
  const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
  const lines = [
    `Software version ${matrix.version}, commit ${matrix.commit}. Generated ${records.generatedAt}.`,
    `Content SHA-256: ${matrix.sha256}`,
    `Ed25519 signature (base64) of "vellum-validation-records:v1:<SHA-256>":`,
    ...(records.signature.match(/.{1,88}/g) ?? []),
    ...records.publicKeyPem.trim().split('\n'),
    '',
    'Test runs',
  ];
  if (matrix.runs.length === 0) lines.push('No test evidence has been recorded for this version yet.');
  for (const r of matrix.runs)
    lines.push(
      cut(
        `${r.suite}: ${r.tests} tests, ${r.date}, commit ${r.commit}${r.matchesCommit ? '' : ' (not the running commit)'}, ${Object.entries(
          r.environment,
        )
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}`,
        120,
      ),
    );
  const t = matrix.totals;
  lines.push(
    '',
    `Totals: ${t.requirements} requirements: ${t.passed} passed, ${t.failed} failed, ${t.notRun} not run, ${t.notCovered} not covered; ${t.tests} tests, ${t.testsPassed} passed, ${t.testsFailed} failed.`,
    '',
    'Requirement | result | tests passed/failed/skipped | test files',
  );
  for (const row of matrix.rows) {
    lines.push(cut(`${row.id} (${row.section}) ${row.title}: ${row.result.toUpperCase()} ${row.passed}/${row.failed}/${row.skipped}`, 120));
    for (const f of row.files) lines.push(`    ${cut(f, 110)}`);
  }
  lines.push('', 'Qualification documents of the customer (IQ, OQ, PQ), covered by the content SHA-256 above');
  if (matrix.qualificationDocuments.length === 0) lines.push('No qualification documents have been uploaded yet.');
  for (const d of matrix.qualificationDocuments)
    lines.push(
      cut(`${d.kind} ${d.title}`, 120),
      cut(`    version ${d.version}, approved ${d.approvalDate}, file ${d.fileName}, ${d.size} bytes`, 120),
      `    SHA-256 ${d.sha256}`,
      cut(`    uploaded by ${d.uploadedBy} at ${d.uploadedDate}`, 120),
    );
  return lines;
}

/** The signed PDF of the records (decision 0077). */
export function recordsPdf(records: SignedRecords): Buffer {
  return textPdf({
    title: `Vellum validation records ${records.matrix.version}`,
    lines: pdfLines(records),
    subject: `SHA-256 ${records.matrix.sha256}; Ed25519 ${records.signature}`,
  });
}

const sizeText = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The customer's own IQ/OQ/PQ documents, each with its SHA-256 and a download link of its own. */
function documentsSection(documents: readonly RecordsDocument[]): string {
  const intro = `<h2>Installation, operational and performance qualification</h2>
<p>The qualification documents your organisation approved for Vellum (IQ, OQ, PQ), as uploaded by the users who manage the validation records. This list is part of the signed content (its SHA-256 above) and of the PDF. Compare a downloaded file's SHA-256 with the one listed here. The download links are valid for ${DOWNLOAD_LINK_MINUTES} minutes.</p>`;
  if (documents.length === 0) return `${intro}<p class="note">No qualification documents have been uploaded yet.</p>`;
  const rows = documents
    .map(
      (d) =>
        `<tr><td>${esc(d.kind)}</td><td>${esc(d.title)}</td><td>${esc(d.version)}</td><td>${esc(d.approvalDate)}</td><td><a download="${esc(d.fileName)}" href="${esc(d.href)}">${esc(d.fileName)}</a> (${sizeText(d.size)})</td><td><code class="document-sha256">${esc(d.sha256)}</code></td><td>${esc(d.uploadedBy)}, ${esc(d.uploadedDate)}</td></tr>`,
    )
    .join('');
  return `${intro}<table><thead><tr><th scope="col">Kind</th><th scope="col">Title</th><th scope="col">Version</th><th scope="col">Approval date</th><th scope="col">File</th><th scope="col">SHA-256</th><th scope="col">Uploaded</th></tr></thead><tbody>${rows}</tbody></table>`;
}

export function recordsPage(records: SignedRecords, documents: readonly RecordsDocument[] = []): string {
  const { matrix } = records;
  const pdf = recordsPdf(records);
  const pdfSha = createHash('sha256').update(pdf).digest('hex');
  const t = matrix.totals;
  const runs =
    matrix.runs.length === 0
      ? '<p class="note" role="status">No test evidence has been recorded for this version yet: the matrix below lists the requirements and the tests that cover them, but no results.</p>'
      : `<table><caption>Test runs</caption><thead><tr><th scope="col">Suite</th><th scope="col">Date</th><th scope="col">Commit</th><th scope="col">Environment</th><th scope="col">Tests</th></tr></thead><tbody>${matrix.runs
          .map(
            (r) =>
              `<tr><td>${esc(r.suite)}</td><td>${esc(r.date)}</td><td><code>${esc(r.commit)}</code>${r.matchesCommit ? '' : ' (not the running commit)'}</td><td>${esc(
                Object.entries(r.environment)
                  .map(([k, v]) => `${k}: ${v}`)
                  .join(', '),
              )}</td><td>${r.tests}</td></tr>`,
          )
          .join('')}</tbody></table>`;
  const rows = matrix.rows
    .map(
      (r) =>
        `<tr><th scope="row">${esc(r.id)}</th><td>${esc(r.section)}</td><td>${esc(r.title)}</td><td>${r.files.map((f) => `<code>${esc(f)}</code>`).join('<br>') || '—'}</td><td>${r.passed}</td><td>${r.failed}</td><td>${r.skipped}</td><td class="${resultClass(r.result)}">${esc(r.result)}</td></tr>`,
    )
    .join('');
  const body = `<h1>Validation records of Vellum ${esc(matrix.version)}</h1>
<p>Commit <code>${esc(matrix.commit)}</code>. Generated ${esc(records.generatedAt)}. Each requirement of the specification, the automated tests that cover it and their results in the last test run.</p>
<p><a class="button" download="vellum-validation-records-${esc(matrix.version)}.pdf" href="data:application/pdf;base64,${pdf.toString('base64')}">Download the signed PDF</a></p>
<h2>Summary</h2>
<ul><li>Requirements: ${t.requirements}: ${t.passed} passed, ${t.failed} failed, ${t.notRun} not run, ${t.notCovered} not covered</li><li>Tests: ${t.tests}: ${t.testsPassed} passed, ${t.testsFailed} failed</li></ul>
${runs}
<h2>Traceability matrix</h2>
<table><thead><tr><th scope="col">Requirement</th><th scope="col">Section</th><th scope="col">Title</th><th scope="col">Test files</th><th scope="col">Passed</th><th scope="col">Failed</th><th scope="col">Skipped</th><th scope="col">Result</th></tr></thead><tbody>${rows}</tbody></table>
<h2>Integrity</h2>
<dl><dt>SHA-256 of the content</dt><dd><code id="content-sha256">${matrix.sha256}</code></dd>
<dt>Ed25519 signature of <code>vellum-validation-records:v1:&lt;SHA-256&gt;</code> (base64)</dt><dd><code id="signature">${esc(records.signature)}</code></dd>
<dt>Public key</dt><dd><pre>${esc(records.publicKeyPem)}</pre></dd>
<dt>SHA-256 of the PDF</dt><dd><code>${pdfSha}</code></dd></dl>
${documentsSection(documents)}`;
  return layout(`Validation records ${matrix.version}`, body);
}

const REFUSALS = {
  401: 'This link to the validation records is not valid: it is wrong, has expired or was used already. Open the validation records again from the administration menu.',
  403: 'Validation records are not active for this installation.',
} as const;
const DOWNLOAD_REFUSED = `This download link is not valid: it is wrong, has expired (after ${DOWNLOAD_LINK_MINUTES} minutes) or the document was deleted. Open the validation records again from the administration menu.`;

export function refusalPage(status: 401 | 403, what: 'page' | 'download' = 'page'): string {
  const text = status === 401 && what === 'download' ? DOWNLOAD_REFUSED : REFUSALS[status];
  return layout('Validation records', `<h1>Validation records</h1><p role="alert">${esc(text)}</p>`);
}
