import { Paper } from '@mantine/core';
import { type ContentBlock, themeCss } from '@vellum/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useObjectUrl } from '../../api/useObjectUrl';
import { PreviewFrame } from './PreviewFrame';

export interface PreviewValues {
  mainColor: string | null;
  highlightColor: string | null;
  lightHeaderText: boolean;
  logoUrl: string | null;
  headerTextTitle: string | null;
  footerItems: { text: string; publicUrl: string }[];
  contentBlocks: Pick<ContentBlock, 'type' | 'content' | 'productTypeId'>[];
  /** The unit's custom CSS as edited, its `url(resources/…)` already pointing at the resources' content. */
  css: string;
}

/** A link of the site as the preview shows it: styled as the site's links are, leading nowhere. */
function PreviewLink({ className, title, children }: { className?: string; title?: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/useValidAnchor: an address in the preview's frame would load it there; the preview only shows the link
    <a className={className} title={title}>
      {children}
    </a>
  );
}

/** Rich text of a block, already sanitised by the server or by the editor's own schema. */
function Block({ block }: { block?: { content: string } }) {
  if (!block?.content) return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitised rich text, or the editor's own schema-limited output
  return <div className="content-block" dangerouslySetInnerHTML={{ __html: block.content }} />;
}

/**
 * The public site's header, product-type selection and footer as they will look with these values,
 * redrawn on every keystroke: the site's own markup and style sheet, then the theme of the colours
 * and the unit's custom CSS, in a frame of their own (decision 0050). It shows the effective
 * values: the unit's own, else the manufacturer's. Its links lead nowhere.
 */
export function LayoutPreview({ values }: { values: PreviewValues }) {
  const { t, i18n } = useTranslation();
  const logo = useObjectUrl(values.logoUrl);
  const block = (type: ContentBlock['type']) => values.contentBlocks.find((b) => b.type === type && !b.productTypeId);
  const theme = themeCss({ mainColor: values.mainColor, highlightColor: values.highlightColor });
  return (
    <Paper
      withBorder
      radius="md"
      style={{ overflow: 'hidden' }}
      aria-label={t('websiteLayout.preview.title')}
      role="region"
      data-testid="layout-preview"
    >
      <PreviewFrame title={t('websiteLayout.preview.frame')} lang={i18n.language} css={[theme, values.css]}>
        <header
          data-testid="preview-header"
          className={`site-header ${values.lightHeaderText ? 'site-header--light' : 'site-header--dark'}`}
        >
          <div className="site-header__bar">
            <PreviewLink className="site-header__home">
              {logo.url ? (
                <img className="site-header__logo" src={logo.url} alt={t('websiteLayout.preview.logo')} />
              ) : (
                <span>{t('websiteLayout.preview.noLogo')}</span>
              )}
            </PreviewLink>
            <p className="site-header__choice">
              <PreviewLink>{t('websiteLayout.preview.chooseCountry')}</PreviewLink>
            </p>
          </div>
          {values.headerTextTitle && <p className="site-header__title">{values.headerTextTitle}</p>}
        </header>
        <main className="site-main">
          <Block block={block('PRODUCT_TYPE_SELECTION_HEADER')} />
          <h1>{t('websiteLayout.preview.selectProductType')}</h1>
          <Block block={block('PRODUCT_TYPE_HEADER')} />
          <ul className="type-list">
            <li>
              <PreviewLink className="type-card">
                <span className="type-card__name">{t('websiteLayout.preview.productType')}</span>
              </PreviewLink>
            </li>
          </ul>
          <Block block={block('PRODUCT_TYPE_FOOTER')} />
        </main>
        <footer className="site-footer" data-testid="preview-footer">
          {values.footerItems.length === 0 ? (
            <p>{t('websiteLayout.preview.noFooter')}</p>
          ) : (
            <ul className="site-footer__items">
              {values.footerItems.map((item, i) => (
                // the items have no stable ids while edited
                // biome-ignore lint/suspicious/noArrayIndexKey: drafts without ids, shown in their order
                <li key={i}>
                  <PreviewLink title={item.publicUrl}>{item.text || '…'}</PreviewLink>
                </li>
              ))}
            </ul>
          )}
        </footer>
      </PreviewFrame>
    </Paper>
  );
}
