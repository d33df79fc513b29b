import { describe, expect, it } from 'vitest';
import { looksLikeElementString, parseElementString } from './element-string.js';

const GS = '\u001d';
const GTIN = '09506000134352';

describe('parseElementString, the bracketed form', () => {
  it('reads GTIN, expiry, lot and serial in any order', () => {
    expect(parseElementString(`(01)${GTIN}(17)261231(10)ABC123`)).toEqual({
      ok: true,
      value: { gtin14: GTIN, expiry: '261231', lot: 'ABC123' },
    });
    expect(parseElementString(`(01)${GTIN}(10)ABC123(21)SN-9(17)261200`)).toEqual({
      ok: true,
      value: { gtin14: GTIN, lot: 'ABC123', serial: 'SN-9', expiry: '261200' },
    });
  });

  it('pads a shorter GTIN and skips other AIs', () => {
    expect(parseElementString('(01)4006381333931(30)12(3103)000525(10)L1')).toEqual({
      ok: true,
      value: { gtin14: '04006381333931', lot: 'L1' },
    });
  });

  it('takes an escaped parenthesis inside a value', () => {
    expect(parseElementString(`(01)${GTIN}(10)A\\(1\\)`)).toEqual({ ok: true, value: { gtin14: GTIN, lot: 'A(1)' } });
  });

  it('says why it cannot follow a code', () => {
    expect(parseElementString(`(01)09506000134353(10)A`)).toEqual({ ok: false, reason: 'gtinBadCheckDigit' });
    expect(parseElementString('(10)ABC(17)261231')).toEqual({ ok: false, reason: 'noGtin' });
    expect(parseElementString(`(01)${GTIN}(17)261331`)).toEqual({ ok: false, reason: 'badExpiry' });
    expect(parseElementString(`(01)${GTIN}(17)2612`)).toEqual({ ok: false, reason: 'badExpiry' });
    expect(parseElementString(`(01)${GTIN}(10)${'A'.repeat(21)}`)).toEqual({ ok: false, reason: 'badLot' });
    expect(parseElementString(`(01)${GTIN}(10)ABC DEF`)).toEqual({ ok: false, reason: 'badLot' });
    expect(parseElementString(`(01)${GTIN}(21)é`)).toEqual({ ok: false, reason: 'badSerial' });
    expect(parseElementString(`(01)${GTIN}(10)A(10)B`)).toEqual({ ok: false, reason: 'duplicateAi' });
    expect(parseElementString(`(01)${GTIN}(10)`)).toEqual({ ok: false, reason: 'malformed' });
    expect(parseElementString(`(01${GTIN}`)).toEqual({ ok: false, reason: 'malformed' });
    expect(parseElementString('   ')).toEqual({ ok: false, reason: 'empty' });
  });
});

describe('parseElementString, the raw form', () => {
  it('reads fixed-length AIs without separators and variable ones up to GS', () => {
    expect(parseElementString(`01${GTIN}1726123110ABC123${GS}21XYZ`)).toEqual({
      ok: true,
      value: { gtin14: GTIN, expiry: '261231', lot: 'ABC123', serial: 'XYZ' },
    });
    expect(parseElementString(`01${GTIN}10ABC123`)).toEqual({ ok: true, value: { gtin14: GTIN, lot: 'ABC123' } });
  });

  it('drops a symbology identifier, a leading FNC1 and a redundant GS after a fixed field', () => {
    for (const prefix of [']d2', ']C1', ']Q3', GS, `]d2${GS}`]) {
      expect(parseElementString(`${prefix}01${GTIN}${GS}17261231${GS}10L-7`)).toEqual({
        ok: true,
        value: { gtin14: GTIN, expiry: '261231', lot: 'L-7' },
      });
    }
  });

  it('skips AIs it does not keep: predefined lengths, then variable ones to the separator', () => {
    // 11 (production date, 6), 240 (additional id, variable), 3103 (net weight, fixed 6)
    expect(parseElementString(`01${GTIN}1125010131030005252401234${GS}10LOT`)).toEqual({
      ok: true,
      value: { gtin14: GTIN, lot: 'LOT' },
    });
  });

  it('says why it cannot follow a code', () => {
    expect(parseElementString(`01${GTIN.slice(0, 10)}`)).toEqual({ ok: false, reason: 'gtinBadLength' });
    expect(parseElementString(`01${GTIN}172612`)).toEqual({ ok: false, reason: 'badExpiry' });
    expect(parseElementString(`01${GTIN}10${GS}21X`)).toEqual({ ok: false, reason: 'badLot' });
    expect(parseElementString(`01${GTIN}10A${GS}10B`)).toEqual({ ok: false, reason: 'duplicateAi' });
    expect(parseElementString(`10ABC`)).toEqual({ ok: false, reason: 'noGtin' });
    expect(parseElementString(`01ABCDEFGHIJKLMN`)).toEqual({ ok: false, reason: 'gtinNotDigits' });
    expect(parseElementString(`X1${GTIN}`)).toEqual({ ok: false, reason: 'malformed' });
  });
});

describe('looksLikeElementString', () => {
  it('tells a scanned element string from a key code', () => {
    expect(looksLikeElementString(`(01)${GTIN}`)).toBe(true);
    expect(looksLikeElementString(`]d201${GTIN}`)).toBe(true);
    expect(looksLikeElementString(`01${GTIN}10ABC`)).toBe(true);
    expect(looksLikeElementString(`01${GTIN}`)).toBe(false); // a bare 16-digit number stays a key code
    expect(looksLikeElementString(GTIN)).toBe(false);
    expect(looksLikeElementString('PRD-001')).toBe(false);
    expect(looksLikeElementString('0112345678901234XYZ')).toBe(false); // no valid GTIN after 01
  });
});
