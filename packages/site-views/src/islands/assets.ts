import type { IslandAssets, IslandName } from './build.js';

/**
 * The built islands the views link to. The server sets them once at start (after buildIslands);
 * views rendered without them (view tests) simply include no script: the pages work without.
 */
let current: IslandAssets | null = null;

export function useIslandAssets(assets: IslandAssets | null): void {
  current = assets;
}

/** The URL of an island's entry, or null when none is built. */
export function islandScriptUrl(name: IslandName): string | null {
  return current?.entries[name] ?? null;
}
