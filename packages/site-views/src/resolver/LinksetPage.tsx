import { Layout } from '../Layout.js';
import type { Texts } from '../texts.js';
import type { ChoiceView, PageLanguage, UnitView } from '../view-models.js';

/** One link of a product as the page lists it. */
export interface LinkView {
  href: string;
  title: string;
  /** The target's languages, by name. */
  languages: string[];
}

/** The links of one GS1 link type, under its name. */
export interface LinkGroupView {
  linkType: string;
  name: string;
  links: LinkView[];
}

export interface LinksetPageProps {
  unit: UnitView;
  language: PageLanguage;
  t: Texts;
  choice?: ChoiceView;
  audienceName?: string;
  /**
   * `linkset`: every link (`?linkType=linkset` in a browser); `choices`: several links answer the
   * link type asked for (300); `missing`: none does (404), the product's links listed instead.
   */
  kind: 'linkset' | 'choices' | 'missing';
  /** What the item is, and its GTIN-14 (a product without a GTIN has none). */
  description: string;
  gtin14: string | null;
  groups: LinkGroupView[];
  /** No country chosen yet: each link goes through the chooser first. */
  throughChooser: boolean;
}

const HEADINGS = {
  linkset: ['linkset.title', 'linkset.body'],
  choices: ['linkset.choose', 'linkset.chooseBody'],
  missing: ['linkset.missing', 'linkset.missingBody'],
} as const;

/**
 * The links the GS1 resolver holds for a product, as HTML (decision 0049): the human form of its
 * linkset (RFC 9264, served as JSON to applications), the page of a choice between several links of
 * one type (300 Multiple Choices) and the 404 of a link type it does not hold (GS1-Conformant
 * resolver 2.6.2 lets it list the links it has).
 */
export function LinksetPage({
  unit,
  language,
  t,
  choice,
  audienceName,
  kind,
  description,
  gtin14,
  groups,
  throughChooser,
}: LinksetPageProps) {
  const [title, body] = HEADINGS[kind];
  return (
    <Layout unit={unit} language={language} t={t} title={t(title)} choice={choice} audienceName={audienceName}>
      <h1>{t(title)}</h1>
      <p>{t(body)}</p>
      <dl className="attributes">
        <div>
          <dt>{t('documentSearch.product')}</dt>
          <dd>{description}</dd>
        </div>
        {gtin14 && (
          <div>
            <dt>{t('linkset.gtin')}</dt>
            <dd>{gtin14}</dd>
          </div>
        )}
      </dl>
      {throughChooser && <p>{t('linkset.country')}</p>}
      {groups.map((g) => (
        <section key={g.linkType} className="linkset-group" aria-labelledby={`links-${g.linkType}`}>
          <h2 id={`links-${g.linkType}`}>{g.name}</h2>
          <ul className="linkset-links">
            {g.links.map((l) => (
              <li key={`${l.href}|${l.title}`}>
                <a href={l.href}>{l.title}</a>
                {l.languages.length > 0 && (
                  <span className="linkset-links__languages">
                    {' '}
                    ({t('linkset.languages')}: {l.languages.join(', ')})
                  </span>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </Layout>
  );
}
