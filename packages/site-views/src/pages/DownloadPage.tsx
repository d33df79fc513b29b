import { formatDate, formatSize } from '../format.js';
import { Layout } from '../Layout.js';
import type { Texts } from '../texts.js';
import type { ChoiceView, DownloadView, PageLanguage, UnitView } from '../view-models.js';
import { LanguageNames } from './FileItem.js';
import { FileSummary } from './FileSummary.js';

export interface DownloadPageProps {
  unit: UnitView;
  language: PageLanguage;
  t: Texts;
  choice: ChoiceView;
  audienceName: string;
  download: DownloadView;
}

/** `/site/{bu}/files/{fileId}`: what will be downloaded (document, file, version, date, language), then the binary. */
export function DownloadPage({ unit, language, t, choice, audienceName, download: d }: DownloadPageProps) {
  return (
    <Layout unit={unit} language={language} t={t} title={t('download.confirmation.title')} choice={choice} audienceName={audienceName}>
      <h1>{t('download.confirmation.title')}</h1>
      <FileSummary d={d} t={t}>
        {d.versionDate && (
          <div>
            <dt>{t('document.date')}</dt>
            <dd>
              <time dateTime={d.versionDate}>{formatDate(d.versionDate, language.isoCode)}</time>
            </dd>
          </div>
        )}
        {d.languages.length > 0 && (
          <div>
            <dt>{t('document.language')}</dt>
            <dd>
              <LanguageNames languages={d.languages} />
            </dd>
          </div>
        )}
        {d.binarySize !== null && (
          <div>
            <dt>{t('document.size')}</dt>
            <dd>{formatSize(d.binarySize, language.isoCode)}</dd>
          </div>
        )}
      </FileSummary>
      <p>{t('download.confirmation.body')}</p>
      <p className="actions">
        <a className="button" href={d.downloadUrl} download={d.binaryName ?? undefined}>
          {t('download.confirmation.accept')}
          <span className="visually-hidden">: {d.fileName}</span>
        </a>{' '}
        <a href={d.backUrl}>{t('download.confirmation.cancel')}</a>
      </p>
    </Layout>
  );
}
