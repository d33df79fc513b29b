import { AI_LENGTH_BY_PREFIX, type AiComponent, aiFormat } from './ai-formats.js';

/**
 * Decompression of compressed GS1 Digital Link URIs (decision 0049): the compression the GS1
 * Digital Link standard 1.1 defined, which the GS1-Conformant resolver standard lets a resolver
 * read (its "legacy decompression"), as GS1's GS1DigitalLinkToolkit.js and digital-link.js
 * implement it. A compressed path is one segment of the URI-safe base 64 alphabet whose bits are a
 * sequence of:
 *
 * - an AI as 4-bit decimal digits (its length by its first two digits, table P), then its value by
 *   its format (table F, `ai-formats.ts`): a fixed-length number in ⌈n·log2 10⌉ bits; a variable
 *   number with its digit count first; characters with a 3-bit encoding (0 digits, 1 lower-case hex,
 *   2 upper-case hex, 3 URI-safe base 64, 4 7-bit ASCII) and, when variable, their count;
 * - or two hex digits (A–E…) naming a sequence of AIs written together (table Opt), their values;
 * - or `F` and a 7-bit length: a non-GS1 key=value pair (key in base 64 characters, value encoded
 *   as above with a 7-bit count).
 *
 * Numbers are read as BigInt (an 18-digit SSCC does not fit a double) and keep their leading zeros.
 * Only decompression is here: labels print uncompressed links.
 */

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const HEX = '0123456789ABCDEF';

/** Sequences of AIs written under one two-hex-digit code (the compression's table Opt). */
const SEQUENCES: Readonly<Record<string, string[]>> = {
  '0A': ['01', '22'],
  '0B': ['01', '10'],
  '0C': ['01', '21'],
  '0D': ['01', '17'],
  '0E': ['01', '7003'],
  '0F': ['01', '30'],
  '1A': ['01', '10', '21', '17'],
  '1B': ['01', '15'],
  '1C': ['01', '11'],
  '1D': ['01', '16'],
  '1E': ['01', '91'],
  '1F': ['01', '10', '15'],
  '2A': ['01', '3100'],
  '2B': ['01', '3101'],
  '2C': ['01', '3102'],
  '2D': ['01', '3103'],
  '2E': ['01', '3104'],
  '2F': ['01', '3105'],
  '3A': ['01', '3200'],
  '3B': ['01', '3201'],
  '3C': ['01', '3202'],
  '3D': ['01', '3203'],
  '3E': ['01', '3204'],
  '3F': ['01', '3205'],
  '9A': ['8010', '8011'],
  '9B': ['8017', '8019'],
  '9C': ['8018', '8019'],
  '9D': ['414', '254'],
  A0: ['01', '3920'],
  A1: ['01', '3921'],
  A2: ['01', '3922'],
  A3: ['01', '3923'],
  A4: ['01', '3924'],
  A5: ['01', '3925'],
  A6: ['01', '3926'],
  A7: ['01', '3927'],
  A8: ['01', '3928'],
  A9: ['01', '3929'],
  C0: ['255', '3900'],
  C1: ['255', '3901'],
  C2: ['255', '3902'],
  C3: ['255', '3903'],
  C4: ['255', '3904'],
  C5: ['255', '3905'],
  C6: ['255', '3906'],
  C7: ['255', '3907'],
  C8: ['255', '3908'],
  C9: ['255', '3909'],
  CA: ['255', '3940'],
  CB: ['255', '3941'],
  CC: ['255', '3942'],
  CD: ['255', '3943'],
};

/** Bits to store a count up to `max`, and a number of `digits` digits (the toolkit's formulas, +0.01 included). */
const lengthBits = (max: number) => Math.ceil(Math.log2(max) + 0.01);
const valueBits = (digits: number) => Math.ceil(digits * Math.log2(10) + 0.01);

/** What a compressed segment holds: AIs with their values, and non-GS1 key=value pairs, in order. */
export interface Decompressed {
  elements: [string, string][];
  other: [string, string][];
}

class Bits {
  cursor = 0;
  constructor(readonly bits: string) {}
  get left() {
    return this.bits.length - this.cursor;
  }
  read(n: number): string {
    if (n > this.left) throw new Error('truncated');
    const out = this.bits.slice(this.cursor, this.cursor + n);
    this.cursor += n;
    return out;
  }
  int(n: number): number {
    return n === 0 ? 0 : Number.parseInt(this.read(n), 2);
  }
  /** `digits` decimal digits stored as one binary number, leading zeros restored. */
  digits(digits: number): string {
    const bits = this.read(valueBits(digits));
    // no digits still take one bit (the toolkit's formula)
    if (digits === 0) return '';
    const s = BigInt(`0b${bits}`).toString();
    if (s.length > digits) throw new Error('number too long');
    return s.padStart(digits, '0');
  }
  /** `count` characters in encoding `enc`. */
  characters(enc: number, count: number): string {
    if (enc === 0) return this.digits(count);
    const width = enc === 1 || enc === 2 ? 4 : enc === 3 ? 6 : enc === 4 ? 7 : 0;
    if (width === 0) throw new Error('unknown encoding');
    let s = '';
    for (let i = 0; i < count; i++) {
      const n = this.int(width);
      s += enc === 4 ? String.fromCharCode(n) : (enc === 3 ? BASE64 : HEX)[n];
    }
    return enc === 1 ? s.toLowerCase() : s;
  }
}

function component(bits: Bits, c: AiComponent): string {
  if (c.numeric && c.length !== undefined) return bits.digits(c.length);
  if (c.numeric) {
    const count = bits.int(lengthBits(c.max as number));
    if (count > (c.max as number)) throw new Error('too long');
    return bits.digits(count);
  }
  const enc = bits.int(3);
  const count = c.length ?? bits.int(lengthBits(c.max as number));
  if (count > (c.length ?? (c.max as number))) throw new Error('too long');
  return bits.characters(enc, count);
}

function value(bits: Bits, ai: string): string {
  const format = aiFormat(ai);
  if (!format) throw new Error(`unknown AI ${ai}`);
  return format.map((c) => component(bits, c)).join('');
}

function nibble(bits: Bits): number {
  return bits.int(4);
}

/**
 * The AIs and other pairs of a compressed segment; null when the segment is not one (characters
 * outside the alphabet, an AI this site does not know, bits that end inside a value, a code that
 * names nothing). Trailing bits shorter than an AI (the base 64 padding) are ignored.
 */
export function decompress(segment: string): Decompressed | null {
  if (!/^[A-Za-z0-9_-]+$/.test(segment)) return null;
  const bits = new Bits([...segment].map((c) => BASE64.indexOf(c).toString(2).padStart(6, '0')).join(''));
  const out: Decompressed = { elements: [], other: [] };
  try {
    while (bits.left > 8) {
      const h1 = nibble(bits);
      const h2 = nibble(bits);
      if (h1 <= 9 && h2 <= 9) {
        const prefix = `${h1}${h2}`;
        const length = AI_LENGTH_BY_PREFIX[prefix];
        if (length === undefined) return null;
        let ai = prefix;
        for (let i = 2; i < length; i++) {
          const d = nibble(bits);
          if (d > 9) return null;
          ai += String(d);
        }
        out.elements.push([ai, value(bits, ai)]);
      } else if (SEQUENCES[`${HEX[h1]}${HEX[h2]}`]) {
        for (const ai of SEQUENCES[`${HEX[h1]}${HEX[h2]}`]) out.elements.push([ai, value(bits, ai)]);
      } else if (h1 === 15) {
        // a non-GS1 pair: h2 and three more bits are the key's length
        const keyLength = (h2 << 3) | bits.int(3);
        let key = '';
        for (let i = 0; i < keyLength; i++) key += BASE64[bits.int(6)];
        const enc = bits.int(3);
        out.other.push([key, bits.characters(enc, bits.int(7))]);
      } else {
        return null;
      }
    }
  } catch {
    return null;
  }
  return out.elements.length > 0 || out.other.length > 0 ? out : null;
}
