/** @jsxRuntime automatic */
// (npm start runs the server through tsx from the root, which does not read this workspace's tsconfig)

import { Layout, RichText } from '../Layout.js';
import type { Texts } from '../texts.js';
import type { ChoiceView, DocumentView, FileView, PageLanguage, SearchFieldView, UnitView } from '../view-models.js';
import { AccessForm, type AccessFormView } from './AccessPages.js';
import { AttributeList } from './AttributeList.js';
import { SearchForm } from './SearchForm.js';

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
  lotFilter: { action: string } | null;
  /** showSearchOnDetailPage: the type's search form above the product. */
  search: { action: string; fields: SearchFieldView[] } | null;
  headerBlocks: string[];
  footerBlocks: string[];
  /** While the unit has restricted groups: the form asking for an e-mail link, or who is verified (decision 0045). */
  access?: AccessFormView | null;
}

export function FileItem({ file, t }: { file: FileView; t: Texts }) {
  return (
    <li className="file">
      <a className="file__link" href={file.current.downloadUrl}>
        {file.name}
      </a>
      <dl className="file__meta">
        <div>
          <dt>{t('document.version')}</dt>
          <dd>{file.current.label}</dd>
        </div>
        {file.current.versionDate && (
          <div>
            <dt>{t('document.date')}</dt>
            <dd>{file.current.versionDate}</dd>
          </div>
        )}
        {file.languages.length > 0 && (
          <div>
            <dt>{t('document.language')}</dt>
            <dd>{file.languages.map((l) => l.toUpperCase()).join(', ')}</dd>
          </div>
        )}
      </dl>
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
                </a>
                {v.versionDate && <span> · {v.versionDate}</span>}
              </li>
            ))}
          </ul>
        </details>
      )}
    </li>
  );
}

/** `…/{product-type-slug}/{keyCode}`: the product, its remarks and its documents for the visitor. */
export function ProductPage(p: ProductPageProps) {
  const { t } = p;
  const title = p.keyCode ?? p.typeName;
  return (
    <Layout unit={p.unit} language={p.language} t={t} title={title} choice={p.choice} audienceName={p.audienceName}>
      <p className="breadcrumb">
        <a href={p.searchUrl}>{p.typeName}</a>
      </p>
      {p.headerBlocks.map((html) => (
        <RichText key={html} className="content-block" html={html} />
      ))}
      {p.search && (
        <section className="search__form" aria-labelledby="search-title">
          <h2 id="search-title">{t('search.title')}</h2>
          <SearchForm action={p.search.action} fields={p.search.fields} t={t} />
        </section>
      )}
      <h1>{title}</h1>
      <AttributeList attributes={p.attributes} />
      {p.remarks.map((html) => (
        <RichText key={html} className="remark" html={html} />
      ))}
      {p.lotFilter && (
        <form className="lot-form" method="get" action={p.lotFilter.action}>
          <label htmlFor="lot">{t('search.lotNumber.label')}</label>{' '}
          <input id="lot" name="lot" type="text" defaultValue={p.lot ?? ''} autoComplete="off" spellCheck={false} />{' '}
          <button type="submit">{t('search.submit')}</button>
        </form>
      )}
      {p.documents.length === 0 ? (
        <p>{t('search.noResults')}</p>
      ) : (
        <ul className="documents">
          {p.documents.map((d) => (
            <li className="document" key={`${d.typeName}|${d.number ?? ''}|${d.name}`}>
              <h2>
                <span className="document__type">{d.typeName}</span> {d.name}
              </h2>
              {d.number && (
                <p className="document__number">
                  {t('search.documentNumber.label')}: {d.number}
                </p>
              )}
              <AttributeList attributes={d.attributes} />
              <ul className="files">
                {d.files.map((f) => (
                  <FileItem key={f.fileId} file={f} t={t} />
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
      {p.access && <AccessForm form={p.access} t={t} />}
      {p.footerBlocks.map((html) => (
        <RichText key={html} className="content-block" html={html} />
      ))}
    </Layout>
  );
}
