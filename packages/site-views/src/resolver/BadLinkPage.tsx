import { Layout } from '../Layout.js';
import type { Texts } from '../texts.js';
import { siteUrls } from '../urls.js';
import type { PageLanguage, UnitView } from '../view-models.js';

export interface BadLinkPageProps {
  /** Null when the address names no unit the site knows. */
  unit: UnitView | null;
  language: PageLanguage;
  t: Texts;
}

/**
 * Answered with 400 to a GS1 Digital Link with a syntax error (a bad check digit, an AI GS1 does not
 * define, a value that does not fit its AI, key qualifiers out of order, a broken compression) and
 * to an address whose percent-escapes are broken: the GS1-Conformant resolver standard (2.4.1)
 * asks for 400, and the visitor for a way on (decision 0049).
 */
export function BadLinkPage({ unit, language, t }: BadLinkPageProps) {
  return (
    <Layout unit={unit} language={language} t={t} title={t('badLink.title')}>
      <h1>{t('badLink.title')}</h1>
      <p>{t('badLink.body')}</p>
      {unit && (
        <p>
          <a href={siteUrls.home(unit.root)}>{t('navigation.home')}</a>
        </p>
      )}
    </Layout>
  );
}
