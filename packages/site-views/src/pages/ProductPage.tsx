import { Layout, RichText } from '../Layout.js';
import type { Texts } from '../texts.js';
import type { ChoiceView, DocumentView, PageLanguage, SearchFieldView, UnitView } from '../view-models.js';
import { AccessForm, type AccessFormView } from './AccessPages.js';
import { AttributeList } from './AttributeList.js';
import { FileItem, LanguageNames } from './FileItem.js';
import { SearchForm } from './SearchForm.js';

export { FileItem } from './FileItem.js';

export interface ProductPageProps {
  unit: UnitView;
  language: PageLanguage;
  t: Texts;
  choice: ChoiceView;
  audienceName: string;
  typeName: string;
  searchUrl: string;
  keyCode: string | null;
  attributes: { name: string; value: string }[];
  remarks: string[];
  documents: DocumentView[];
  /** The lot the documents are filtered by; lotFilter: the type has lot numbers. */
  lot: string | null;
  /** The lot was given and no lot range of the product holds it: the documents are those for all lots. */
  lotUnknown?: boolean;
  lotFilter: { action: string } | null;
  /** showSearchOnDetailPage: the type's search form, folded under "Search another product". */
  search: { action: string; fields: SearchFieldView[] } | null;
  headerBlocks: string[];
  footerBlocks: string[];
  /** While the unit has restricted groups: the form asking for an e-mail link, or who is verified (decision 0045). */
  access?: AccessFormView | null;
}

/** A document with its files; without a file in the visitor's language, it says so and offers the others by name. */
function DocumentItem({ d, t, choice, locale }: { d: DocumentView; t: Texts; choice: ChoiceView; locale: string }) {
  return (
    <li className="document">
      <h2>
        <span className="document__type">{d.typeName}</span> {d.name}
      </h2>
      {!d.inVisitorLanguage && (
        <div className="document__languages">
          <p>{t('document.notInLanguage').replace('{{language}}', choice.languageName)}</p>
          <p>
            {t('document.availableIn')}{' '}
            {d.files.map((f, i) => (
              <span key={f.fileId}>
                {i > 0 && ', '}
                <a className="document__language" href={f.current.downloadUrl}>
                  <LanguageNames languages={f.languages} />
                  <span className="visually-hidden">: {f.name}</span>
                </a>
              </span>
            ))}
          </p>
        </div>
      )}
      <ul className="files">
        {d.files.map((f) => (
          <FileItem key={f.fileId} file={f} t={t} locale={locale} />
        ))}
      </ul>
      {d.number && (
        <p className="document__number">
          {t('search.documentNumber.label')}: {d.number}
        </p>
      )}
      <AttributeList attributes={d.attributes} />
    </li>
  );
}

/**
 * `…/{product-type-slug}/{keyCode}`: the product's documents first, each file a clear action
 * (decision 0048), then its remarks and attributes, the lot filter, and another search folded away.
 */
export function ProductPage(p: ProductPageProps) {
  const { t } = p;
  const title = p.keyCode ?? p.typeName;
  const locale = p.language.isoCode;
  return (
    <Layout unit={p.unit} language={p.language} t={t} title={title} choice={p.choice} audienceName={p.audienceName}>
      <p className="breadcrumb">
        <a href={p.searchUrl}>{p.typeName}</a>
      </p>
      <h1>{title}</h1>
      {p.lotUnknown && p.lot && (
        <p className="note" role="note">
          {t('document.lotUnknown').replace('{{lot}}', p.lot)}
        </p>
      )}
      <section className="product__documents" aria-label={t('product.documents')}>
        {p.documents.length === 0 ? (
          <p>{t('product.noDocuments').replace('{{country}}', p.choice.countryName)}</p>
        ) : (
          <ul className="documents">
            {p.documents.map((d) => (
              <DocumentItem key={`${d.typeName}|${d.number ?? ''}|${d.name}`} d={d} t={t} choice={p.choice} locale={locale} />
            ))}
          </ul>
        )}
      </section>
      {p.access && <AccessForm form={p.access} t={t} />}
      {(p.remarks.length > 0 || p.attributes.length > 0) && (
        <section className="product__details" aria-labelledby="details-title">
          <h2 id="details-title">{t('product.details')}</h2>
          {p.remarks.map((html) => (
            <RichText key={html} className="remark" html={html} />
          ))}
          <AttributeList attributes={p.attributes} />
        </section>
      )}
      {p.lotFilter && (
        <form className="lot-form" method="get" action={p.lotFilter.action}>
          <label htmlFor="lot">{t('search.lotNumber.label')}</label>{' '}
          <input id="lot" name="lot" type="text" defaultValue={p.lot ?? ''} autoComplete="off" spellCheck={false} />{' '}
          <button type="submit">{t('search.submit')}</button>
        </form>
      )}
      {p.headerBlocks.map((html) => (
        <RichText key={html} className="content-block" html={html} />
      ))}
      {p.footerBlocks.map((html) => (
        <RichText key={html} className="content-block" html={html} />
      ))}
      {p.search && (
        <details className="search__form search-another">
          <summary id="search-title">{t('search.another')}</summary>
          <SearchForm action={p.search.action} fields={p.search.fields} t={t} />
        </details>
      )}
    </Layout>
  );
}
