import { Layout, RichText } from '../Layout.js';
import type { Texts } from '../texts.js';
import type { ChoiceView, PageLanguage, ProductTypeView, UnitView } from '../view-models.js';

export interface ProductTypesPageProps {
  unit: UnitView;
  language: PageLanguage;
  t: Texts;
  choice: ChoiceView;
  audienceName: string;
  /** The selection-header content blocks for the audience (sanitised HTML). */
  headerBlocks: string[];
  types: (ProductTypeView & { url: string })[];
  /** The unit's document search (documentSearch on), linked below the types. */
  documentSearchUrl?: string | null;
}

/** `/site/{bu}/{country}/{language}/{audience}`: the product types of the audience. */
export function ProductTypesPage({
  unit,
  language,
  t,
  choice,
  audienceName,
  headerBlocks,
  types,
  documentSearchUrl,
}: ProductTypesPageProps) {
  return (
    <Layout unit={unit} language={language} t={t} title={t('productType.choose')} choice={choice} audienceName={audienceName}>
      {headerBlocks.map((html) => (
        <RichText key={html} className="content-block" html={html} />
      ))}
      <h1>{t('productType.choose')}</h1>
      {types.length === 0 ? (
        <p>{t('search.noResults')}</p>
      ) : (
        <ul className="type-list">
          {types.map((type) => (
            <li key={type.slug}>
              <a className="type-card" href={type.url}>
                {type.imageUrl && <img src={type.imageUrl} alt="" />}
                <span className="type-card__name">{type.name}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {documentSearchUrl && (
        <p className="document-search-link">
          <a href={documentSearchUrl}>{t('documentSearch.title')}</a>
        </p>
      )}
    </Layout>
  );
}
