import { apiAreas } from '@vellum/contract';
import { describe, expect, it } from 'vitest';

const dictionaries = import.meta.glob<{ default: Record<string, unknown> }>('../i18n/en/*.json', { eager: true });

/** Whether `key` (dotted) names a text in one of the English dictionaries. */
function translated(key: string): boolean {
  return Object.values(dictionaries).some((d) => {
    let node: unknown = d.default;
    for (const part of key.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
    return typeof node === 'string';
  });
}

describe('the error keys the contract declares per route', () => {
  it('are all translated, so that the admin can say what went wrong', () => {
    const missing = Object.values(apiAreas)
      .flatMap((area) => Object.values(area))
      .flatMap((route) => (route.errors ?? []).map((key) => ({ route: `${route.method} ${route.path}`, key })))
      .filter(({ key }) => !translated(key));
    expect(missing).toEqual([]);
  });
});
