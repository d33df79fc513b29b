import { FooterLinks, Layout } from '../Layout.js';
import type { Texts } from '../texts.js';
import { siteUrls } from '../urls.js';
import type { PageLanguage, UnitView } from '../view-models.js';

export interface ProductGonePageProps {
  unit: UnitView;
  language: PageLanguage;
  t: Texts;
  /** The GTIN-14 the link named (null: a product's persistent URL without a GTIN). */
  gtin14: string | null;
}

/**
 * Answered with 410 to a GS1 link (a persistent eIFU URL registered in EUDAMED) of a product an
 * earlier publication listed and the live one no longer does: says so and points to the
 * manufacturer, its site and its contact links (decision 0043).
 */
export function ProductGonePage({ unit, language, t, gtin14 }: ProductGonePageProps) {
  return (
    <Layout unit={unit} language={language} t={t} title={t('gone.title')}>
      <h1>{t('gone.title')}</h1>
      <p>{t('gone.body')}</p>
      {gtin14 && (
        <dl className="attributes">
          <dt>{t('gone.gtin')}</dt>
          <dd>{gtin14}</dd>
        </dl>
      )}
      <h2>{t('gone.contact')}</h2>
      <ul className="gone-contact">
        <li>
          <a href={siteUrls.home(unit.root, { language: language.isoCode })}>{unit.name}</a>
        </li>
        <FooterLinks items={unit.footerItems} />
      </ul>
    </Layout>
  );
}
