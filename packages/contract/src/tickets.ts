import { z } from 'zod';
import { INT4_MAX, intInput, multiLineText, pageQuery, plainText, versionField } from './common.js';

/**
 * Help tickets (issue 24; spec 000 §3, §5, §8, §9): a signed-in user asks the vendor's support for
 * help from `/help`, with an optional attachment; the vendor's support staff (QARAD_USER) list,
 * read and close the tickets; the requester sees their own (decision 0073).
 */

/** Spec 000 §9: subject 1–150 characters, description 1–65,000, attachment at most 10 MB. */
export const TICKET_SUBJECT_MAX = 150;
export const TICKET_DESCRIPTION_MAX = 65_000;
export const TICKET_URL_MAX = 2_000;
export const TICKET_ATTACHMENT_MAX_BYTES = 10_485_760;
/** The kinds an attachment may be, decided by its content. */
export const TICKET_ATTACHMENT_TYPES = ['PNG', 'JPEG', 'PDF', 'TXT', 'ZIP'] as const;

/** The spec's message keys of the help form (000 §5, §8). */
export const HelpMessageKeys = {
  success: 'help.messages.success',
  fail: 'help.messages.error.fail',
  attachmentError: 'help.messages.attachment.error',
  attachmentFileSize: 'help.messages.validate.attachment.filesize',
} as const;

export const TicketErrorKeys = {
  /** The attachment is over 10,485,760 bytes (413). */
  attachmentFileSize: HelpMessageKeys.attachmentFileSize,
  /** A ticket takes one attachment. */
  attachmentExists: 'error.ticket.attachmentExists',
  /** Closing a ticket already closed. */
  alreadyClosed: 'error.ticket.alreadyClosed',
} as const;

export const TICKET_TYPES = ['SUPPORT_REQUEST'] as const;
export const TICKET_STATUSES = ['OPEN', 'CLOSED'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** POST api/ticket: `{data: {subject, description, url}, ticketType}` as the spec's client sends it. */
export const ticketCreateBody = z.object({
  data: z.object({
    subject: plainText().trim().min(1, 'NotBlank').max(TICKET_SUBJECT_MAX, 'Size'),
    description: multiLineText().trim().min(1, 'NotBlank').max(TICKET_DESCRIPTION_MAX, 'Size'),
    /** The admin page the form was opened from (a path or an address), empty when opened directly. */
    url: plainText().trim().max(TICKET_URL_MAX, 'Size').optional().default(''),
  }),
  ticketType: z.enum(TICKET_TYPES, { error: 'Pattern' }),
});
export type TicketCreateBody = z.input<typeof ticketCreateBody>;

export const ticketCreatedSchema = z.object({ ticketCreated: z.boolean(), ticketId: z.number().int() });
export type TicketCreated = z.output<typeof ticketCreatedSchema>;

export const ticketAttachmentSchema = z.object({
  fileName: z.string(),
  mediaType: z.string(),
  size: z.number().int(),
  sha256: z.string(),
});

export const ticketSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  description: z.string(),
  url: z.string(),
  ticketType: z.enum(TICKET_TYPES),
  status: z.enum(TICKET_STATUSES),
  requesterId: z.number().int().nullable(),
  requesterLogin: z.string(),
  requesterEmail: z.string(),
  /** The business unit the requester was working in (from the page's address), null for the global pages. */
  businessUnitId: z.number().int().nullable(),
  createdDate: z.string(),
  closedDate: z.string().nullable(),
  closedBy: z.string().nullable(),
  attachment: ticketAttachmentSchema.nullable(),
  version: z.number().int(),
});
export type Ticket = z.output<typeof ticketSchema>;

export const ticketListQuery = pageQuery.extend({
  status: z.enum(TICKET_STATUSES, { error: 'Pattern' }).optional(),
});

export const ticketCloseBody = z.object({ version: versionField });

/** A ticket id in a path. */
export const ticketIdParams = z.object({ id: intInput(1, INT4_MAX) });
