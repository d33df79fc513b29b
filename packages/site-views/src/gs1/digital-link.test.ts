import { describe, expect, it } from 'vitest';
import {
  type DigitalLink,
  digitalLinkPath,
  looksLikeDigitalLink,
  parseDigitalLink,
  parseDigitalLinkPath,
  parseDigitalLinkUri,
} from './digital-link.js';
import type { Gs1Scan } from './scan.js';

const GTIN = '09506000134352';
/** A link as the parser answers it: the scan, no attributes or other pairs unless given, not compressed. */
const link = (scan: Gs1Scan, over: Partial<DigitalLink> = {}) => ({
  ok: true,
  value: { attributes: [], params: [], compressed: false, ...scan, ...over },
});
const reason = (path: string) => {
  const r = parseDigitalLinkPath(path);
  return r.ok ? 'ok' : r.reason;
};

describe('parseDigitalLinkPath', () => {
  it('reads the GTIN alone and with a lot, a trailing slash tolerated', () => {
    expect(parseDigitalLinkPath(`/01/${GTIN}`)).toEqual(link({ gtin14: GTIN }));
    expect(parseDigitalLinkPath(`01/${GTIN}/`)).toEqual(link({ gtin14: GTIN }));
    expect(parseDigitalLinkPath(`/01/${GTIN}/10/ABC123`)).toEqual(link({ gtin14: GTIN, lot: 'ABC123' }));
    expect(parseDigitalLinkPath(`/01/${GTIN}/10/ABC123/`)).toEqual(link({ gtin14: GTIN, lot: 'ABC123' }));
  });

  it('accepts GTIN-8, 12 and 13 and answers GTIN-14', () => {
    expect(parseDigitalLinkPath('/01/73513537')).toEqual(link({ gtin14: '00000073513537' }));
    expect(parseDigitalLinkPath('/01/036000291452/10/L')).toEqual(link({ gtin14: '00036000291452', lot: 'L' }));
    expect(parseDigitalLinkPath('/01/4006381333931')).toEqual(link({ gtin14: '04006381333931' }));
  });

  it('takes the key qualifiers in GS1 order (22, 10, 21), each optional, and 235 alone', () => {
    expect(parseDigitalLinkPath(`/01/${GTIN}/22/V1/10/ABC/21/12345`)).toEqual(
      link({ gtin14: GTIN, cpv: 'V1', lot: 'ABC', serial: '12345' }),
    );
    expect(parseDigitalLinkPath(`/01/${GTIN}/22/V1/21/12345`)).toEqual(link({ gtin14: GTIN, cpv: 'V1', serial: '12345' }));
    expect(parseDigitalLinkPath(`/01/${GTIN}/21/12345`)).toEqual(link({ gtin14: GTIN, serial: '12345' }));
    expect(parseDigitalLinkPath(`/01/${GTIN}/235/TPX-0001%2F9`)).toEqual(link({ gtin14: GTIN, tpx: 'TPX-0001/9' }));
    expect(parseDigitalLinkPath(`/01/${GTIN}/235/${'T'.repeat(28)}`)).toEqual(link({ gtin14: GTIN, tpx: 'T'.repeat(28) }));
  });

  it('reads data attributes and other pairs from the query, and ignores a fragment', () => {
    expect(parseDigitalLinkPath(`/01/${GTIN}/10/ABC?17=270131&linkType=gs1:epil&foo=bar#x`)).toEqual(
      link(
        { gtin14: GTIN, lot: 'ABC', expiry: '270131' },
        {
          attributes: [['17', '270131']],
          params: [
            ['linkType', 'gs1:epil'],
            ['foo', 'bar'],
          ],
        },
      ),
    );
    expect(parseDigitalLink(`/01/${GTIN}`, '3103=000189;7003=2703061658')).toEqual(
      link(
        { gtin14: GTIN },
        {
          attributes: [
            ['3103', '000189'],
            ['7003', '2703061658'],
          ],
        },
      ),
    );
  });

  it('percent-decodes values', () => {
    expect(parseDigitalLinkPath(`/01/${GTIN}/10/A%2FB%25%26`)).toEqual(link({ gtin14: GTIN, lot: 'A/B%&' }));
    expect(parseDigitalLink(`/01/${GTIN}`, 'note=caf%C3%A9')).toEqual(link({ gtin14: GTIN }, { params: [['note', 'café']] }));
  });

  it('accepts the convenience names of GS1 Digital Link 1.2: gtin, cpv, lot, ser in the path, exp and expdt in the query', () => {
    expect(parseDigitalLinkPath(`/gtin/${GTIN}/cpv/V/lot/X1/ser/S9?exp=270131`)).toEqual(
      link({ gtin14: GTIN, cpv: 'V', lot: 'X1', serial: 'S9', expiry: '270131' }, { attributes: [['17', '270131']] }),
    );
    expect(parseDigitalLinkPath(`/01/${GTIN}?expdt=2703061658`)).toEqual(link({ gtin14: GTIN }, { attributes: [['7003', '2703061658']] }));
  });

  it('says why a path is not a valid link: each a syntax error of the standard', () => {
    expect(reason(`/01/09506000134353`)).toBe('gtinBadCheckDigit');
    expect(reason(`/01/950600013435`)).toBe('gtinBadCheckDigit');
    expect(reason(`/01/123456789`)).toBe('gtinBadLength');
    expect(reason(`/01/ABC`)).toBe('gtinNotDigits');
    expect(reason(`/10/ABC`)).toBe('noGtin');
    expect(reason(`/01/${GTIN}/10`)).toBe('malformed');
    expect(reason(`/01/${GTIN}/10/`)).toBe('malformed');
    expect(reason(`/01/${GTIN}//10/A`)).toBe('malformed');
    expect(reason(`/01/${GTIN}/10/%E0%A4%A`)).toBe('malformed');
    expect(reason(`/01/${GTIN}?17=%E0%A4%A`)).toBe('malformed');
    expect(reason(`/01/${GTIN}/10/A/10/B`)).toBe('duplicateAi');
    expect(reason(`/01/${GTIN}?17=270131&exp=270131`)).toBe('duplicateAi');
    // a data attribute belongs in the query; an AI that is not GS1's is none at all
    expect(reason(`/01/${GTIN}/17/270131`)).toBe('notQualifier');
    expect(reason(`/01/${GTIN}/99/A`)).toBe('notQualifier');
    expect(reason(`/01/${GTIN}/9999/A`)).toBe('unknownAi');
    expect(reason(`/01/${GTIN}/exp/270131`)).toBe('unknownAi');
    expect(reason(`/01/${GTIN}?9999=A`)).toBe('unknownAi');
    // GS1's order: 22, then 10, then 21; 235 never with another qualifier
    expect(reason(`/01/${GTIN}/21/S/10/L`)).toBe('badOrder');
    expect(reason(`/01/${GTIN}/10/L/22/V`)).toBe('badOrder');
    expect(reason(`/01/${GTIN}/10/L/235/T`)).toBe('badOrder');
    expect(reason(`/01/${GTIN}/235/T/21/S`)).toBe('badOrder');
    expect(reason(`/01/${GTIN}/17/991399`)).toBe('notQualifier');
    expect(reason(`/01/${GTIN}?17=991399`)).toBe('badExpiry');
    expect(reason(`/01/${GTIN}?3103=18`)).toBe('badAttribute');
    expect(reason(`/01/${GTIN}?240=${'A'.repeat(31)}`)).toBe('badAttribute');
    expect(reason(`/01/${GTIN}/10/A%20B`)).toBe('badLot');
    expect(reason(`/01/${GTIN}/22/${'V'.repeat(21)}`)).toBe('badCpv');
    expect(reason(`/01/${GTIN}/235/${'T'.repeat(29)}`)).toBe('badTpx');
    // GS1's resolver test suite: a valid link with `/foo` after it
    expect(reason(`/01/${GTIN}/foo`)).toBe('badCompression');
    expect(reason(`/01/${GTIN}/10/L/foo`)).toBe('malformed');
    expect(reason('')).toBe('empty');
  });

  it('tells a valid link of another GS1 key from one with no key', () => {
    expect(reason('/00/106141411234567897')).toBe('unsupportedKey');
    expect(reason('/414/9520123456788')).toBe('unsupportedKey');
    expect(reason('/products/1')).toBe('noGtin');
  });
});

describe('compressed links (GS1 Digital Link 1.1 compression)', () => {
  it('reads a fully compressed link as the same link uncompressed', () => {
    expect(parseDigitalLink('/CxFKk4XBoI1XgkYuhG_g')).toEqual(
      link({ gtin14: GTIN, lot: 'ABC123', expiry: '271231' }, { attributes: [['17', '271231']], compressed: true }),
    );
    expect(parseDigitalLink('/ARFKk4XBoEasqZ6_2o')).toEqual(link({ gtin14: GTIN, tpx: 'TPX-1' }, { compressed: true }));
  });

  it('reads the compressed rest after a GTIN in the clear', () => {
    expect(parseDigitalLink(`/01/${GTIN}/EEarwSMXQjfw`)).toEqual(
      link({ gtin14: GTIN, lot: 'ABC123', expiry: '271231' }, { attributes: [['17', '271231']], compressed: true }),
    );
  });

  it('keeps the query beside a compressed link, and its compressed non-GS1 pairs after it', () => {
    expect(parseDigitalLink('/CxFKk4XBoI1XgkfiJYp5E8qXoIz82LrLw07A', 'foo=bar')).toEqual(
      link(
        { gtin14: GTIN, lot: 'ABC123' },
        {
          params: [
            ['foo', 'bar'],
            ['linkType', 'gs1:epil'],
          ],
          compressed: true,
        },
      ),
    );
  });

  it('refuses what is not a compressed link, or compresses an invalid one', () => {
    expect(reason('/AAAAAAAAAAAAAAAA')).toBe('badCompression');
    expect(reason('/ABeRcNGJhW2Q')).toBe('unsupportedKey');
    // a compressed GTIN with its check digit changed
    expect(reason('/ARFKk4XBog')).toBe('gtinBadCheckDigit');
  });
});

describe('parseDigitalLinkUri', () => {
  it('reads a link on any host after any path prefix, in any case of scheme and host', () => {
    expect(parseDigitalLinkUri(`https://id.gs1.org/01/${GTIN}/10/ABC?17=270131`)).toEqual(
      link({ gtin14: GTIN, lot: 'ABC', expiry: '270131' }, { attributes: [['17', '270131']] }),
    );
    expect(parseDigitalLinkUri(`HTTPS://EXAMPLE.COM/site/acme/01/${GTIN}`)).toEqual(link({ gtin14: GTIN }));
    expect(parseDigitalLinkUri('https://dlnkd.tn.gg/ARHKVAdpQg')).toEqual(link({ gtin14: '09780345418913' }, { compressed: true }));
    expect(parseDigitalLinkUri('https://example.com/products/1')).toEqual({ ok: false, reason: 'noGtin' });
  });

  it('decompresses the example of digital-link.js, with its non-GS1 pairs', () => {
    const r = parseDigitalLinkUri('https://gs1.evrythng.com/HxHKVAdpQhCTxbrOF_yEFcx_4a2GeAh1mFOZkChg6Z8pgcEMEWpMganmIfESxTyJ5UvMJa9Za');
    expect(r).toEqual(
      link(
        { gtin14: '09780345418913', lot: '38737643', serial: '58943' },
        {
          attributes: [['15', '230911']],
          params: [
            ['thngId', 'U5mQKGDpnymBwQwRakyBqeYh'],
            ['linkType', 'test'],
          ],
          compressed: true,
        },
      ),
    );
  });
});

describe('looksLikeDigitalLink and digitalLinkPath', () => {
  it('tells a link from other text, in any case', () => {
    expect(looksLikeDigitalLink(`https://id.gs1.org/01/${GTIN}`)).toBe(true);
    expect(looksLikeDigitalLink(`HTTPS://ID.GS1.ORG/01/${GTIN}`)).toBe(true);
    expect(looksLikeDigitalLink(`/01/${GTIN}?17=270131`)).toBe(true);
    expect(looksLikeDigitalLink('PRD-001')).toBe(false);
  });

  it('writes the canonical path, qualifiers in GS1 order, values percent-encoded', () => {
    expect(digitalLinkPath({ gtin14: GTIN, serial: 'S 1', lot: 'A/B(1)', cpv: 'V' })).toBe(`/01/${GTIN}/22/V/10/A%2FB%281%29/21/S%201`);
    expect(digitalLinkPath({ gtin14: GTIN, tpx: 'T1' })).toBe(`/01/${GTIN}/235/T1`);
    for (const path of [`/01/${GTIN}/22/V/10/A%2FB%281%29/21/S1`, `/01/${GTIN}/235/T%25`]) {
      const r = parseDigitalLinkPath(path);
      expect(r.ok && digitalLinkPath(r.value)).toBe(path);
    }
  });
});
