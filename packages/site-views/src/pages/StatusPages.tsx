import { Layout } from '../Layout.js';
import type { Texts } from '../texts.js';
import { siteUrls } from '../urls.js';
import type { PageLanguage, UnitView } from '../view-models.js';

interface StatusPageProps {
  unit: UnitView | null;
  language: PageLanguage;
  t: Texts;
}

/** Answered with 404 for an unknown unit, country, language, type, product or file. */
export function NotFoundPage({ unit, language, t }: StatusPageProps) {
  return (
    <Layout unit={unit} language={language} t={t} title={t('notFound.title')}>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <p>
        {unit ? (
          <a href={siteUrls.home(unit.root)}>{t('navigation.home')}</a>
        ) : (
          // an unknown (or never published) unit: the way back is every unit's website (decision 0048)
          <a href={siteUrls.sites()}>{t('sites.all')}</a>
        )}
      </p>
    </Layout>
  );
}

/** Answered with 503 while the unit is inactive in its live publication. */
export function ComingSoonPage({ unit, language, t }: StatusPageProps) {
  return (
    <Layout unit={unit} language={language} t={t} title={t('comingSoon.title')}>
      <h1>{t('comingSoon.title')}</h1>
      <p>{t('comingSoon.body')}</p>
    </Layout>
  );
}

/** Answered with 503 while the database or the storage cannot be reached: nothing of the unit can be read, so no unit's look. */
export function UnavailablePage({ language, t }: StatusPageProps) {
  return (
    <Layout unit={null} language={language} t={t} title={t('unavailable.title')}>
      <h1>{t('unavailable.title')}</h1>
      <p>{t('unavailable.body')}</p>
    </Layout>
  );
}

/** Answered with 401 to a preview that ended, whose session ended, or whose user may no longer preview. */
export function PreviewEndedPage({ language, t }: StatusPageProps) {
  return (
    <Layout unit={null} language={language} t={t} title={t('preview.ended.title')}>
      <h1>{t('preview.ended.title')}</h1>
      <p>{t('preview.ended.body')}</p>
    </Layout>
  );
}

/** Answered with 429 when one address sends more searches (or forms) than a person would. */
export function TooManyRequestsPage({ unit, language, t }: StatusPageProps) {
  return (
    <Layout unit={unit} language={language} t={t} title={t('tooMany.title')}>
      <h1>{t('tooMany.title')}</h1>
      <p>{t('tooMany.body')}</p>
    </Layout>
  );
}
