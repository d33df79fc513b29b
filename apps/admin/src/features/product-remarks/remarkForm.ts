import { catalogueNameSchema, type ProductRemark, type ProductRemarkCreateBody, REMARK_CONTENT_MAX } from '@vellum/contract';
import { z } from 'zod';

export const remarkFormSchema = z.object({
  name: catalogueNameSchema,
  visualizationOrder: z.number({ error: 'NotNull' }).int('number').min(0, 'Size').max(100_000, 'Size'),
  hcp: z.boolean(),
  patient: z.boolean(),
  /** HTML from the rich-text editor. */
  content: z.string().max(REMARK_CONTENT_MAX, 'Size'),
});
export type RemarkFormValues = z.input<typeof remarkFormSchema>;

export const toRemarkForm = (r?: ProductRemark): RemarkFormValues => ({
  name: r?.name ?? '',
  visualizationOrder: r?.visualizationOrder ?? 0,
  hcp: r?.hcp ?? true,
  patient: r?.patient ?? false,
  content: r?.content ?? '',
});

/** Whether rich-text HTML holds anything to show: text (not only spaces) or an image. */
export function richTextHasContent(html: string): boolean {
  if (/<img\b/i.test(html)) return true;
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;|\u00a0/gi, ' ')
    .trim();
  return text.length > 0;
}

/** The create body of the form's values; rich text is sent only when it has content (else ''). */
export function toRemarkBody(businessUnitId: number, values: RemarkFormValues): ProductRemarkCreateBody {
  return {
    businessUnitId,
    name: values.name.trim(),
    visualizationOrder: values.visualizationOrder,
    hcp: values.hcp,
    patient: values.patient,
    content: richTextHasContent(values.content) ? values.content : '',
  };
}
