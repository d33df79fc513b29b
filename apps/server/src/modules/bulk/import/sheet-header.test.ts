import { describe, expect, it } from 'vitest';
import { SheetRefused } from './import-job.js';
import { linesOf, readHeader } from './sheet-header.js';

const NAMES = { keyCode: 'Key code', lotRanges: 'Lot ranges' };
const COLOUR = { slug: 'colour', name: 'Colour' };

/** The faults a header is refused with: column and message key. */
function faultsOf(header: string[]) {
  try {
    readHeader(header, [COLOUR], NAMES, ['keyCode']);
  } catch (err) {
    if (err instanceof SheetRefused) return err.errors.map((e) => [e.row, e.column, e.message]);
    throw err;
  }
  return [];
}

describe('readHeader', () => {
  it('finds the named columns whatever their case and spaces, the attributes by slug, and skips empty cells', () => {
    const { named, attributes } = readHeader(['', ' LOT ranges ', 'Farbe [colour]', 'key code'], [COLOUR], NAMES, ['keyCode']);
    expect(named).toEqual({ keyCode: 3, lotRanges: 1 });
    expect(attributes).toEqual([{ index: 2, def: COLOUR }]);
  });

  it('leaves an optional column out as -1', () => {
    expect(readHeader(['Key code'], [COLOUR], NAMES, ['keyCode']).named).toEqual({ keyCode: 0, lotRanges: -1 });
  });

  it('refuses with every fault at once: a column twice, an unknown name or slug, a required column missing', () => {
    expect(faultsOf(['Lot ranges', 'lot ranges', 'Extra', 'Size [size]', 'Colour [colour]', 'Tint [colour]'])).toEqual([
      [1, 'lot ranges', 'error.bulk.duplicateColumn'],
      [1, 'Extra', 'error.bulk.unknownColumn'],
      [1, 'Size [size]', 'error.bulk.unknownColumn'],
      [1, 'Tint [colour]', 'error.bulk.duplicateColumn'],
      [1, 'Key code', 'error.bulk.missingColumn'],
    ]);
  });

  it('does not take a known name with a slug for that column', () => {
    expect(faultsOf(['Key code [colour2]'])).toEqual([
      [1, 'Key code [colour2]', 'error.bulk.unknownColumn'],
      [1, 'Key code', 'error.bulk.missingColumn'],
    ]);
  });
});

describe('linesOf', () => {
  it('splits a list cell into trimmed lines, the empty ones left out', () => {
    expect(linesOf(' a \r\n\nb\n  \n')).toEqual(['a', 'b']);
    expect(linesOf(undefined)).toEqual([]);
  });
});
