import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/** A whole HTML document from a page element (no client hydration: every page works without JavaScript). */
export function renderHtml(page: ReactElement): string {
  return `<!doctype html>${renderToStaticMarkup(page)}`;
}
