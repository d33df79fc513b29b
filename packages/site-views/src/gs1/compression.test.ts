import { describe, expect, it } from 'vitest';
import { aiFormat, isValidAiValue } from './ai-formats.js';
import { decompress } from './compression.js';

/**
 * Test vectors: links compressed by GS1's own GS1DigitalLinkToolkit.js (the compression of GS1
 * Digital Link 1.1, which digital-link.js wraps), with and without its optimisations, and the
 * examples of digital-link.js and of the toolkit's comments.
 */
const GTIN = '09506000134352';

describe('decompress', () => {
  it('reads a GTIN alone, and with a lot and expiry, with and without the sequence codes', () => {
    expect(decompress('ARFKk4XBoA')).toEqual({ elements: [['01', GTIN]], other: [] });
    for (const segment of ['CxFKk4XBoI1XgkY', 'ARFKk4XBoCCNV4JG']) {
      expect(decompress(segment)?.elements).toEqual([
        ['01', GTIN],
        ['10', 'ABC123'],
      ]);
    }
    expect(decompress('CxFKk4XBoI1XgkYuhG_g')?.elements).toEqual([
      ['01', GTIN],
      ['10', 'ABC123'],
      ['17', '271231'],
    ]);
    expect(decompress('ARFKk4XBoCCNV4JGLoRv4')?.elements).toEqual([
      ['01', GTIN],
      ['10', 'ABC123'],
      ['17', '271231'],
    ]);
  });

  it('keeps the leading zeros of a GTIN-8, and of a numeric lot', () => {
    expect(decompress('AQAACMN0gg')?.elements).toEqual([['01', '00000073513537']]);
    // GS1's toolkit answers "123" here: the lot printed is "00123"
    expect(decompress('CxFKk4XBoAoAew')?.elements).toEqual([
      ['01', GTIN],
      ['10', '00123'],
    ]);
  });

  it('reads an 18-digit SSCC exactly (a double would round it)', () => {
    expect(decompress('ABeRcNGJhW2Q')?.elements).toEqual([['00', '106141411234567897']]);
    // what GS1's toolkit writes for it: its compressor rounds the number through a double
    expect(decompress('ABeRcNGJhW4A')?.elements).toEqual([['00', '106141411234567904']]);
  });

  it('reads every character encoding: base 64, hexadecimal, 7-bit ASCII', () => {
    expect(decompress('CgdJnd9bVsSuohBzF7EhY0vvQ')?.elements).toEqual([
      ['01', '04006381333931'],
      ['22', 'V1'],
      ['10', 'L/1'],
      ['21', 'S-9'],
    ]);
    expect(decompress('AQnYUc1gmiERBhQ0ytiyZuAGOLc1TQ')?.elements).toEqual([
      ['01', '05412345000013'],
      ['10', 'ABC&+123'],
      ['7003', '1903061658'],
    ]);
  });

  it('reads non-GS1 key=value pairs, and AI 235 (TPX)', () => {
    expect(decompress('CxFKk4XBoI1XgkfiJYp5E8qXoIz82LrLw07A')).toEqual({
      elements: [
        ['01', GTIN],
        ['10', 'ABC123'],
      ],
      other: [['linkType', 'gs1:epil']],
    });
    expect(decompress('ARFKk4XBoEasqZ6_2o')?.elements).toEqual([
      ['01', GTIN],
      ['235', 'TPX-1'],
    ]);
  });

  it('is null for what is no compression', () => {
    for (const segment of ['', 'about', 'AAAAAAAAAAAAAAAA', 'ARFKk4XB', '7_______________', 'ARFKk4XBoA!', 'products']) {
      expect(decompress(segment), segment).toBeNull();
    }
  });
});

describe('AI formats', () => {
  it('knows each AI of the compression tables, and 235', () => {
    expect(aiFormat('01')).toEqual([{ numeric: true, length: 14 }]);
    expect(aiFormat('10')).toEqual([{ numeric: false, max: 20 }]);
    expect(aiFormat('235')).toEqual([{ numeric: false, max: 28 }]);
    expect(aiFormat('253')).toEqual([
      { numeric: true, length: 13 },
      { numeric: false, max: 17 },
    ]);
    expect(aiFormat('3695')).toEqual([{ numeric: true, length: 6 }]);
    expect(aiFormat('3166')).toBeUndefined();
    expect(aiFormat('9999')).toBeUndefined();
  });

  it('checks a value against its format', () => {
    expect(isValidAiValue('17', '270131')).toBe(true);
    expect(isValidAiValue('17', '271331')).toBe(false);
    expect(isValidAiValue('3103', '000189')).toBe(true);
    expect(isValidAiValue('3103', '189')).toBe(false);
    expect(isValidAiValue('253', '4012345000016ABC')).toBe(true);
    expect(isValidAiValue('253', '40123450000')).toBe(false);
    expect(isValidAiValue('30', '123456789')).toBe(false);
    expect(isValidAiValue('240', 'a b')).toBe(false);
    expect(isValidAiValue('240', '')).toBe(false);
  });
});
