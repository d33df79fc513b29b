import type { Texts } from '../texts.js';

/** Previous and next pages of a list of results, as plain links; nothing when there is one page. */
export function Pager({ previousUrl, nextUrl, t }: { previousUrl: string | null; nextUrl: string | null; t: Texts }) {
  if (!previousUrl && !nextUrl) return null;
  return (
    <nav className="pager" aria-label={t('search.results')}>
      {previousUrl && (
        <a href={previousUrl} rel="prev">
          {t('navigation.previous')}
        </a>
      )}{' '}
      {nextUrl && (
        <a href={nextUrl} rel="next">
          {t('navigation.next')}
        </a>
      )}
    </nav>
  );
}
