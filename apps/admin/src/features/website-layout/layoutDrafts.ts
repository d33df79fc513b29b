import { useState } from 'react';
import type { BlockDraft } from './ContentBlocksEditor';
import type { FooterDraft } from './FooterItemsEditor';

/** One section of the layout page as edited: its value, whether it differs from what is saved. */
export interface Draft<T> {
  value: T;
  set: (value: T) => void;
  dirty: boolean;
  /** A save of `value` succeeded: it is what the section is compared with until the page reads it again. */
  saved: (value: T) => void;
}

/**
 * The edits of one section against its stored value. When the stored value is read again (after
 * any save on the page), a section without edits takes it, and one with edits keeps them: saving
 * one section never discards another's edits. `stored` must keep its identity between reads.
 */
export function useDraft<T>(stored: T, same: (a: T, b: T) => boolean): Draft<T> {
  const [seen, setSeen] = useState(stored);
  const [base, setBase] = useState(stored);
  const [value, set] = useState(stored);
  if (stored !== seen) {
    setSeen(stored);
    setBase(stored);
    if (same(value, base)) set(stored);
  }
  return { value, set, dirty: !same(value, base), saved: setBase };
}

export interface Colours {
  mainColor: string;
  highlightColor: string;
  lightHeaderText: boolean;
}

export const sameColours = (a: Colours, b: Colours) =>
  a.mainColor === b.mainColor && a.highlightColor === b.highlightColor && a.lightHeaderText === b.lightHeaderText;

export const sameFooter = (a: FooterDraft[], b: FooterDraft[]) =>
  a.length === b.length && a.every((item, i) => item.text === b[i].text && item.publicUrl === b[i].publicUrl);

/** The blocks as saved: those with content, whatever order the editor keeps them in. */
const savedBlocks = (blocks: BlockDraft[]) =>
  JSON.stringify(
    blocks
      .filter((b) => b.content)
      .map((b) => [b.type, b.productTypeId, b.hcp, b.patient, b.content])
      .sort((x, y) => String(x.slice(0, 2)).localeCompare(String(y.slice(0, 2)))),
  );
export const sameBlocks = (a: BlockDraft[], b: BlockDraft[]) => savedBlocks(a) === savedBlocks(b);

export const sameText = (a: string, b: string) => a === b;
