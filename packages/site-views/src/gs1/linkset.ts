import { GS1_VOCABULARY } from '@vellum/contract';

/**
 * Linksets of the GS1 resolver (RFC 9264 "Linkset", as the GS1-Conformant resolver standard 1.2
 * §2.10 and its linkset schema shape them; decision 0049): one context object per identified
 * item, `anchor` its uncompressed Digital Link URI, `itemDescription` what it is, and under each
 * link type's full URI (`https://gs1.org/voc/epil`) the links of that type, each with `href`,
 * `title` and, when known, `hreflang` (an array) and `type` (an IANA media type). The default link
 * (`gs1:defaultLink`) has a title and nothing else, and is also listed under its descriptive type.
 */

/** What a request's `linkType` asks for: the linkset, a link type by its name in the vocabulary, or something the resolver does not know. */
export type RequestedLinkType = { kind: 'linkset' } | { kind: 'type'; name: string } | { kind: 'unknown' };

/**
 * Reads `linkType`: `linkset` (and `all`, its name before GS1-Conformant resolver 1.0), a CURIE
 * `gs1:epil`, or the full URI in any of the vocabulary's spellings (`https://gs1.org/voc/epil`,
 * `https://ref.gs1.org/voc/epil`, `https://www.gs1.org/voc/epil`, `http://…`).
 */
export function parseLinkType(value: string): RequestedLinkType {
  const v = value.trim();
  if (v === 'linkset' || v === 'all') return { kind: 'linkset' };
  const m = /^gs1:([A-Za-z][A-Za-z0-9]*)$/.exec(v) ?? /^https?:\/\/(?:www\.|ref\.)?gs1\.org\/voc\/([A-Za-z][A-Za-z0-9]*)$/.exec(v);
  return m ? { kind: 'type', name: m[1] } : { kind: 'unknown' };
}

/** The name of a link type in the vocabulary: `gs1:epil` → `epil`. */
export const linkTypeName = (curie: string) => curie.replace(/^gs1:/, '');

/** One link the resolver holds for an item. */
export interface ResolverLink {
  /** The link type's name in the GS1 Web Vocabulary (`epil`, `pip`, `defaultLink`). */
  linkType: string;
  href: string;
  title: string;
  /** The target's languages (ISO 639-1). */
  hreflang?: string[];
  /** The target's media type. */
  type?: string;
}

export interface LinkObject {
  href: string;
  title: string;
  hreflang?: string[];
  type?: string;
}

export interface Linkset {
  linkset: ({ anchor: string; itemDescription: string } & Record<string, string | LinkObject[]>)[];
}

/** A language the linkset schema accepts: `fr` or `fr-BE`. */
const LANGUAGE = /^[A-Za-z]{2}(-[A-Za-z]{2})?$/;
/** An IANA media type's shape. */
const MEDIA_TYPE = /^[\w.+-]+\/[\w.+-]+$/;

function linkObject(link: ResolverLink): LinkObject {
  const o: LinkObject = { href: link.href, title: link.title };
  // the default link carries a title and nothing else (GS1-Conformant resolver 2.5.8)
  if (link.linkType === 'defaultLink') return o;
  const languages = (link.hreflang ?? []).filter((l) => LANGUAGE.test(l));
  if (languages.length > 0) o.hreflang = languages;
  if (link.type && MEDIA_TYPE.test(link.type)) o.type = link.type;
  return o;
}

/** The linkset of one item: its links grouped by type, in the order the types first appear. */
export function buildLinkset(anchor: string, itemDescription: string, links: ResolverLink[]): Linkset {
  const item: Linkset['linkset'][number] = { anchor, itemDescription };
  for (const link of links) {
    const key = `${GS1_VOCABULARY}${link.linkType}`;
    const list = (item[key] as LinkObject[] | undefined) ?? [];
    list.push(linkObject(link));
    item[key] = list;
  }
  return { linkset: [item] };
}

/**
 * The links of a type that best answer the request (GS1-Conformant resolver 2.6.3): those in the
 * first preferred language that any of them has, else all of them. One is a redirect; several are
 * a choice (300); none, a 404.
 */
export function bestLinks(links: ResolverLink[], linkType: string, languages: string[]): ResolverLink[] {
  const ofType = links.filter((l) => l.linkType === linkType);
  for (const language of languages) {
    const inIt = ofType.filter((l) => l.hreflang?.some((h) => h.toLowerCase().split('-')[0] === language));
    if (inIt.length > 0) return inIt;
  }
  return ofType;
}

/** The JSON-LD context of GS1 linksets (GS1-Conformant resolver 1.2, artefacts). */
export const LINKSET_CONTEXT = 'https://ref.gs1.org/standards/resolver/linkset-context';

/** `Link` header values: to the linkset of a link, to the JSON-LD context, and to the uncompressed form of a compressed link. */
export const linkHeaders = {
  linkset: (url: string) => `<${url}>; rel="linkset"; type="application/linkset+json"`,
  context: () => `<${LINKSET_CONTEXT}>; rel="http://www.w3.org/ns/json-ld#context"; type="application/ld+json"`,
  sameAs: (url: string) => `<${url}>; rel="owl:sameAs"`,
};
