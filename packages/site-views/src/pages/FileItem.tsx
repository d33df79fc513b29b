import { formatDate, formatSize, typeLabel } from '../format.js';
import type { Texts } from '../texts.js';
import type { FileView, LanguageName } from '../view-models.js';

/** Language names, each marked with its language (WCAG 3.1.2), separated by commas. */
export function LanguageNames({ languages }: { languages: LanguageName[] }) {
  return languages.map((l, i) => (
    <span key={l.code}>
      {i > 0 && ', '}
      <span lang={l.code}>{l.name}</span>
    </span>
  ));
}

/** "Download PDF" (or the file's type; "Download" when unknown). */
export function downloadLabel(file: FileView, t: Texts): string {
  const type = typeLabel(file.current.mediaType);
  return type ? t('document.downloadType').replace('{{type}}', type) : t('document.download');
}

/**
 * One file of a document as a clear action (decision 0048): "Download PDF" first, named for
 * assistive technology by the file and its languages, then its languages by name, size, version
 * and date, the paper copy, and earlier versions folded away.
 */
export function FileItem({ file, t, locale = 'en' }: { file: FileView; t: Texts; locale?: string }) {
  const names = file.languages.map((l) => l.name).join(', ');
  const { current } = file;
  return (
    <li className="file" id={`file-${file.fileId}`}>
      <a className="button file__link" href={current.downloadUrl}>
        {downloadLabel(file, t)}
        <span className="visually-hidden">
          : {file.name}
          {names ? ` (${names})` : ''}
        </span>
      </a>
      <p className="file__meta">
        <span className="file__name">{file.name}</span>
        {file.languages.length > 0 && (
          <>
            {' · '}
            <LanguageNames languages={file.languages} />
          </>
        )}
        {current.size !== null && (
          <>
            {' · '}
            <span>{formatSize(current.size, locale)}</span>
          </>
        )}
        {' · '}
        <span>
          {t('document.version')} {current.label}
        </span>
        {current.versionDate && (
          <>
            {' · '}
            <time dateTime={current.versionDate}>{formatDate(current.versionDate, locale)}</time>
          </>
        )}
      </p>
      <p className="file__paper">
        <a href={file.paperCopyUrl}>
          {t('paper.request')}
          <span className="visually-hidden">: {file.name}</span>
        </a>
      </p>
      {file.previous.length > 0 && (
        <details className="file__previous">
          <summary>{t('document.previousVersions')}</summary>
          <ul>
            {file.previous.map((v) => (
              <li key={v.fileVersionId}>
                <a href={v.downloadUrl}>
                  {t('document.version')} {v.label}
                  <span className="visually-hidden">: {file.name}</span>
                </a>
                {v.versionDate && (
                  <span>
                    {' · '}
                    <time dateTime={v.versionDate}>{formatDate(v.versionDate, locale)}</time>
                  </span>
                )}
              </li>
            ))}
          </ul>
        </details>
      )}
    </li>
  );
}
