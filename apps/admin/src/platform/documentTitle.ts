import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { breadcrumbScope } from './breadcrumbScope';
import { useBusinessUnitName } from './queries';

/** "Products · Cardiology · Vellum": the page, its business unit when it has one, the product. */
export function documentTitleOf(page: string, unitName: string | undefined, product: string): string {
  return [page, unitName && unitName !== page ? unitName : undefined, product].filter(Boolean).join(' · ');
}

/**
 * Gives the browser tab the page's own title (WCAG 2.4.2), with the business unit the address
 * names. Every page sets it through its one heading (components/PageHeader, the sign-in frame,
 * the error pages). The address is read from the window, not the router: a page shown in a test's
 * memory router has no unit of its own and asks for nothing more.
 */
export function useDocumentTitle(page: string | undefined) {
  const scope = breadcrumbScope(window.location.pathname);
  const unitName = useBusinessUnitName(scope.scope === 'none' ? undefined : scope.businessUnitId);
  usePageTitle(page, scope.scope === 'none' ? undefined : unitName.data || undefined);
}

/** The tab's title without a business unit: the signed-out pages and the error pages (which may show before any data). */
export function usePageTitle(page: string | undefined, unit?: string) {
  const { t } = useTranslation();
  const product = t('global.title');
  useEffect(() => {
    if (page) document.title = documentTitleOf(page, unit, product);
  }, [page, unit, product]);
}
