import { describe, expect, it } from 'vitest';
import { parseScan } from './parse-scan.js';

const GTIN = '09506000134352';
const gtinOf = (text: string) => {
  const r = parseScan(text);
  return r?.ok ? r.value.gtin14 : r?.reason;
};

describe('parseScan (the search box and the camera)', () => {
  it('follows a link, an element string, and leaves anything else to the key-code search', () => {
    expect(parseScan(`https://id.gs1.org/01/${GTIN}/10/L`)).toMatchObject({ ok: true, value: { gtin14: GTIN, lot: 'L' } });
    expect(parseScan(`(01)${GTIN}(10)L`)).toEqual({ ok: true, value: { gtin14: GTIN, lot: 'L' } });
    expect(parseScan(`(01)${GTIN}(10)`)).toEqual({ ok: false, reason: 'malformed' });
    expect(parseScan('PRD-001')).toBeUndefined();
    expect(parseScan('https://www.example.com/about-us')).toBeUndefined();
  });

  it('reads a URL after a symbology identifier (QR ]Q1, DataMatrix ]d1, ]C1), in any case of scheme and host', () => {
    for (const scan of [
      `]Q1https://id.gs1.org/01/${GTIN}/10/L`,
      `]d1https://example.com/site/acme/01/${GTIN}/10/L`,
      `]C1HTTPS://EXAMPLE.COM/01/${GTIN}/10/L`,
      `HTTPS://ID.GS1.ORG/01/${GTIN}/10/L?17=270131`,
    ]) {
      expect(parseScan(scan), scan).toMatchObject({ ok: true, value: { gtin14: GTIN, lot: 'L' } });
    }
  });

  it('reads a compressed link', () => {
    expect(parseScan('https://id.gs1.org/CxFKk4XBoI1XgkY')).toMatchObject({ ok: true, value: { gtin14: GTIN, lot: 'ABC123' } });
    expect(parseScan(']Q1https://id.gs1.org/CxFKk4XBoI1XgkY')).toMatchObject({ ok: true, value: { gtin14: GTIN, lot: 'ABC123' } });
  });

  it('reads EAN-13, EAN-8 and UPC-A scans as GTIN-14', () => {
    expect(gtinOf(']E04006381333931')).toBe('04006381333931');
    // ]E0 carries 13 digits: 8 are no EAN-13
    expect(parseScan(']E073513537')?.ok).not.toBe(true);
    expect(gtinOf(']E473513537')).toBe('00000073513537');
    expect(gtinOf(']E00036000291452')).toBe('00036000291452');
    // EAN-13 with a 2-digit add-on after it
    expect(gtinOf(']E3400638133393112')).toBe('04006381333931');
    expect(gtinOf(']E04006381333932')).toBeUndefined();
  });

  it('reads bare digits of a GTIN length with a valid check digit as a GTIN', () => {
    expect(gtinOf('4006381333931')).toBe('04006381333931');
    expect(gtinOf('73513537')).toBe('00000073513537');
    expect(gtinOf(GTIN)).toBe(GTIN);
    // a wrong check digit, or another length: a key code
    expect(parseScan('4006381333932')).toBeUndefined();
    expect(parseScan('123456789')).toBeUndefined();
  });

  it('reads the raw element string of a GS1 DataMatrix with the TPX and the consumer product variant', () => {
    expect(parseScan(`]d201${GTIN}235TPX-1`)).toEqual({ ok: true, value: { gtin14: GTIN, tpx: 'TPX-1' } });
    expect(parseScan(`]d201${GTIN}22V1\u001d10L1`)).toEqual({ ok: true, value: { gtin14: GTIN, cpv: 'V1', lot: 'L1' } });
  });
});
