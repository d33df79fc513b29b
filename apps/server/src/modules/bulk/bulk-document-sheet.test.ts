import { describe, expect, it } from 'vitest';
import { binaryPaths, pathSegment, type SheetFile } from './bulk-document-sheet.js';

/** The paths of the documents' binaries in a zip (decision 0058): never climbing out, unique per document. */
describe('the documents’ sheet', () => {
  it('makes a name one safe segment of a path', () => {
    expect(pathSegment('IFU 2.1.pdf')).toBe('IFU 2.1.pdf');
    expect(pathSegment('../../etc/passwd')).toBe('.._.._etc_passwd');
    expect(pathSegment('..')).toBe('_');
    expect(pathSegment('.')).toBe('_');
    expect(pathSegment('')).toBe('_');
    expect(pathSegment('a/b\\c:d*e?f"g<h>i|j\u0000k')).toBe('a_b_c_d_e_f_g_h_i_j_k');
    expect(pathSegment('שלום.pdf')).toBe('שלום.pdf');
  });

  it('names each binary of a document once, regardless of case, and none for a file without one', () => {
    const f = (name: string, binaryName: string | null, binaryKey: string | null = 'k') => ({ name, binaryName, binaryKey }) as SheetFile;
    expect(
      binaryPaths({
        number: 'DOC/1',
        files: [f('A', 'ifu.pdf'), f('B', 'IFU.pdf'), f('C', null), f('D', 'x.pdf', null), f('E', 'ifu.pdf')],
      }),
    ).toEqual(['files/DOC_1/ifu.pdf', 'files/DOC_1/IFU (2).pdf', 'files/DOC_1/C', null, 'files/DOC_1/ifu (3).pdf']);
  });
});
