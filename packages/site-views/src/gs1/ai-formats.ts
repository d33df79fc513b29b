import { isValidExpiry } from './scan.js';

/**
 * The formats of GS1 Application Identifiers as GS1 Digital Link needs them (decision 0049): what a
 * data attribute in a link's query string may hold, and how a compressed link encodes each value.
 * This is table F of the compression defined by the GS1 Digital Link standard 1.1 (as GS1's own
 * toolkit carries it: GS1DigitalLinkToolkit.js, which digital-link.js wraps), plus AI 235 (TPX, X..28,
 * from the GS1 Barcode Syntax Dictionary). An AI that is not here is not one this site knows: a link
 * naming it is a syntax error.
 */

/** One component of an AI's value: digits or characters of set 82, a fixed length or a maximum. */
export interface AiComponent {
  numeric: boolean;
  /** Fixed length. */
  length?: number;
  /** Variable length up to this. */
  max?: number;
}

const C = (spec: string): AiComponent => {
  const m = /^([NX])(\.\.)?(\d+)$/.exec(spec);
  if (!m) throw new Error(`bad AI format ${spec}`);
  const n = Number(m[3]);
  return m[2] ? { numeric: m[1] === 'N', max: n } : { numeric: m[1] === 'N', length: n };
};

/** `3100-3105` → 3100, 3101, … 3105; several ranges and single AIs separated by commas. */
function expand(list: string): string[] {
  return list.split(',').flatMap((part) => {
    const [from, to] = part.split('-');
    if (to === undefined) return [from];
    const out: string[] = [];
    for (let n = Number(from); n <= Number(to); n++) out.push(String(n).padStart(from.length, '0'));
    return out;
  });
}

/** The measures 31nn–36nn (N6): the third digit within the ranges GS1 defines, the fourth (decimals) 0–5. */
const MEASURES = ['310-316', '320-329', '330-337', '340-349', '350-357', '360-369']
  .flatMap((r) => expand(r))
  .flatMap((p) => expand(`${p}0-${p}5`))
  .join(',');

/** Format → AIs. */
const TABLE: [string, string][] = [
  ['N18', '00,8006,8017,8018,8026'],
  ['N14', '01,02,8001'],
  ['X..20', '10,21,22,243,254,420,710-714,7020-7022,8002,8012'],
  ['N6', `11,12,13,15,16,17,7006,8005,${MEASURES}`],
  ['N2', '20'],
  ['X..28', '235'],
  ['N..8', '30,37'],
  ['X..30', '90,240,241,250,251,400,401,403,7002,7023,7230-7239,8004,8010,8013'],
  ['X..90', '91-99'],
  ['N..6', '242'],
  ['N13 X..17', '253'],
  ['N13 N..12', '255'],
  ['N17', '402'],
  ['N13', '410-416,7001'],
  ['N3 X..9', '421'],
  ['N3', '422,424,426'],
  ['N3 N..12', '423,425'],
  ['X..3', '427,7008'],
  ['N..15', '3900-3909,3920-3929'],
  ['N3 N..15', '3910-3919,3930-3939'],
  ['N4', '3940-3943,8111'],
  ['N10', '7003'],
  ['N..4', '7004'],
  ['X..12', '7005'],
  ['N6 N..6', '7007'],
  ['X..10', '7009'],
  ['X..2', '7010'],
  ['N3 X..27', '7030-7039'],
  ['N14 X..16', '8003'],
  ['X..24', '8007'],
  ['N8 N..4', '8008'],
  ['X..50', '8009'],
  ['N..12', '8011'],
  ['N..10', '8019'],
  ['X..25', '8020'],
  ['X..70', '8110,8112,8200'],
];

const FORMATS = new Map<string, AiComponent[]>();
for (const [format, ais] of TABLE) for (const ai of expand(ais)) FORMATS.set(ai, format.split(' ').map(C));

/** The components of an AI's value; undefined for an AI this table does not know. */
export const aiFormat = (ai: string): AiComponent[] | undefined => FORMATS.get(ai);

/**
 * How many digits an AI has, by its first two (GS1 General Specifications figure 3.2-1, table P of
 * the compression): `31` → 4 (3100…3699), `23` → 3 (235), `01` → 2.
 */
export const AI_LENGTH_BY_PREFIX: Readonly<Record<string, number>> = {
  '00': 2,
  '01': 2,
  '02': 2,
  '10': 2,
  '11': 2,
  '12': 2,
  '13': 2,
  '15': 2,
  '16': 2,
  '17': 2,
  '20': 2,
  '21': 2,
  '22': 2,
  '23': 3,
  '24': 3,
  '25': 3,
  '30': 2,
  '31': 4,
  '32': 4,
  '33': 4,
  '34': 4,
  '35': 4,
  '36': 4,
  '37': 2,
  '39': 4,
  '40': 3,
  '41': 3,
  '42': 3,
  '70': 4,
  '71': 3,
  '72': 4,
  '80': 4,
  '81': 4,
  '82': 4,
  '90': 2,
  '91': 2,
  '92': 2,
  '93': 2,
  '94': 2,
  '95': 2,
  '96': 2,
  '97': 2,
  '98': 2,
  '99': 2,
};

/** GS1 AI encodable character set 82 (General Specifications figure 7.11-1). */
const CSET82 = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]*$/;
/** The AIs holding a date as YYMMDD (a day of 00 meaning the month's end). */
const DATES = new Set(['11', '12', '13', '15', '16', '17']);

/** Whether a value fits its AI's format (its components in turn, the last one taking the rest). */
export function isValidAiValue(ai: string, value: string): boolean {
  const format = aiFormat(ai);
  if (!format || value === '') return false;
  let rest = value;
  for (const c of format) {
    // a variable component is always the last one
    const part = c.length !== undefined ? rest.slice(0, c.length) : rest;
    if (c.length !== undefined && part.length !== c.length) return false;
    if (c.max !== undefined && part.length > c.max) return false;
    if (!(c.numeric ? /^\d*$/ : CSET82).test(part)) return false;
    rest = rest.slice(part.length);
  }
  if (rest !== '') return false;
  return !DATES.has(ai) || isValidExpiry(value);
}
