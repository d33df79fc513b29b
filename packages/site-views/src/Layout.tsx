import type { ReactNode } from 'react';
import type { Texts } from './texts.js';
import { siteUrls } from './urls.js';
import type { ChoiceView, PageLanguage, PreviewBanner, UnitView } from './view-models.js';

export interface LayoutProps {
  /** Null on pages shown before a unit is known (an unknown unit's 404). */
  unit: UnitView | null;
  language: PageLanguage;
  t: Texts;
  title: string;
  /** The visitor's choice, shown with a link to change it. */
  choice?: ChoiceView;
  /** Audience name of the choice. */
  audienceName?: string;
  children: ReactNode;
}

/**
 * Every page's frame: the unit's logo and header text, the visitor's choice with a link to change
 * it, and the unit's footer. Styles come only from style sheets (the site's, the unit's theme
 * colours and the unit's own CSS): the Content-Security-Policy allows no inline style or script.
 */
export function Layout({ unit, language, t, title, choice, audienceName, children }: LayoutProps) {
  const pageTitle = unit ? `${title} · ${unit.name}` : title;
  return (
    <html lang={language.isoCode} dir={language.rtl ? 'rtl' : 'ltr'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {unit?.preview && <meta name="robots" content="noindex, nofollow" />}
        <title>{unit?.preview ? `${t('preview.title')} · ${pageTitle}` : pageTitle}</title>
        <link rel="stylesheet" href={siteUrls.siteCss()} />
        {unit && <link rel="stylesheet" href={siteUrls.themeCss(unit.root, unit.styleVersion)} />}
        {unit?.hasCustomCss && <link rel="stylesheet" href={siteUrls.unitCss(unit.root, unit.styleVersion)} />}
      </head>
      <body>
        <a className="skip-link" href="#main">
          {t('navigation.skipToContent')}
        </a>
        {unit?.preview && <PreviewBannerView banner={unit.preview} t={t} />}
        <header className={`site-header ${unit?.lightHeaderText ? 'site-header--light' : 'site-header--dark'}`}>
          <div className="site-header__bar">
            {unit && (
              <a className="site-header__home" href={siteUrls.home(unit.root)}>
                {unit.logoUrl ? <img className="site-header__logo" src={unit.logoUrl} alt={unit.name} /> : <span>{unit.name}</span>}
              </a>
            )}
            {unit && choice && (
              <p className="site-header__choice">
                <span>
                  {choice.countryName} · {choice.languageName}
                  {audienceName ? ` · ${audienceName}` : ''}
                </span>{' '}
                <a
                  className="site-header__change"
                  href={siteUrls.home(unit.root, { change: true, language: choice.language, from: choice.from })}
                >
                  {t('country.change')}
                </a>
              </p>
            )}
          </div>
          {unit?.headerTitle && <p className="site-header__title">{unit.headerTitle}</p>}
          {unit?.headerBody && (
            <div className="site-header__body">
              {unit.headerBody.split(/\r?\n/).map((line, i) => (
                // lines of a plain text never reorder
                // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity
                <p key={i}>{line}</p>
              ))}
            </div>
          )}
        </header>
        <main id="main" className="site-main" tabIndex={-1}>
          {children}
        </main>
        <footer className="site-footer">
          {unit && unit.footerItems.length > 0 && (
            <ul className="site-footer__items">
              <FooterLinks items={unit.footerItems} />
            </ul>
          )}
          <p className="site-footer__powered">{t('footer.poweredBy')}</p>
        </footer>
      </body>
    </html>
  );
}

/** Rich text the server sanitised (content blocks, remarks). */
export function RichText({ html, className }: { html: string; className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised when saved in the admin (platform/rich-text.ts)
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** The banner of a preview: what is shown, that visitors do not see it, and the way out. */
function PreviewBannerView({ banner, t }: { banner: PreviewBanner; t: Texts }) {
  return (
    <section className="preview-banner" aria-label={t('preview.title')}>
      <p>
        <strong>{t('preview.title')}</strong>{' '}
        {banner.publicationNumber === null
          ? t('preview.draft')
          : t('preview.publication').replace('{{number}}', String(banner.publicationNumber))}{' '}
        {banner.inactive && t('preview.inactive')}
      </p>
      <a href={banner.exitUrl}>{t('preview.exit')}</a>
    </section>
  );
}

/** The unit's footer items as list items (its contacts, legal pages): the footer, and the pages that point to them. */
export function FooterLinks({ items }: { items: UnitView['footerItems'] }) {
  return items.map((f) => (
    <li key={`${f.publicUrl}|${f.text}`}>
      <a href={f.publicUrl} rel="noopener">
        {f.text}
      </a>
    </li>
  ));
}
