import { describe, expect, it } from 'vitest';
import { bestLinks, buildLinkset, linkHeaders, parseLinkType, type ResolverLink } from './linkset.js';

const ANCHOR = 'https://eifu.example.com/site/acme/01/09506000134352/10/L1';
const page: ResolverLink[] = [
  { linkType: 'defaultLink', href: 'https://eifu.example.com/site/acme/be/fr/hcp/cath/KC-1?lot=L1', title: 'Catheter KC-1' },
  {
    linkType: 'pip',
    href: 'https://eifu.example.com/site/acme/be/fr/hcp/cath/KC-1?lot=L1',
    title: 'Catheter KC-1',
    hreflang: ['fr'],
    type: 'text/html',
  },
];
const ifuFr: ResolverLink = {
  linkType: 'instructions',
  href: 'https://eifu.example.com/site/acme/files/7/download?product=3&country=be&language=fr&audience=hcp',
  title: 'Instructions for use — Notice FR',
  hreflang: ['fr'],
  type: 'application/pdf',
};
const ifuNl: ResolverLink = { ...ifuFr, href: `${ifuFr.href}&x=nl`, title: 'Instructions for use — Bijsluiter NL', hreflang: ['nl'] };
const leaflet: ResolverLink = { ...ifuFr, linkType: 'epil', title: 'Patient leaflet', hreflang: ['fr', 'nl', 'zh-Hant'], type: 'nonsense' };

describe('buildLinkset (RFC 9264, as the GS1-Conformant resolver standard shapes it)', () => {
  const linkset = buildLinkset(ANCHOR, 'Catheter KC-1', [...page, ifuFr, ifuNl, leaflet]);

  it('holds one item: its anchor, its description and its links by the full URI of their type', () => {
    expect(linkset).toEqual({
      linkset: [
        {
          anchor: ANCHOR,
          itemDescription: 'Catheter KC-1',
          'https://gs1.org/voc/defaultLink': [{ href: page[0].href, title: 'Catheter KC-1' }],
          'https://gs1.org/voc/pip': [{ href: page[1].href, title: 'Catheter KC-1', hreflang: ['fr'], type: 'text/html' }],
          'https://gs1.org/voc/instructions': [
            { href: ifuFr.href, title: ifuFr.title, hreflang: ['fr'], type: 'application/pdf' },
            { href: ifuNl.href, title: ifuNl.title, hreflang: ['nl'], type: 'application/pdf' },
          ],
          // a language tag or media type the linkset schema refuses is left out
          'https://gs1.org/voc/epil': [{ href: leaflet.href, title: 'Patient leaflet', hreflang: ['fr', 'nl'] }],
        },
      ],
    });
  });

  it('meets the GS1 linkset schema: the item keys, link-type keys as URIs, links with href and title and only known fields', () => {
    const [item] = linkset.linkset;
    expect(Object.keys(linkset)).toEqual(['linkset']);
    expect(item.anchor).toMatch(/^https?:\/\/[a-zA-z0-9./]+/);
    for (const [key, links] of Object.entries(item)) {
      if (key === 'anchor' || key === 'itemDescription') continue;
      expect(key).toMatch(/^https?:\/\/[a-zA-z0-9./]+$/);
      for (const l of links as unknown as Record<string, unknown>[]) {
        expect(Object.keys(l).every((k) => ['href', 'title', 'hreflang', 'type', 'context'].includes(k))).toBe(true);
        expect(l.href).toMatch(/^https?:\/\/[a-zA-z0-9./]+/);
        expect(typeof l.title).toBe('string');
        for (const h of (l.hreflang as string[] | undefined) ?? []) expect(h).toMatch(/(^\w{2}$)|(^\w{2}-\w{2}$)/);
        if (l.type !== undefined) expect(l.type).toMatch(/\w+\/[-+.\w]+/);
      }
    }
    // exactly one default link, with a title and nothing else
    expect(item['https://gs1.org/voc/defaultLink']).toEqual([{ href: page[0].href, title: 'Catheter KC-1' }]);
  });
});

describe('parseLinkType', () => {
  it('reads the linkset (and its old name all), a CURIE and the full URI in each spelling of the vocabulary', () => {
    expect(parseLinkType('linkset')).toEqual({ kind: 'linkset' });
    expect(parseLinkType('all')).toEqual({ kind: 'linkset' });
    for (const v of [
      'gs1:epil',
      'https://gs1.org/voc/epil',
      'https://ref.gs1.org/voc/epil',
      'https://www.gs1.org/voc/epil',
      'http://gs1.org/voc/epil',
    ]) {
      expect(parseLinkType(v), v).toEqual({ kind: 'type', name: 'epil' });
    }
    for (const v of ['epil', 'schema:manual', 'https://example.com/voc/epil', 'gs1:', ''])
      expect(parseLinkType(v), v).toEqual({ kind: 'unknown' });
  });
});

describe('bestLinks (GS1-Conformant resolver 2.6.3)', () => {
  const links = [...page, ifuFr, ifuNl, leaflet];

  it('takes the links of the type in the first preferred language that has one', () => {
    expect(bestLinks(links, 'instructions', ['nl', 'fr'])).toEqual([ifuNl]);
    expect(bestLinks(links, 'instructions', ['de', 'fr'])).toEqual([ifuFr]);
    expect(bestLinks(links, 'epil', ['nl'])).toEqual([leaflet]);
  });

  it('leaves a choice when no language decides, and nothing for a type it does not hold', () => {
    expect(bestLinks(links, 'instructions', ['de'])).toEqual([ifuFr, ifuNl]);
    expect(bestLinks(links, 'safetyInfo', ['fr'])).toEqual([]);
  });
});

describe('linkHeaders', () => {
  it('points to the linkset, the JSON-LD context and the uncompressed link', () => {
    expect(linkHeaders.linkset(`${ANCHOR}?linkType=linkset`)).toBe(
      `<${ANCHOR}?linkType=linkset>; rel="linkset"; type="application/linkset+json"`,
    );
    expect(linkHeaders.context()).toBe(
      '<https://ref.gs1.org/standards/resolver/linkset-context>; rel="http://www.w3.org/ns/json-ld#context"; type="application/ld+json"',
    );
    expect(linkHeaders.sameAs(ANCHOR)).toBe(`<${ANCHOR}>; rel="owl:sameAs"`);
  });
});
