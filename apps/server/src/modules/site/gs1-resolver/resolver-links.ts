import { DEFAULT_GS1_LINK_TYPE, GS1_LINK_TYPES, isGs1LinkType, isWebsiteTextKey } from '@vellum/contract';
import { type Choice, type LinkGroupView, linkTypeName, type ResolverLink, type SiteRoot, siteUrls, type Texts } from '@vellum/site-views';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Audience, type GtinAnswer, type PublicDocument, productPage, productTypes } from '../../public-read/index.js';
import type { PublishedSite } from '../../publishing/published-site.js';
import { visitorAccess } from '../site-access.js';
import type { LoadedSite } from '../site-context.js';
import { productSegment } from '../site-pages.js';

/**
 * The links the GS1 resolver holds for a product in a visitor's context (decision 0049): the
 * product page (`gs1:defaultLink`, and `gs1:pip` its descriptive type), and each file of each
 * published document the visitor is shown, under its document type's GS1 link type, in its
 * languages, with its media type. The product page and every file carry the context in their URL;
 * a visitor who has not chosen a country gets the links of the site's default context, each going
 * through the chooser, which comes back to it.
 */

/** Whose links these are: a remembered choice, or the site's default (the links then ask for the choice first). */
export interface LinkContext {
  choice: Choice;
  audience: Audience;
  chosen: boolean;
}

export interface ItemLinks {
  /** What the item is, for a person: its type and key code (or GTIN). */
  description: string;
  links: ResolverLink[];
}

/** The link type a document type stands for; publications before decision 0049 carry none. */
export function linkTypeOf(site: PublishedSite, documentTypeId: number): string {
  const stored = site.documentTypes.find((t) => t.id === documentTypeId)?.linkType;
  return linkTypeName(stored && isGs1LinkType(stored) ? stored : DEFAULT_GS1_LINK_TYPE);
}

/** The link types the site's document types stand for (by name): what a visitor may still find once they choose. */
export function siteLinkTypes(site: PublishedSite): Set<string> {
  return new Set(['pip', 'defaultLink', ...site.documentTypes.map((t) => linkTypeOf(site, t.id))]);
}

function fileLinks(
  root: SiteRoot,
  site: PublishedSite,
  ctx: LinkContext,
  productId: number,
  lot: string | undefined,
  docs: PublicDocument[],
) {
  return docs.flatMap((d) =>
    d.files.map(
      (f): ResolverLink => ({
        linkType: linkTypeOf(site, d.documentType.id),
        href: siteUrls.download(root, f.fileId, { ...ctx.choice, productId, lot }),
        title: `${d.name} — ${f.name}`,
        hreflang: f.languages.map((l) => l.toLowerCase()),
        type: f.current.mediaType ?? undefined,
      }),
    ),
  );
}

/**
 * The product's links in the context, as paths under the site's root (the caller makes them
 * absolute), or only its page when the product is not one the context's audience sees. Without a
 * choice, the files of the default country in every language the site offers (a visitor chooses
 * theirs on the way).
 */
export async function itemLinks(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  s: LoadedSite,
  found: GtinAnswer,
  ctx: LinkContext,
  page: { href: string; lot?: string; gtin14: string | null },
  now: Date,
): Promise<ItemLinks> {
  const { site } = s.live;
  const type =
    found.kind === 'product' ? productTypes(site, ctx.audience, ctx.choice.language).find((t) => t.id === found.productTypeId) : undefined;
  const shownCode = found.kind === 'product' && found.keyCodeShown ? found.keyCode : page.gtin14;
  const description = [type?.name, shownCode].filter(Boolean).join(' ') || (page.gtin14 ?? '');
  const languages = ctx.chosen
    ? [ctx.choice.language]
    : [ctx.choice.language, ...site.languages.map((l) => l.isoCode.toLowerCase()).filter((l) => l !== ctx.choice.language)];
  const pageLinks: ResolverLink[] = [
    { linkType: 'defaultLink', href: page.href, title: description },
    { linkType: 'pip', href: page.href, title: description, hreflang: languages, type: 'text/html' },
  ];
  if (found.kind !== 'product' || !type) return { description, links: pageLinks };
  const lot = type.lotNumbers ? page.lot : undefined;
  const access = await visitorAccess(app, req, reply, s);
  const links = [...pageLinks];
  const seen = new Set<number>();
  for (const language of languages) {
    const answer = await productPage(
      app.deps.db,
      s.live,
      { productTypeSlug: type.slug, audience: ctx.audience, language, productId: found.productId },
      { audience: ctx.audience, country: ctx.choice.country, language, lot, verifiedEmail: access.email },
      now,
    );
    const docs = (answer?.documents ?? []).map((d) => ({ ...d, files: d.files.filter((f) => !seen.has(f.fileId)) }));
    for (const d of docs) for (const f of d.files) seen.add(f.fileId);
    links.push(...fileLinks(s.root, site, { ...ctx, choice: { ...ctx.choice, language } }, found.productId, lot, docs));
  }
  return { description, links };
}

/** The product page of the context, with the lot when the type has lot numbers (undefined when the audience does not see it). */
export function productPagePath(s: LoadedSite, ctx: LinkContext, found: GtinAnswer, lot: string | undefined): string | undefined {
  if (found.kind !== 'product') return undefined;
  const type = productTypes(s.live.site, ctx.audience, ctx.choice.language).find((t) => t.id === found.productTypeId);
  if (!type) return undefined;
  const segment = productSegment({ keyCode: found.keyCodeShown ? found.keyCode : null, productId: found.productId });
  return siteUrls.product(s.root, ctx.choice, type.slug, segment, type.lotNumbers ? lot : undefined);
}

/** The links as the HTML page groups them: by link type, the product page first, names in the visitor's language. */
export function linkGroups(links: ResolverLink[], t: Texts, languageName: (code: string) => string): LinkGroupView[] {
  const groups = new Map<string, LinkGroupView>();
  for (const l of links) {
    if (l.linkType === 'defaultLink') continue;
    const key = `linkType.${l.linkType}`;
    const curie = `gs1:${l.linkType}`;
    const name = isWebsiteTextKey(key) ? t(key) : isGs1LinkType(curie) ? GS1_LINK_TYPES[curie] : l.linkType;
    const group = groups.get(l.linkType) ?? { linkType: l.linkType, name, links: [] };
    if (!group.links.some((x) => x.href === l.href && x.title === l.title)) {
      group.links.push({ href: l.href, title: l.title, languages: (l.hreflang ?? []).map(languageName) });
    }
    groups.set(l.linkType, group);
  }
  return [...groups.values()];
}

/** A language's name in the page's language (the code itself when the runtime does not know it). */
export function languageNamer(pageLanguage: string): (code: string) => string {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([pageLanguage, 'en'], { type: 'language' });
  } catch {
    names = undefined;
  }
  return (code) => {
    try {
      return names?.of(code) ?? code;
    } catch {
      return code;
    }
  };
}
