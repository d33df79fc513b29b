/**
 * The site's own style sheet (served at /site/_assets/site.css) and the theme sheet generated per
 * unit from its layout colours. Mobile first (usable at 320 px), logical properties so that
 * right-to-left pages mirror, a print style that keeps the content and drops the chrome.
 */
export const SITE_CSS = `
*,*::before,*::after{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;line-height:1.5;-webkit-text-size-adjust:100%}
body{margin:0;color:#1a1a1a;background:#fff;min-inline-size:320px}
a{color:var(--site-link,#0b57d0)}
a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible,summary:focus-visible{outline:3px solid var(--site-highlight,#0b57d0);outline-offset:2px}
img{max-inline-size:100%;block-size:auto}
h1{font-size:1.5rem;margin:1rem 0}
h2{font-size:1.2rem;margin:1rem 0 .5rem}
.skip-link{position:absolute;inset-inline-start:-999px}
.skip-link:focus{inset-inline-start:.5rem;top:.5rem;background:#fff;padding:.5rem;z-index:1}
.preview-banner{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;justify-content:space-between;background:#fef3c7;color:#111;border-block-end:3px solid #b45309;padding:.5rem 1rem}
.preview-banner a{color:#111}
.preview-banner p{margin:0}
.site-header{background:var(--site-main,#1f2937);padding:.75rem 1rem}
.site-header--light,.site-header--light a{color:#fff}
.site-header--dark{background:var(--site-main,#f3f4f6)}
.site-header--dark,.site-header--dark a{color:#111}
.site-header__bar{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;justify-content:space-between}
.site-header__home{font-weight:600;text-decoration:none}
.site-header__logo{max-block-size:3rem;display:block}
.site-header__choice{margin:0;font-size:.9rem}
.site-header__title{font-size:1.25rem;font-weight:600;margin:.5rem 0 0}
.site-header__body p{margin:.25rem 0}
.site-main{padding:1rem;max-inline-size:60rem;margin-inline:auto}
.site-footer{border-block-start:1px solid #ddd;padding:1rem;font-size:.9rem;max-inline-size:60rem;margin-inline:auto}
.site-footer__items{list-style:none;padding:0;margin:0 0 .5rem;display:flex;flex-wrap:wrap;gap:.5rem 1rem}
.field{margin:0 0 1rem;border:0;padding:0}
.field label,.field legend{display:block;font-weight:600;margin-block-end:.25rem}
.field label.choice{font-weight:400}
input[type=text],select{inline-size:100%;max-inline-size:30rem;font:inherit;padding:.5rem;border:1px solid #767676;border-radius:4px;background:#fff;color:inherit}
button,.button{display:inline-block;font:inherit;padding:.5rem 1rem;border:0;border-radius:4px;background:var(--site-highlight,#0b57d0);color:var(--site-on-highlight,#fff);text-decoration:none;cursor:pointer}
.form-error{color:#b00020;font-weight:600}
[aria-invalid=true]{border-color:#b00020}
.type-list{list-style:none;padding:0;display:grid;gap:1rem;grid-template-columns:repeat(auto-fill,minmax(9rem,1fr))}
.type-card{display:flex;flex-direction:column;gap:.5rem;padding:.75rem;border:1px solid #ddd;border-radius:6px;text-decoration:none;block-size:100%}
.type-card__name{font-weight:600}
.hero{display:block;inline-size:100%;max-block-size:14rem;object-fit:cover}
.search{display:grid;gap:1rem}
@media (min-width:48rem){.search:not(.one-column){grid-template-columns:minmax(0,1fr) minmax(0,2fr)}}
.results,.documents,.files{list-style:none;padding:0;margin:0}
.results>li,.document{border-block-end:1px solid #eee;padding:.75rem 0}
.attributes{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:.5rem 0}
.attributes div,.confirmation div{display:contents}
.attributes dt,.confirmation dt{font-weight:600}
.attributes dd,.confirmation dd{margin:0}
.file{padding:.5rem 0}
.file__link{font-weight:600;min-block-size:44px;margin-block:.25rem}
.file__meta{margin:.25rem 0;font-size:.95rem}
.file__name{font-weight:600}
.confirmation{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:.25rem 0}
.site-header__change,.breadcrumb a,.file__paper a,.file__previous a,.file__previous summary,.document__language,.search-another summary,.site-list a{display:inline-block;min-block-size:24px;min-inline-size:24px;line-height:24px}
.note,.document__languages{margin:.5rem 0;padding:.25rem .75rem;border-inline-start:4px solid #b45309;background:#fef3c7;color:#1a1a1a}
.document__languages p{margin:.25rem 0}
.document__languages a{color:#0b3d91}
.document h2{font-size:1.1rem;margin:.5rem 0 .25rem}
.breadcrumb{margin:.5rem 0 0}
.site-main h1{margin:.25rem 0 .5rem}
main:focus{outline:none}
.search-another{margin:1.5rem 0}
.search-another summary{cursor:pointer;font-weight:600}
.site-list{padding-inline-start:1.25rem}
.document__type{display:block;font-size:.85rem;font-weight:400;color:#555}
.pager{display:flex;gap:1rem;justify-content:space-between}
.lot-form{margin:1rem 0}
.visually-hidden{position:absolute;inline-size:1px;block-size:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.file__paper{margin:.25rem 0}
.field-error{display:block;color:#b00020;font-weight:600}
.paper-copy input[type=email]{inline-size:100%;max-inline-size:30rem;font:inherit;padding:.5rem;border:1px solid #767676;border-radius:4px;background:#fff;color:inherit}
.paper-copy__trap{display:none}
.paper-copy__privacy{font-size:.9rem}
.lot-form input{max-inline-size:14rem}
input[type=email]{inline-size:100%;max-inline-size:30rem;font:inherit;padding:.5rem;border:1px solid #767676;border-radius:4px;background:#fff;color:inherit}
.access{margin:1.5rem 0;padding:1rem;border:1px solid #ddd;border-radius:6px}
.access h2{margin-block-start:0}
.document__product{font-size:.9rem;margin:.25rem 0}
.combobox{position:relative}
.suggestions{position:absolute;z-index:2;inset-inline-start:0;inline-size:100%;max-inline-size:30rem;max-block-size:16rem;overflow-y:auto;margin:0;padding:0;list-style:none;background:#fff;border:1px solid #767676;border-radius:4px;box-shadow:0 2px 6px rgba(0,0,0,.25)}
.suggestions[hidden]{display:none}
.suggestions [role=option]{padding:.5rem;cursor:pointer}
.suggestions [aria-selected=true]{background:var(--site-highlight,#0b57d0);color:var(--site-on-highlight,#fff)}
.scan-button{margin-block-start:.5rem}
.scanner{inline-size:min(100% - 2rem,30rem);border:0;border-radius:6px;padding:1rem}
.scanner::backdrop{background:rgba(0,0,0,.6)}
.scanner h2{margin-block-start:0}
.scanner__video{display:block;inline-size:100%;background:#000;margin-block-end:.5rem}
.linkset-links{list-style:none;padding:0;margin:0}
.linkset-links li{padding:.25rem 0}
.linkset-links a{display:inline-block;min-block-size:24px;padding:.25rem 0;font-weight:600}
@media print{
  .site-header__choice,.skip-link,.search__form,.lot-form,.pager,.actions,.file__paper,button,.access,.suggestions,.scanner{display:none}
  .site-header{background:none;color:#000}
  .site-header a,a{color:#000;text-decoration:none}
  .file__link::after{content:" (" attr(href) ")";font-weight:400;font-size:.8rem;word-break:break-all}
  .site-main,.site-footer{max-inline-size:none;padding:0}
}
`;

// the unit's colours as custom properties: shared with the administration's live preview of the layout
export { themeCss } from '@vellum/contract';
