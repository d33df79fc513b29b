import { z } from 'zod';

/**
 * The GS1 Web Vocabulary link types a document type can stand for (decision 0049): the subset of
 * https://gs1.org/voc/ that names a document of a medical device, with the vocabulary's English
 * title. The public site's GS1 resolver lists each published file under its document type's link
 * type and follows `?linkType=` to it. `gs1:pip` and `gs1:defaultLink` are the product page, not a
 * document, and are not offered here.
 */
export const GS1_LINK_TYPES = {
  'gs1:instructions': 'Instructions',
  'gs1:epil': 'Electronic Patient Information Leaflet',
  'gs1:smpc': 'Summary of Product Characteristics (SmPC)',
  'gs1:quickStartGuide': 'Quick start guide',
  'gs1:safetyInfo': 'Safety information',
  'gs1:serviceInfo': 'Service information',
  'gs1:whatsInTheBox': "What's in the box?",
  'gs1:certificationInfo': 'Certification information',
  'gs1:sustainabilityInfo': 'Sustainability and recycling',
  'gs1:relatedVideo': 'Related video',
} as const;

export type Gs1LinkType = keyof typeof GS1_LINK_TYPES;
export const GS1_LINK_TYPE_KEYS = Object.keys(GS1_LINK_TYPES) as Gs1LinkType[];
/** What a document type stands for until someone chooses: instructions (for use). */
export const DEFAULT_GS1_LINK_TYPE: Gs1LinkType = 'gs1:instructions';
export const gs1LinkTypeSchema = z.enum(GS1_LINK_TYPE_KEYS as [Gs1LinkType, ...Gs1LinkType[]], { error: 'Pattern' });
export const isGs1LinkType = (value: string): value is Gs1LinkType => Object.hasOwn(GS1_LINK_TYPES, value);

/** The GS1 Web Vocabulary's namespace: `gs1:x` stands for `https://gs1.org/voc/x`. */
export const GS1_VOCABULARY = 'https://gs1.org/voc/';
