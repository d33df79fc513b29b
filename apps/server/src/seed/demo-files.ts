import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { document, file, fileVersion, lotRange } from '../db/schema/index.js';
import { binaryColumns, makeFile, makeFileVersion, type VersionBinary } from '../factories/file-factories.js';
import type { FileStore } from '../platform/file-store.js';
import { demoPdf } from './demo-pdf.js';
import { DEMO_KIND, DEMO_LANGUAGE, type DemoKind, type DemoLanguage } from './demo-texts.js';

/**
 * The demo's files (decision 0052): every demo document has files with a small real PDF each, in
 * English, French, Dutch and German for the countries that read them, a rest-of-the-world edition,
 * a file for one lot range, and a file that gets a second version after the first publish.
 */

/** A file of a demo document: its language, its countries (or the rest of the world), and a lot range by name. */
export interface PlannedFile {
  language: DemoLanguage;
  countries: readonly string[] | 'rest-of-the-world';
  lotRange?: string;
}

export interface PlannedDocument {
  number: string;
  /** The product family the PDF's title names. */
  subject: string;
  kind: DemoKind;
  files: readonly PlannedFile[];
}

/** The countries of the demo's website region, and those that read each language. */
export const DEMO_REGION = ['AT', 'BE', 'CH', 'DE', 'FR', 'IT', 'LU', 'NL'] as const;
const READS = {
  // Italy has no edition of its own: its visitors get the rest-of-the-world file
  en: ['AT', 'BE', 'CH', 'DE', 'FR', 'LU', 'NL'],
  fr: ['BE', 'CH', 'FR', 'LU'],
  nl: ['BE', 'NL'],
  de: ['AT', 'BE', 'CH', 'DE', 'LU'],
} as const satisfies Record<DemoLanguage, readonly string[]>;
const inAll = (languages: DemoLanguage[]): PlannedFile[] => languages.map((language) => ({ language, countries: READS[language] }));

export const CARDIOLOGY_FILES: readonly PlannedDocument[] = [
  {
    number: 'IFU-VITA-01',
    subject: 'Vita',
    kind: 'ifu',
    files: [...inAll(['en', 'fr', 'nl', 'de']), { language: 'en', countries: 'rest-of-the-world' }],
  },
  { number: 'IFU-NOVA-01', subject: 'Nova', kind: 'ifu', files: inAll(['en', 'fr', 'nl', 'de']) },
  { number: 'MRI-GUIDE-02', subject: 'MRI (Vita, Nova)', kind: 'technical', files: inAll(['en', 'fr', 'de']) },
  {
    number: 'IFU-AORTICA-01',
    subject: 'Aortica',
    kind: 'ifu',
    files: [...inAll(['en', 'fr', 'nl', 'de']), { language: 'en', countries: READS.en, lotRange: 'Aortica lots 2025' }],
  },
];

export const ORTHOPAEDICS_FILES: readonly PlannedDocument[] = [
  { number: 'IFU-STRIDE-01', subject: 'Stride', kind: 'surgical', files: inAll(['en', 'fr', 'nl', 'de']) },
  { number: 'IFU-STRIDE-02', subject: 'Stride Revision', kind: 'surgical', files: inAll(['en', 'de']) },
];

/** The file that gets version 2.0 after the first publish: 1.0 stays in its history. */
export const REVISED_FILE = { number: 'IFU-VITA-01', language: 'en' } as const;
/** The document whose file is added after the last publish: what the publish page offers to publish next. */
export const DRAFT_FILE: PlannedDocument = {
  number: 'DRAFT-TECH-07',
  subject: 'Technical manual',
  kind: 'technical',
  files: inAll(['en']),
};

const DAY = 24 * 60 * 60 * 1000;
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** A file's name: its kind in its language, the lots or the rest of the world when it is for those, and the language by name. */
export function fileNameOf(kind: DemoKind, planned: PlannedFile): string {
  const words = DEMO_LANGUAGE[planned.language];
  const scope = planned.lotRange ? `, ${planned.lotRange}` : planned.countries === 'rest-of-the-world' ? `, ${words.restOfTheWorld}` : '';
  return `${DEMO_KIND[kind][planned.language]}${scope} (${words.name})`;
}

/** The objects a seed stored, removed again when its transaction fails. */
export class StoredObjects {
  readonly keys: string[] = [];
  constructor(readonly store: FileStore) {}
  async removeAll(): Promise<void> {
    await Promise.all(this.keys.map((k) => this.store.delete(k).catch(() => {})));
  }
}

interface DemoVersion {
  label: string;
  versionDate: string;
}

/** Writes the PDF of one version of a planned file to the store, as the upload route would record it. */
async function storePdf(
  stored: StoredObjects,
  owner: { businessUnitId: number; fileId: number },
  doc: PlannedDocument,
  planned: PlannedFile,
  version: DemoVersion,
  lots: readonly string[] | undefined,
): Promise<VersionBinary> {
  const words = DEMO_LANGUAGE[planned.language];
  const lines = [words.read, `${doc.number} · ${words.version} ${version.label} · ${version.versionDate}`];
  if (lots?.length) lines.push(`${words.lots}: ${lots.join(', ')}`);
  if (planned.countries === 'rest-of-the-world') lines.push(words.world);
  lines.push(words.demo);
  const pdf = demoPdf({ title: `${doc.subject}: ${DEMO_KIND[doc.kind][planned.language]}`, lines, language: planned.language });
  const key = await stored.store.put(`files/${owner.businessUnitId}/${owner.fileId}`, pdf, 'pdf');
  stored.keys.push(key);
  const scope = planned.lotRange ? '-lots' : planned.countries === 'rest-of-the-world' ? '-world' : '';
  return {
    key,
    name: `${doc.number.toLowerCase()}-${planned.language}${scope}-${version.label}.pdf`,
    size: pdf.length,
    mediaType: 'application/pdf',
    sha256: createHash('sha256').update(pdf).digest('hex'),
  };
}

async function documentOf(db: DbOrTx, businessUnitId: number, number: string) {
  const [doc] = await db
    .select({ id: document.id, businessUnitId: document.businessUnitId })
    .from(document)
    .where(and(eq(document.businessUnitId, businessUnitId), eq(document.number, number)));
  if (!doc) throw new Error(`demo: no document ${number} in unit ${businessUnitId}`);
  return doc;
}

/** Creates the planned files of the unit's documents, each with version 1.0 and its PDF; nothing is published here. */
export async function seedDemoFiles(db: DbOrTx, stored: StoredObjects, businessUnitId: number, plan: readonly PlannedDocument[]) {
  const first: DemoVersion = { label: '1.0', versionDate: isoDate(new Date(Date.now() - 400 * DAY)) };
  for (const doc of plan) {
    const { id } = await documentOf(db, businessUnitId, doc.number);
    for (const planned of doc.files) {
      const range = planned.lotRange
        ? (
            await db
              .select({ id: lotRange.id, numbers: lotRange.numbers })
              .from(lotRange)
              .where(and(eq(lotRange.businessUnitId, businessUnitId), eq(lotRange.name, planned.lotRange)))
          )[0]
        : undefined;
      if (planned.lotRange && !range) throw new Error(`demo: no lot range ${planned.lotRange}`);
      const row = await makeFile(
        db,
        { id, businessUnitId },
        {
          name: fileNameOf(doc.kind, planned),
          restOfTheWorld: planned.countries === 'rest-of-the-world',
          countryIds: planned.countries === 'rest-of-the-world' ? [] : [...planned.countries],
          languageIds: [planned.language],
          lotRangeIds: range ? [range.id] : [],
          label: first.label,
          versionDate: first.versionDate,
        },
      );
      const binary = await storePdf(stored, { businessUnitId, fileId: row.id }, doc, planned, first, range?.numbers);
      await db.update(fileVersion).set(binaryColumns(binary)).where(eq(fileVersion.id, row.versionId));
    }
  }
}

/** Adds version 2.0 with its PDF to the revised file: the current version from now on, 1.0 kept in its history. */
export async function reviseDemoFile(db: DbOrTx, stored: StoredObjects, businessUnitId: number, plan: readonly PlannedDocument[]) {
  const doc = plan.find((d) => d.number === REVISED_FILE.number);
  const planned = doc?.files.find((f) => f.language === REVISED_FILE.language && f.countries !== 'rest-of-the-world' && !f.lotRange);
  if (!doc || !planned) throw new Error(`demo: ${REVISED_FILE.number} is not planned`);
  const { id: documentId } = await documentOf(db, businessUnitId, doc.number);
  const [target] = await db
    .select({ id: file.id, businessUnitId: file.businessUnitId })
    .from(file)
    .where(and(eq(file.documentId, documentId), eq(file.name, fileNameOf(doc.kind, planned))));
  if (!target) throw new Error(`demo: no file to revise in ${doc.number}`);
  const second: DemoVersion = { label: '2.0', versionDate: isoDate(new Date(Date.now() - 20 * DAY)) };
  const binary = await storePdf(stored, { businessUnitId, fileId: target.id }, doc, planned, second, undefined);
  await makeFileVersion(db, target, { ...second, binary });
}
