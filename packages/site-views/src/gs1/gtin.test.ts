import { describe, expect, it } from 'vitest';
import { gs1CheckDigit, gtin14OfKeyCode, hasValidCheckDigit, isGtinKeyCode, keyCodeMatchesGtin, toGtin14 } from './gtin.js';

describe('gs1CheckDigit', () => {
  it('computes the mod-10 check digit of GS1 keys of every length', () => {
    expect(gs1CheckDigit('0950600013435')).toBe(2); // GTIN-14 09506000134352, the GS1 example
    expect(gs1CheckDigit('400638133393')).toBe(1); // GTIN-13 4006381333931
    expect(gs1CheckDigit('03600029145')).toBe(2); // GTIN-12 (UPC-A) 036000291452
    expect(gs1CheckDigit('7351353')).toBe(7); // GTIN-8 73513537
    expect(gs1CheckDigit('37610425002123456')).toBe(9); // SSCC 376104250021234569
  });

  it('gives 0 when the weighted sum is already a multiple of ten', () => {
    expect(gs1CheckDigit('0000000000000')).toBe(0);
    expect(gs1CheckDigit('0000000000055')).toBe(0); // 5*3 + 5*1 = 20
  });

  it('refuses what is not digits', () => {
    expect(() => gs1CheckDigit('12a4')).toThrow();
  });
});

describe('hasValidCheckDigit', () => {
  it('accepts the right digit and refuses every other', () => {
    expect(hasValidCheckDigit('09506000134352')).toBe(true);
    for (let d = 0; d <= 9; d++) if (d !== 2) expect(hasValidCheckDigit(`0950600013435${d}`)).toBe(false);
  });
});

describe('toGtin14', () => {
  it('pads GTIN-8, 12 and 13 to GTIN-14', () => {
    expect(toGtin14('73513537')).toEqual({ ok: true, gtin14: '00000073513537' });
    expect(toGtin14('036000291452')).toEqual({ ok: true, gtin14: '00036000291452' });
    expect(toGtin14('4006381333931')).toEqual({ ok: true, gtin14: '04006381333931' });
    expect(toGtin14('09506000134352')).toEqual({ ok: true, gtin14: '09506000134352' });
    expect(toGtin14(' 4006381333931 ')).toEqual({ ok: true, gtin14: '04006381333931' });
  });

  it('says why a code is not a GTIN', () => {
    expect(toGtin14('4006381333932')).toEqual({ ok: false, reason: 'badCheckDigit' });
    expect(toGtin14('400638133393')).toEqual({ ok: false, reason: 'badCheckDigit' }); // 12 digits: read as a UPC-A
    expect(toGtin14('123456789')).toEqual({ ok: false, reason: 'badLength' });
    expect(toGtin14('095060001343520')).toEqual({ ok: false, reason: 'badLength' });
    expect(toGtin14('4006-381333931')).toEqual({ ok: false, reason: 'notDigits' });
    expect(toGtin14('4006381 333931')).toEqual({ ok: false, reason: 'notDigits' });
    expect(toGtin14('')).toEqual({ ok: false, reason: 'notDigits' });
    expect(toGtin14('４００６３８１３３３９３１')).toEqual({ ok: false, reason: 'notDigits' }); // full-width digits
  });
});

describe('key codes as GTINs', () => {
  it('tells a GTIN key code from another key code', () => {
    expect(isGtinKeyCode('4006381333931')).toBe(true);
    expect(isGtinKeyCode('PRD-001')).toBe(false);
    expect(isGtinKeyCode('4006381333932')).toBe(false);
    expect(gtin14OfKeyCode('73513537')).toBe('00000073513537');
    expect(gtin14OfKeyCode('PRD-001')).toBeUndefined();
  });

  it('matches a key code and a GTIN written in different lengths', () => {
    expect(keyCodeMatchesGtin('4006381333931', '04006381333931')).toBe(true);
    expect(keyCodeMatchesGtin('04006381333931', '4006381333931')).toBe(true);
    expect(keyCodeMatchesGtin('036000291452', '0036000291452')).toBe(true);
    expect(keyCodeMatchesGtin('4006381333931', '09506000134352')).toBe(false);
    // same digits, no valid check digit: never a match
    expect(keyCodeMatchesGtin('4006381333932', '4006381333932')).toBe(false);
  });
});
