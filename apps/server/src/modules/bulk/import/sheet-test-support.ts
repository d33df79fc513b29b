import { Readable } from 'node:stream';
import { zipSync } from 'fflate';

/** A zip of the given parts (text as UTF-8), as a spreadsheet app writes it. */
export const zipParts = (parts: Record<string, string | Uint8Array>) =>
  zipSync(Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, typeof v === 'string' ? new TextEncoder().encode(v) : v])));

/** Reads all the records of `reader` over `bytes`, fed in small chunks (the XML is cut anywhere). */
export async function readAll(reader: (source: Readable) => AsyncIterable<string[]>, bytes: Uint8Array, chunk = 97): Promise<string[][]> {
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunk) parts.push(Buffer.from(bytes.subarray(i, i + chunk)));
  const rows: string[][] = [];
  for await (const r of reader(Readable.from(parts))) rows.push(r);
  return rows;
}

/** A billion-laughs attempt: entities defined in a DOCTYPE, each ten of the one before. */
export const LAUGHS = `<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>`;
