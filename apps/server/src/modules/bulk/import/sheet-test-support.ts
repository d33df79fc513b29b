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

/** A zip whose entry `name` has its compressed bytes spoiled (a corrupt sheet). */
export function spoiled(parts: Record<string, string>, name: string): Uint8Array {
  const bytes = zipParts(parts);
  const at = Buffer.from(bytes).indexOf(Buffer.from(name)) + name.length + 4;
  for (let i = at; i < at + 24 && i < bytes.length; i++) bytes[i] = 0xff;
  return bytes;
}
