import { Layout, RichText } from '../Layout.js';
import type { Texts } from '../texts.js';
import type { ChoiceView, PageLanguage, ProductHitView, SearchFieldView, UnitView } from '../view-models.js';
import { AttributeList } from './AttributeList.js';
import { Pager } from './Pager.js';
import { SearchForm } from './SearchForm.js';

export interface SearchResultsView {
  items: ProductHitView[];
  total: number;
  /** 0-based. */
  page: number;
  previousUrl: string | null;
  nextUrl: string | null;
}

export interface SearchPageProps {
  unit: UnitView;
  language: PageLanguage;
  t: Texts;
  choice: ChoiceView;
  audienceName: string;
  typeName: string;
  heroImageUrl: string | null;
  headerBlocks: string[];
  footerBlocks: string[];
  action: string;
  fields: SearchFieldView[];
  /** A refused search: the message and the fields it names. */
  problem: { message: string; params: string[] } | null;
  /** Null until the visitor searches. */
  results: SearchResultsView | null;
  /** showSearchOnResultPage: the form stays above the results. */
  showSearchOnResults: boolean;
  oneColumn: boolean;
}

/** `…/{product-type-slug}`: the type's search form and, once searched, the matching products. */
export function SearchPage(p: SearchPageProps) {
  const { t } = p;
  const showForm = p.results === null || p.showSearchOnResults || p.results.total === 0;
  return (
    <Layout unit={p.unit} language={p.language} t={t} title={p.typeName} choice={p.choice} audienceName={p.audienceName}>
      {p.heroImageUrl && <img className="hero" src={p.heroImageUrl} alt="" />}
      {p.headerBlocks.map((html) => (
        <RichText key={html} className="content-block" html={html} />
      ))}
      <h1>{p.typeName}</h1>
      <div className={p.oneColumn ? 'search one-column' : 'search'}>
        {showForm && (
          <section className="search__form" aria-labelledby="search-title">
            <h2 id="search-title">{t('search.title')}</h2>
            {p.problem && (
              <p className="form-error" role="alert">
                {p.problem.message}
              </p>
            )}
            <SearchForm action={p.action} fields={p.fields} t={t} errorFor={new Set(p.problem?.params ?? [])} />
          </section>
        )}
        {p.results && (
          <section className="search__results" aria-labelledby="results-title">
            <h2 id="results-title">
              {t('search.results')} ({p.results.total})
            </h2>
            {p.results.total === 0 ? (
              <>
                <p>{t('search.noResults')}</p>
                <p>{t('search.noResults.hint')}</p>
              </>
            ) : (
              <ul className="results">
                {p.results.items.map((h) => (
                  <li key={h.url}>
                    <a href={h.url}>{h.keyCode ?? h.attributes.map((a) => a.value).join(' · ')}</a>
                    <AttributeList attributes={h.attributes} />
                  </li>
                ))}
              </ul>
            )}
            <Pager previousUrl={p.results.previousUrl} nextUrl={p.results.nextUrl} t={t} />
          </section>
        )}
      </div>
      {p.footerBlocks.map((html) => (
        <RichText key={html} className="content-block" html={html} />
      ))}
    </Layout>
  );
}
