import type { DbOrTx } from '../../db/client.js';
import { fromJson } from '../../db/sql.js';
import type { PublishedSite } from '../publishing/published-site.js';
import { audienceTypes, servesAudience } from './catalogue.js';
import * as repo from './documents.repo.js';
import { offersCountry, translator } from './live-site.js';
import type {
  DownloadableFile,
  FileRef,
  LivePublication,
  PublicDocument,
  PublicFile,
  PublicFileVersion,
  Visitor,
} from './public-read.types.js';

interface VersionJson {
  id: number;
  label: string;
  versionDate: string;
  validTo: string | null;
  publishDate: string;
  binaryName: string | null;
  binarySize: number | null;
  mediaType: string | null;
  binaryKey?: string;
  sha256?: string | null;
}

interface FileJson {
  name: string;
  countries: string[];
  languages: string[];
  restOfTheWorld: boolean;
  allLotNumbers: boolean;
  historical: boolean;
  remarks: string | null;
}

/** The restricted groups a verified e-mail belongs to: enabled groups only, while the unit's switch is on. */
export function groupsOf(site: PublishedSite, verifiedEmail: string | undefined): number[] {
  if (!verifiedEmail || !site.unit.settings.publicUserGroupActive) return [];
  const email = verifiedEmail.trim().toLowerCase();
  return site.restrictedGroups.filter((g) => g.enabled && g.emails.includes(email)).map((g) => g.id);
}

/**
 * The statement's filter for a visitor, or null when the site does not serve them (audience,
 * country). Exported for the benchmark, which runs the same statement directly.
 */
export function documentsFilter(live: LivePublication, productId: number, visitor: Visitor, at: Date): repo.DocumentFilesFilter | null {
  const filter = visitorFilesFilter(live, visitor, at);
  return filter && { ...filter, productId };
}

/** What `documentsFilter` asks of any product's documents for the visitor (null: the site does not serve them). */
export function visitorFilesFilter(live: LivePublication, visitor: Visitor, at: Date): Omit<repo.DocumentFilesFilter, 'productId'> | null {
  const { site } = live;
  if (!servesAudience(site, visitor.audience) || !offersCountry(site, visitor.country)) return null;
  const types = audienceTypes(site, visitor.audience);
  const lot = visitor.lot?.trim() ? visitor.lot.trim() : null;
  return {
    contentId: live.contentId,
    at,
    productTypeIds: types.map((t) => t.id),
    lotTypeIds: types.filter((t) => t.lotNumbers).map((t) => t.id),
    documentTypeIds: site.documentTypes.filter((t) => (visitor.audience === 'HCP' ? t.hcp : t.patient)).map((t) => t.id),
    groupIds: groupsOf(site, visitor.verifiedEmail),
    // every language: the option's language rule, and the other languages of a document without a
    // file in the visitor's (decision 0048), apply to the document's few rows in `assemble`
    country: visitor.country.toUpperCase(),
    lot,
  };
}

const byText = (a: string, b: string) => (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0);

function version(v: VersionJson, hideDate: boolean): PublicFileVersion {
  return {
    fileVersionId: v.id,
    label: v.label,
    versionDate: hideDate ? null : v.versionDate,
    validTo: v.validTo,
    publishDate: new Date(v.publishDate),
  };
}

interface Assembled {
  document: PublicDocument;
  productTypeId: number;
  keyCode: string;
  /** The document number as stored: the order, even when the number is hidden. */
  storedNumber: string;
  /** Every version shown, by id, with its binary when asked for. */
  versions: Map<number, { file: PublicFile; v: VersionJson; isCurrent: boolean }>;
}

type FileRows = { fileId: number; file: FileJson; versions: VersionJson[] }[];

/** A file's current version is later than another's: by version date, then id. */
const later = (a: FileRows[number], b: FileRows[number]) => {
  const [va, vb] = [a.versions[0], b.versions[0]];
  return va.versionDate > vb.versionDate || (va.versionDate === vb.versionDate && va.id > vb.id);
};

/**
 * The files of one document a visitor is shown (decision 0038, 0048). COUNTRY: every language;
 * COUNTRY_LANGUAGE and VERSION: the visitor's language, or, when the document has no file in it,
 * its files in the other languages (the page says so). Then rest-of-world files only when no file
 * for the country remains (always, with alwaysShowWorldwideFilesActive); VERSION keeps the one
 * file whose current version is the latest (per language, when showing the other languages).
 */
function filesShown(site: PublishedSite, all: FileRows, language: string): FileRows {
  const settings = site.unit.settings;
  const option = settings.latestVersionVisualisationOption;
  const inLanguage = all.filter((f) => f.file.languages.some((l) => l.toLowerCase() === language));
  const otherLanguages = option !== 'COUNTRY' && inLanguage.length === 0;
  let files = option === 'COUNTRY' || otherLanguages ? all : inLanguage;
  const hasCountryFile = files.some((f) => !f.file.restOfTheWorld);
  if (hasCountryFile && !settings.alwaysShowWorldwideFilesActive) files = files.filter((f) => !f.file.restOfTheWorld);
  if (option === 'VERSION' && files.length > 1) {
    const latest = new Map<string, FileRows[number]>();
    for (const f of files) {
      const key = otherLanguages
        ? [...f.file.languages]
            .map((l) => l.toLowerCase())
            .sort()
            .join(',')
        : '';
      const held = latest.get(key);
      if (!held || later(f, held)) latest.set(key, f);
    }
    files = [...latest.values()];
  }
  return files;
}

/**
 * The rules that compare files of one document, on the rows the statement found (decision 0038):
 * which files the visitor is shown (`filesShown`), ordered the visitor's language first, country
 * files before rest-of-world ones, then by language code, then by name; documents by their type's sort number, then number.
 */
function assemble(site: PublishedSite, rows: repo.DocumentFileRow[], visitor: Visitor): Assembled[] {
  const settings = site.unit.settings;
  const t = translator(site, visitor.language);
  const language = visitor.language.toLowerCase();
  const docTypes = new Map(site.documentTypes.map((d) => [d.id, d]));
  const attributeDefinitions = settings.documentAttribute
    ? site.documentAttributeDefinitions.filter((d) => d.searchType !== 'NOT_VISIBLE')
    : [];

  const byDocument = new Map<number, repo.DocumentFileRow[]>();
  for (const r of rows) byDocument.set(r.documentId, [...(byDocument.get(r.documentId) ?? []), r]);

  const out: Assembled[] = [];
  for (const docRows of byDocument.values()) {
    const first = docRows[0];
    const files = filesShown(
      site,
      docRows.map((r) => ({
        fileId: r.fileId,
        file: fromJson<FileJson>(r.file),
        versions: fromJson<VersionJson[]>(r.versions),
      })),
      language,
    );
    const inVisitorLanguage = (f: FileRows[number]) => f.file.languages.some((l) => l.toLowerCase() === language);
    const languages = (f: FileRows[number]) => [...f.file.languages].sort(byText).join(',');
    files.sort(
      (a, b) =>
        Number(!inVisitorLanguage(a)) - Number(!inVisitorLanguage(b)) ||
        Number(a.file.restOfTheWorld) - Number(b.file.restOfTheWorld) ||
        byText(languages(a), languages(b)) ||
        byText(a.file.name, b.file.name) ||
        a.fileId - b.fileId,
    );
    const versions: Assembled['versions'] = new Map();
    const publicFiles = files.map((f) => {
      const [current, ...previous] = f.versions;
      const file: PublicFile = {
        fileId: f.fileId,
        name: f.file.name,
        languages: f.file.languages,
        countries: f.file.countries,
        restOfTheWorld: f.file.restOfTheWorld,
        allLotNumbers: f.file.allLotNumbers,
        historical: f.file.historical,
        remarks: f.file.remarks,
        current: {
          ...version(current, settings.fileHideVersionDate),
          binaryName: current.binaryName,
          binarySize: current.binarySize,
          mediaType: current.mediaType,
        },
        previous: previous.map((v) => version(v, settings.fileHideVersionDate)),
      };
      f.versions.forEach((v, i) => {
        versions.set(v.id, { file, v, isCurrent: i === 0 });
      });
      return file;
    });
    const type = docTypes.get(first.documentTypeId);
    const values = fromJson<{ attributeDefinitionId: number; value: string }[]>(first.attributes);
    out.push({
      productTypeId: first.productTypeId,
      keyCode: first.keyCode,
      storedNumber: first.number,
      versions,
      document: {
        documentId: first.documentId,
        number: settings.hideDocumentNumber ? null : first.number,
        name: first.name,
        documentType: {
          id: first.documentTypeId,
          name: t(`document_type.${first.documentTypeId}.name`, type?.name),
          sortNumber: type?.sortNumber ?? 0,
        },
        attributes: attributeDefinitions.flatMap((d) => {
          const v = values.find((x) => x.attributeDefinitionId === d.id);
          return v ? [{ attributeDefinitionId: d.id, name: t(`document_attribute_definition.${d.id}.name`, d.name), value: v.value }] : [];
        }),
        restricted: first.restrictedGroupIds.length > 0,
        inVisitorLanguage: files.some(inVisitorLanguage),
        files: publicFiles,
      },
    });
  }
  return out.sort(
    (a, b) =>
      a.document.documentType.sortNumber - b.document.documentType.sortNumber ||
      byText(a.storedNumber, b.storedNumber) ||
      a.document.documentId - b.document.documentId,
  );
}

/**
 * A product's documents and files for a visitor at `at`: documents of types shown to the
 * audience, each with the files that apply to the visitor (country or rest of the world,
 * language, lot) with their current public version and previous public versions. Restricted
 * documents appear only to a verified e-mail of an enabled group they are restricted to; nothing
 * about them otherwise. Null when the site does not serve the visitor (inactive unit, audience
 * not offered, country not offered); an unknown product or one without documents for the
 * visitor answers an empty list.
 */
export async function productDocuments(
  db: DbOrTx,
  live: LivePublication,
  productId: number,
  visitor: Visitor,
  at: Date,
): Promise<PublicDocument[] | null> {
  const filter = documentsFilter(live, productId, visitor, at);
  if (!filter) return null;
  return documentsOf(live, await repo.documentFiles(db, filter), visitor);
}

/** The documents the rows of `repo.documentFiles` make for the visitor, in the page's order. */
export function documentsOf(live: LivePublication, rows: repo.DocumentFileRow[], visitor: Visitor): PublicDocument[] {
  return assemble(live.site, rows, visitor).map((a) => a.document);
}

/**
 * A file version a visitor may download, as the product page listed it for them, with what the
 * download confirmation shows and its binary's key: a file id gives its current public version,
 * a version id that version when it is the current or a previous public version listed. Null
 * when the visitor would not see it (so a guessed id reveals nothing).
 */
export async function fileForDownload(
  db: DbOrTx,
  live: LivePublication,
  ref: FileRef,
  visitor: Visitor & { productId: number },
  at: Date,
): Promise<DownloadableFile | null> {
  const filter = documentsFilter(live, visitor.productId, visitor, at);
  if (!filter) return null;
  const rows = await repo.documentFiles(db, { ...filter, documentOf: ref, withBinary: true });
  for (const a of assemble(live.site, rows, visitor)) {
    const found =
      'fileVersionId' in ref
        ? a.versions.get(ref.fileVersionId)
        : [...a.versions.values()].find((x) => x.isCurrent && x.file.fileId === ref.fileId);
    if (!found?.v.binaryKey) continue;
    const type = live.site.productTypes.find((p) => p.id === a.productTypeId);
    const t = translator(live.site, visitor.language);
    const keyCodeShown = (visitor.audience === 'HCP' ? type?.keyCodeSearchTypeHcp : type?.keyCodeSearchTypePatient) !== 'NOT_VISIBLE';
    return {
      productTypeId: a.productTypeId,
      productTypeName: t(`product_type.${a.productTypeId}.name`, type?.name),
      keyCode: keyCodeShown ? a.keyCode : null,
      document: {
        documentId: a.document.documentId,
        number: a.document.number,
        storedNumber: a.storedNumber,
        name: a.document.name,
        restricted: a.document.restricted,
      },
      file: { fileId: found.file.fileId, name: found.file.name },
      version: version(found.v, live.site.unit.settings.fileHideVersionDate),
      isCurrent: found.isCurrent,
      binaryKey: found.v.binaryKey,
      binaryName: found.v.binaryName,
      binarySize: found.v.binarySize,
      mediaType: found.v.mediaType,
      sha256: found.v.sha256 ?? null,
    };
  }
  return null;
}

/**
 * One document of a product as the product page lists it for the visitor (the document search's
 * result, decision 0045): null when the visitor would not see it there.
 */
export async function productDocument(
  db: DbOrTx,
  live: LivePublication,
  productId: number,
  documentId: number,
  visitor: Visitor,
  at: Date,
): Promise<PublicDocument | null> {
  const filter = documentsFilter(live, productId, visitor, at);
  if (!filter) return null;
  const rows = await repo.documentFiles(db, { ...filter, documentOf: { documentId } });
  return assemble(live.site, rows, visitor)[0]?.document ?? null;
}
