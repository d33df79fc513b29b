import type { ReactNode } from 'react';
import type { Texts } from '../texts.js';
import type { FileSummaryView } from '../view-models.js';

/** The product, the document (its number unless hidden), the file and its version; `children` adds rows. */
export function FileSummary({ d, t, children }: { d: FileSummaryView; t: Texts; children?: ReactNode }) {
  return (
    <dl className="confirmation">
      <div>
        <dt>{d.productTypeName}</dt>
        <dd>{d.keyCode ?? '—'}</dd>
      </div>
      {d.documentNumber && (
        <div>
          <dt>{t('search.documentNumber.label')}</dt>
          <dd>{d.documentNumber}</dd>
        </div>
      )}
      <div>
        <dt>{d.documentName}</dt>
        <dd>{d.fileName}</dd>
      </div>
      <div>
        <dt>{t('document.version')}</dt>
        <dd>{d.versionLabel}</dd>
      </div>
      {children}
    </dl>
  );
}
