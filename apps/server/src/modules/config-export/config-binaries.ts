import { createHash } from 'node:crypto';
import {
  CONFIG_BINARY_FOLDER,
  type ConfigBinary,
  type ConfigDocument,
  CSS_MAX_CHARS,
  IMAGE_MAX_BYTES,
  PUBLIC_RESOURCE_MAX_BYTES,
} from '@vellum/contract';
import type { AuthContext } from '../../platform/access.js';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { checkImage } from '../../platform/images.js';
import { RICH_TEXT_UPLOAD_MAX_BYTES, type RichTextFormat, richTextFromDocument } from '../../platform/rich-text.js';
import { storeLogo, updateCss } from '../business-units/business-unit-layout.service.js';
import { findBusinessUnit } from '../business-units/business-units.repo.js';
import { imageKey, storeImage as storeManufacturerImage } from '../manufacturer/manufacturer.service.js';
import { storeImage as storeTypeImage } from '../product-types/product-type-images.service.js';
import { listProductTypes } from '../product-types/product-types.repo.js';
import { uploadPublicResource } from '../website-layout/public-resources.service.js';
import { checkResourceContent } from '../website-layout/resource-upload.js';
import { findPublicResourceByName, listPublicResources } from '../website-layout/website-layout.repo.js';
import { unitKey } from './config-catalogue.js';
import { type UnitIds, unitIdOf, unknownReference } from './config-units.js';
import { invalidFile, type ZipEntryReader, type ZipSource } from './config-zip.js';

type ManufacturerImage = ConfigDocument['manufacturerImages'][number];
type UnitLogo = ConfigDocument['unitLogos'][number];
type ProductTypeImage = ConfigDocument['productTypeImages'][number];
type PublicResource = ConfigDocument['publicResources'][number];
type UnitCss = ConfigDocument['unitCss'][number];

/**
 * The binaries of an uploaded zip the document names, once each has been read and verified: each is
 * read from the zip again when its part is applied, and its SHA-256 checked again, so an import holds
 * one binary in memory at a time, whatever the zip's size.
 */
export interface ZipBinaries {
  bytes(file: ConfigBinary): Promise<Buffer>;
}

/** How each media type a travelling binary may have ends its path. */
const EXTENSION: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/svg+xml': 'svg',
  'image/webp': 'webp',
  'font/woff': 'woff',
  'font/woff2': 'woff2',
  'application/pdf': 'pdf',
  'text/css': 'css',
  'text/html': 'html',
  'text/plain': 'txt',
};
const IMAGE_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', svg: 'image/svg+xml' };
/** The media type of each format a rich-text translation's original may have, and back. */
const RICH_TEXT_TYPES: Record<RichTextFormat, string> = { html: 'text/html', txt: 'text/plain' };
export const mediaTypeOfFormat = (format: RichTextFormat): string => RICH_TEXT_TYPES[format];
export const richTextFormatOf = (mediaType: string): RichTextFormat | undefined =>
  (Object.keys(RICH_TEXT_TYPES) as RichTextFormat[]).find((f) => RICH_TEXT_TYPES[f] === mediaType);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * The binaries an export reads: each one's reference for the document and, when the zip is being
 * written, its source by path (one entry for equal bytes named twice): a stored object is opened
 * again only when the zip writes it, so the export holds no binary longer than it takes to hash it.
 */
export class BinaryCollector {
  readonly entries = new Map<string, ZipSource>();
  constructor(
    private readonly files: Deps['files'],
    private readonly keep: boolean,
  ) {}

  /** The reference of bytes of a media type (carried as they are, or read again from the stored object of that key). */
  of(bytes: Buffer, mediaType: string, key?: string): ConfigBinary {
    return this.reference(mediaType, bytes.length, sha256(bytes), key ?? bytes);
  }

  private reference(mediaType: string, size: number, hash: string, source: Buffer | string): ConfigBinary {
    const path = `${CONFIG_BINARY_FOLDER}${hash}.${EXTENSION[mediaType] ?? 'bin'}`;
    if (this.keep && !this.entries.has(path)) this.entries.set(path, typeof source === 'string' ? this.opener(source) : source);
    return { path, mediaType, size, sha256: hash };
  }

  private opener(key: string) {
    return async () => {
      const stream = await this.files.open(key);
      if (!stream) throw new Error(`The stored object ${key} is gone.`);
      return stream;
    };
  }

  /**
   * The reference of a stored object (undefined without a key, or when storage has lost the object:
   * nothing to carry). With its size and SHA-256 known (a public resource's row holds them), an
   * import's comparison reads nothing from storage.
   */
  async stored(
    key: string | null | undefined,
    mediaType?: string,
    known?: { size: number; sha256: string },
  ): Promise<ConfigBinary | undefined> {
    if (!key) return undefined;
    const type = mediaType ?? IMAGE_TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()];
    if (!type) return undefined;
    if (known) return this.keep && !(await this.files.stat(key)) ? undefined : this.reference(type, known.size, known.sha256, key);
    const bytes = await this.files.get(key);
    return bytes ? this.of(bytes, type, key) : undefined;
  }
}

/** `unit/type name/kind`: the natural key of a product type's image. */
export const productTypeImageKey = (i: Pick<ProductTypeImage, 'businessUnit' | 'productType' | 'kind'>) =>
  unitKey(i.businessUnit, `${i.productType}/${i.kind}`);

const MANUFACTURER_KINDS = ['logo', 'HCP', 'PATIENT'] as const;
const TYPE_COLUMNS = { image: 'imageKey', heroHcp: 'heroImageHcpKey', heroPatient: 'heroImagePatientKey' } as const;

export async function readManufacturerImages(deps: Deps, binaries: BinaryCollector): Promise<ManufacturerImage[]> {
  const result: ManufacturerImage[] = [];
  for (const kind of MANUFACTURER_KINDS) {
    const file = await binaries.stored(await imageKey(deps, kind));
    if (file) result.push({ kind, file });
  }
  return result;
}

export async function readUnitLogos(deps: Deps, slugs: Map<number, string>, binaries: BinaryCollector): Promise<UnitLogo[]> {
  const result: UnitLogo[] = [];
  for (const [unitId, unit] of slugs) {
    const file = await binaries.stored((await findBusinessUnit(deps.db, unitId, false, 'any'))?.logoKey);
    if (file) result.push({ businessUnit: unit, file });
  }
  return result;
}

export async function readProductTypeImages(
  deps: Deps,
  slugs: Map<number, string>,
  binaries: BinaryCollector,
): Promise<ProductTypeImage[]> {
  const result: ProductTypeImage[] = [];
  for (const [unitId, unit] of slugs) {
    for (const type of await listProductTypes(deps.db, unitId)) {
      for (const [kind, column] of Object.entries(TYPE_COLUMNS) as [ProductTypeImage['kind'], keyof typeof type][]) {
        const file = await binaries.stored(type[column] as string | null);
        if (file) result.push({ businessUnit: unit, productType: type.name, kind, file });
      }
    }
  }
  return result;
}

export async function readPublicResources(deps: Deps, slugs: Map<number, string>, binaries: BinaryCollector): Promise<PublicResource[]> {
  const result: PublicResource[] = [];
  for (const [unitId, unit] of slugs) {
    for (const r of await listPublicResources(deps.db, unitId)) {
      const file = await binaries.stored(r.storageKey, r.mediaType, { size: r.size, sha256: r.sha256 });
      if (file) result.push({ businessUnit: unit, name: r.name, file });
    }
  }
  return result;
}

export async function readUnitCss(deps: Deps, slugs: Map<number, string>, binaries: BinaryCollector): Promise<UnitCss[]> {
  const result: UnitCss[] = [];
  for (const [unitId, unit] of slugs) {
    const css = (await findBusinessUnit(deps.db, unitId, false, 'any'))?.cssContent ?? '';
    if (css !== '') result.push({ businessUnit: unit, file: binaries.of(Buffer.from(css, 'utf8'), 'text/css') });
  }
  return result;
}

/** What an area accepts, as an upload by hand would: its size limit and the media type its check decides from the content. */
interface BinaryRule {
  maxBytes: number;
  kindOf: (bytes: Buffer, declared: string) => Promise<string>;
}
const IMAGE: BinaryRule = { maxBytes: IMAGE_MAX_BYTES, kindOf: async (b) => (await checkImage(b)).contentType };
const RESOURCE: BinaryRule = { maxBytes: PUBLIC_RESOURCE_MAX_BYTES, kindOf: async (b) => (await checkResourceContent(b)).mediaType };
const CSS: BinaryRule = {
  maxBytes: CSS_MAX_CHARS * 4,
  kindOf: async (b) => {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(b);
    if (text.length > CSS_MAX_CHARS) throw new Error(`longer than ${CSS_MAX_CHARS} characters`);
    return 'text/css';
  },
};

/**
 * A rich-text translation's original, as the translator's document upload takes it: HTML or plain
 * text, as its media type says (which the content cannot tell apart), really UTF-8 text with no
 * binary format behind it, converted by the same function.
 */
const RICH_TEXT: BinaryRule = {
  maxBytes: RICH_TEXT_UPLOAD_MAX_BYTES,
  kindOf: async (b, declared) => {
    const format = richTextFormatOf(declared);
    if (!format) throw new Error('neither text/html nor text/plain');
    await richTextFromDocument(b, format);
    return declared;
  },
};

const RULES = [IMAGE, RESOURCE, CSS, RICH_TEXT];

/** Every binary the document names, with the rule of the area it goes to. */
function namedBinaries(doc: ConfigDocument): { file: ConfigBinary; rule: BinaryRule }[] {
  return [
    ...doc.manufacturerImages.map((i) => ({ file: i.file, rule: IMAGE })),
    ...doc.unitLogos.map((l) => ({ file: l.file, rule: IMAGE })),
    ...doc.productTypeImages.map((i) => ({ file: i.file, rule: IMAGE })),
    ...doc.publicResources.map((r) => ({ file: r.file, rule: RESOURCE })),
    ...doc.unitCss.map((c) => ({ file: c.file, rule: CSS })),
    ...doc.recordTranslations.flatMap((t) => (t.original ? [{ file: t.original, rule: RICH_TEXT }] : [])),
  ];
}

/** The entry of the zip at the reference's path, holding exactly its size and SHA-256 (400 invalidFile otherwise). */
async function readVerified(read: ZipEntryReader, file: ConfigBinary): Promise<Buffer> {
  const bytes = await read(file.path, file.size);
  if (bytes.length !== file.size || sha256(bytes) !== file.sha256) throw invalidFile(`${file.path} does not match its SHA-256.`);
  return bytes;
}

/**
 * Reads the binaries the document names from the zip, each within its area's size limit, its size
 * and SHA-256 verified and its kind decided by its content by the area's own check, as an upload by
 * hand (an HTML page named .png is no image); any fault 400 invalidFile before anything is written.
 * Each is read, checked and let go of in turn; the reader answered reads them again as they are applied.
 */
export async function readZipBinaries(doc: ConfigDocument, read: ZipEntryReader): Promise<ZipBinaries> {
  const checked = new Set<string>();
  for (const { file, rule } of namedBinaries(doc)) {
    if (file.size > rule.maxBytes) throw invalidFile(`${file.path} is larger than ${rule.maxBytes} bytes.`);
    // equal bytes named twice are checked once per rule and media type
    const once = `${file.path}|${file.mediaType}|${RULES.indexOf(rule)}`;
    if (checked.has(once)) continue;
    const bytes = await readVerified(read, file);
    const kind = await rule.kindOf(bytes, file.mediaType).catch((err: Error) => {
      throw invalidFile(`${file.path} is not a file this part accepts (${err instanceof AppError ? err.key : err.message}).`);
    });
    if (kind !== file.mediaType) throw invalidFile(`${file.path} holds ${kind}, not ${file.mediaType}.`);
    checked.add(once);
  }
  return { bytes: (file) => readVerified(read, file) };
}

/** Through the manufacturer's own image upload: checked as uploaded by hand, the replaced image removed once the import commits. */
export async function applyManufacturerImages(deps: Deps, auth: AuthContext, binaries: ZipBinaries, images: ManufacturerImage[]) {
  for (const image of images) await storeManufacturerImage(deps, auth, image.kind, await checkImage(await binaries.bytes(image.file)));
}

/** Through the units' own logo upload. */
export async function applyUnitLogos(deps: Deps, auth: AuthContext, units: UnitIds, binaries: ZipBinaries, logos: UnitLogo[]) {
  for (const logo of logos) {
    const unitId = unitIdOf(units, 'unitLogos', logo.businessUnit, logo.businessUnit);
    await storeLogo(deps, auth, unitId, await checkImage(await binaries.bytes(logo.file)));
  }
}

/** Through the product types' own image upload, the type found by its unit and name. */
export async function applyProductTypeImages(
  deps: Deps,
  auth: AuthContext,
  units: UnitIds,
  binaries: ZipBinaries,
  images: ProductTypeImage[],
) {
  for (const image of images) {
    const key = productTypeImageKey(image);
    const unitId = unitIdOf(units, 'productTypeImages', key, image.businessUnit);
    const type = (await listProductTypes(deps.db, unitId)).find((t) => t.name === image.productType);
    if (!type) throw unknownReference('productTypeImages', key, { businessUnit: image.businessUnit, productType: image.productType });
    await storeTypeImage(deps, auth, type.id, image.kind, await checkImage(await binaries.bytes(image.file)));
  }
}

/** Through the website's own resource upload: a resource of the same name gets the new content, else one is added. */
export async function applyPublicResources(
  deps: Deps,
  auth: AuthContext,
  units: UnitIds,
  binaries: ZipBinaries,
  resources: PublicResource[],
) {
  for (const resource of resources) {
    const unitId = unitIdOf(units, 'publicResources', unitKey(resource.businessUnit, resource.name), resource.businessUnit);
    const before = await findPublicResourceByName(deps.db, unitId, resource.name);
    const checked = await checkResourceContent(await binaries.bytes(resource.file));
    await uploadPublicResource(deps, auth, unitId, {
      ...checked,
      name: before ? undefined : resource.name,
      replaces: before ? String(before.id) : undefined,
    });
  }
}

/** Through the layout's own CSS save (its check of decision 0027 against the unit's resources, applied before). */
export async function applyUnitCss(deps: Deps, auth: AuthContext, units: UnitIds, binaries: ZipBinaries, sheets: UnitCss[]) {
  for (const sheet of sheets) {
    const unitId = unitIdOf(units, 'unitCss', sheet.businessUnit, sheet.businessUnit);
    await updateCss(deps, auth, unitId, (await binaries.bytes(sheet.file)).toString('utf8'));
  }
}
