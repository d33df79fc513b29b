import { describe, expect, it } from 'vitest';
import { looksLikeDigitalLink, parseDigitalLinkPath, parseDigitalLinkUri } from './digital-link.js';
import { parseScan } from './parse-scan.js';

const GTIN = '09506000134352';

describe('parseDigitalLinkPath', () => {
  it('reads the GTIN alone and with a lot', () => {
    expect(parseDigitalLinkPath(`/01/${GTIN}`)).toEqual({ ok: true, value: { gtin14: GTIN } });
    expect(parseDigitalLinkPath(`01/${GTIN}/`)).toEqual({ ok: true, value: { gtin14: GTIN } });
    expect(parseDigitalLinkPath(`/01/${GTIN}/10/ABC123`)).toEqual({ ok: true, value: { gtin14: GTIN, lot: 'ABC123' } });
  });

  it('accepts GTIN-8, 12 and 13 and answers GTIN-14', () => {
    expect(parseDigitalLinkPath('/01/73513537')).toEqual({ ok: true, value: { gtin14: '00000073513537' } });
    expect(parseDigitalLinkPath('/01/036000291452/10/L')).toEqual({ ok: true, value: { gtin14: '00036000291452', lot: 'L' } });
    expect(parseDigitalLinkPath('/01/4006381333931')).toEqual({ ok: true, value: { gtin14: '04006381333931' } });
  });

  it('takes expiry and serial in either order, and ignores the query and fragment', () => {
    const want = { ok: true, value: { gtin14: GTIN, lot: 'ABC', expiry: '270131', serial: '12345' } };
    expect(parseDigitalLinkPath(`/01/${GTIN}/10/ABC/17/270131/21/12345`)).toEqual(want);
    expect(parseDigitalLinkPath(`/01/${GTIN}/10/ABC/21/12345/17/270131`)).toEqual(want);
    expect(parseDigitalLinkPath(`/01/${GTIN}/21/12345/10/ABC/17/270131?linkType=gs1:epil#x`)).toEqual(want);
    expect(parseDigitalLinkPath(`/01/${GTIN}/21/12345`)).toEqual({ ok: true, value: { gtin14: GTIN, serial: '12345' } });
  });

  it('percent-decodes values', () => {
    expect(parseDigitalLinkPath(`/01/${GTIN}/10/A%2FB%25%26`)).toEqual({ ok: true, value: { gtin14: GTIN, lot: 'A/B%&' } });
  });

  it('accepts the named aliases of older labels', () => {
    expect(parseDigitalLinkPath(`/gtin/${GTIN}/lot/X1`)).toEqual({ ok: true, value: { gtin14: GTIN, lot: 'X1' } });
  });

  it('says why a path is not a link it follows', () => {
    expect(parseDigitalLinkPath(`/01/09506000134353`)).toEqual({ ok: false, reason: 'gtinBadCheckDigit' });
    expect(parseDigitalLinkPath(`/01/950600013435`)).toEqual({ ok: false, reason: 'gtinBadCheckDigit' });
    expect(parseDigitalLinkPath(`/01/123456789`)).toEqual({ ok: false, reason: 'gtinBadLength' });
    expect(parseDigitalLinkPath(`/01/ABC`)).toEqual({ ok: false, reason: 'gtinNotDigits' });
    expect(parseDigitalLinkPath(`/10/ABC`)).toEqual({ ok: false, reason: 'noGtin' });
    expect(parseDigitalLinkPath(`/01/${GTIN}/10`)).toEqual({ ok: false, reason: 'malformed' });
    expect(parseDigitalLinkPath(`/01/${GTIN}/10/`)).toEqual({ ok: false, reason: 'malformed' });
    expect(parseDigitalLinkPath(`/01/${GTIN}//10/A`)).toEqual({ ok: false, reason: 'malformed' });
    expect(parseDigitalLinkPath(`/01/${GTIN}/10/%E0%A4%A`)).toEqual({ ok: false, reason: 'malformed' });
    expect(parseDigitalLinkPath(`/01/${GTIN}/10/A/10/B`)).toEqual({ ok: false, reason: 'duplicateAi' });
    expect(parseDigitalLinkPath(`/01/${GTIN}/99/A`)).toEqual({ ok: false, reason: 'unknownAi' });
    expect(parseDigitalLinkPath(`/01/${GTIN}/17/991399`)).toEqual({ ok: false, reason: 'badExpiry' });
    expect(parseDigitalLinkPath(`/01/${GTIN}/10/A%20B`)).toEqual({ ok: false, reason: 'badLot' });
    expect(parseDigitalLinkPath('')).toEqual({ ok: false, reason: 'empty' });
  });
});

describe('parseDigitalLinkUri', () => {
  it('reads a link on any host after any path prefix', () => {
    expect(parseDigitalLinkUri(`https://id.gs1.org/01/${GTIN}/10/ABC?17=270131`)).toEqual({
      ok: true,
      value: { gtin14: GTIN, lot: 'ABC' },
    });
    expect(parseDigitalLinkUri(`https://example.com/site/acme/01/${GTIN}`)).toEqual({ ok: true, value: { gtin14: GTIN } });
    expect(parseDigitalLinkUri('https://example.com/products/1')).toEqual({ ok: false, reason: 'noGtin' });
  });
});

describe('parseScan', () => {
  it('follows a link, an element string, and leaves anything else to the key-code search', () => {
    expect(looksLikeDigitalLink(`https://id.gs1.org/01/${GTIN}`)).toBe(true);
    expect(parseScan(`https://id.gs1.org/01/${GTIN}/10/L`)).toEqual({ ok: true, value: { gtin14: GTIN, lot: 'L' } });
    expect(parseScan(`(01)${GTIN}(10)L`)).toEqual({ ok: true, value: { gtin14: GTIN, lot: 'L' } });
    expect(parseScan(`(01)${GTIN}(10)`)).toEqual({ ok: false, reason: 'malformed' });
    expect(parseScan('PRD-001')).toBeUndefined();
    expect(parseScan(GTIN)).toBeUndefined();
  });
});
