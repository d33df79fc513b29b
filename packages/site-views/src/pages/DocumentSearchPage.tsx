import { Layout } from '../Layout.js';
import type { Texts } from '../texts.js';
import type { ChoiceView, DocumentView, PageLanguage, SearchFieldView, UnitView } from '../view-models.js';
import { AccessForm, type AccessFormView } from './AccessPages.js';
import { AttributeList } from './AttributeList.js';
import { Pager } from './Pager.js';
import { FileItem } from './ProductPage.js';
import { SearchForm } from './SearchForm.js';

/** A document found, with its files for the visitor and the product whose page gives them their context. */
export interface DocumentHitView {
  documentId: number;
  document: DocumentView;
  product: { label: string; url: string };
}

export interface DocumentSearchPageProps {
  unit: UnitView;
  language: PageLanguage;
  t: Texts;
  choice: ChoiceView;
  audienceName: string;
  /** GET here with the fields' parameters (`q`, `number`, `name`, `d{definitionId}`). */
  action: string;
  /** Null while the search is restricted and the visitor's e-mail is not verified: only the access form shows. */
  fields: SearchFieldView[] | null;
  results: {
    items: DocumentHitView[];
    total: number;
    previousUrl: string | null;
    nextUrl: string | null;
  } | null;
  access: AccessFormView | null;
}

/** `…/{audience}/_documents`: the unit's document search (documentSearch), by number, name and properties. */
export function DocumentSearchPage(p: DocumentSearchPageProps) {
  const { t } = p;
  return (
    <Layout unit={p.unit} language={p.language} t={t} title={t('documentSearch.title')} choice={p.choice} audienceName={p.audienceName}>
      <h1>{t('documentSearch.title')}</h1>
      {p.fields === null ? (
        <p>{t('documentSearch.restricted')}</p>
      ) : (
        <section className="search__form" aria-label={t('documentSearch.title')}>
          <SearchForm action={p.action} fields={p.fields} t={t} />
        </section>
      )}
      {p.results && (
        <section className="search__results" aria-labelledby="results-title">
          <h2 id="results-title">
            {t('search.results')} ({p.results.total})
          </h2>
          {p.results.total === 0 ? (
            <p role="status">{t('search.noResults')}</p>
          ) : (
            <ul className="documents">
              {p.results.items.map((h) => (
                <li className="document" key={h.documentId}>
                  <h3>
                    <span className="document__type">{h.document.typeName}</span> {h.document.name}
                  </h3>
                  {h.document.number && (
                    <p className="document__number">
                      {t('search.documentNumber.label')}: {h.document.number}
                    </p>
                  )}
                  <p className="document__product">
                    {t('documentSearch.product')}: <a href={h.product.url}>{h.product.label}</a>
                  </p>
                  <AttributeList attributes={h.document.attributes} />
                  <ul className="files">
                    {h.document.files.map((f) => (
                      <FileItem key={f.fileId} file={f} t={t} locale={p.language.isoCode} />
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          )}
          <Pager previousUrl={p.results.previousUrl} nextUrl={p.results.nextUrl} t={t} />
        </section>
      )}
      {p.access && <AccessForm form={p.access} t={t} />}
    </Layout>
  );
}
