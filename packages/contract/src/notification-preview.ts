import { z } from 'zod';
import { plainText } from './common.js';
import { languageIsoSchema } from './translations.js';

/** One e-mail the product sends, as the preview lists it (issue 24). */
export const notificationKindSchema = z.object({
  /** The kind's key in the paths: `password-reset`, `ticket-created`, … */
  key: z.string(),
  /** Its name in English, for the list. */
  name: z.string(),
  /** Who receives it and when. */
  description: z.string(),
  /** Whether its words follow the language (the website texts, or the built-in texts of the back-office mails in English, French, Dutch and German). */
  translated: z.boolean(),
});
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/** GET api/notification-preview: every kind of e-mail and the interface languages it can be previewed in. */
export const notificationPreviewListSchema = z.object({
  kinds: z.array(notificationKindSchema),
  languages: z.array(z.string()),
});
export type NotificationPreviewList = z.infer<typeof notificationPreviewListSchema>;

export const notificationKindParams = z.object({ kind: plainText().min(1, 'NotBlank').max(50, 'Size') });
/** The interface language to render in (one of the list's languages); English when left out. */
export const notificationPreviewQuery = z.object({ language: languageIsoSchema.default('en') });

/** A file the e-mail carries (a help ticket's attachment): named, not shown. */
export const notificationAttachmentSchema = z.object({
  fileName: z.string(),
  contentType: z.string(),
  /** In bytes. */
  size: z.number().int(),
});
export type NotificationAttachment = z.infer<typeof notificationAttachmentSchema>;

/** One e-mail rendered with sample data: html is null for a mail sent as plain text only; attachments empty for a mail without. */
export const notificationPreviewSchema = z.object({
  kind: z.string(),
  language: z.string(),
  subject: z.string(),
  html: z.string().nullable(),
  text: z.string(),
  attachments: z.array(notificationAttachmentSchema),
});
export type NotificationPreview = z.infer<typeof notificationPreviewSchema>;

/** POST …/send: where the sample went (the caller's own address). */
export const notificationPreviewSentSchema = z.object({ to: z.string() });
