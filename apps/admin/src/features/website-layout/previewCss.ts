import type { PublicResource } from '@vellum/contract';
import { usePublicResources, useResourceContents } from './websiteLayout.hooks';

// url(resources/<name>) as the CSS check allows it, quoted or not (decision 0027)
const REFERENCE = /url\(\s*(['"]?)resources\/([A-Za-z0-9._-]+)\1\s*\)/g;

/** The resource names a style sheet references. */
export function referencedResources(css: string): Set<string> {
  return new Set([...css.matchAll(REFERENCE)].map((m) => m[2]));
}

/** The style sheet with each reference to a resource of `contents` (name → data: URL) pointing at its content. */
export function withResourceContents(css: string, contents: Map<string, string>): string {
  return css.replace(REFERENCE, (reference, _quote, name: string) => {
    const content = contents.get(name);
    return content ? `url("${content}")` : reference;
  });
}

/**
 * The unit's custom CSS as the preview applies it: on the site, `url(resources/<name>)` resolves to
 * the published resource beside the sheet; in the administration the saved resource is only for
 * signed-in users (decision 0050), so each one referenced is read with the token and inlined as a
 * data: URL (which the administration's CSP allows for images and fonts alike).
 */
export function usePreviewCss(unitId: number, css: string): string {
  const names = referencedResources(css);
  const resources = usePublicResources(unitId, names.size > 0);
  const used: PublicResource[] = (resources.data ?? []).filter((r) => names.has(r.name));
  const contents = useResourceContents(used);
  const byName = new Map<string, string>();
  used.forEach((r, i) => {
    const data = contents[i]?.data;
    if (data) byName.set(r.name, data);
  });
  return withResourceContents(css, byName);
}
