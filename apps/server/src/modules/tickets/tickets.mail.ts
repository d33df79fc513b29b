import { join } from 'node:path';
import type { Deps } from '../../platform/deps.js';
import { createMailer, type MailAttachment, type MailContent, type Mailer } from '../../platform/mail.js';
import { mailTexts } from '../../platform/mail-texts.js';
import type { TicketRow } from './tickets.repo.js';

/** The address a ticket is addressed to in the outbox when no SUPPORT_EMAIL is set. */
export const OUTBOX_SUPPORT_ADDRESS = 'support@vellum.local';

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** What a ticket's mail says: plain text only, so nothing a requester typed can become markup. */
export interface TicketMailFacts {
  id: number;
  subject: string;
  description: string;
  url: string;
  requesterLogin: string;
  requesterEmail: string;
  businessUnitId: number | null;
  createdDate: Date;
}

/**
 * The mail a new ticket sends to support ("ticket created"), in the requesting user's language
 * (the support address is no user's: the requester's is what the product knows), English when it
 * is unknown or has no texts.
 */
export function ticketCreatedMail(t: TicketMailFacts, language = 'en'): MailContent {
  const w = mailTexts(language);
  const subject = oneLine(t.subject);
  const text = [
    w('ticket.title', { id: t.id, subject }),
    '',
    w('ticket.from', { login: t.requesterLogin, email: t.requesterEmail }),
    w('ticket.sent', { date: t.createdDate.toISOString() }),
    w('ticket.page', { url: t.url || w('ticket.helpPage') }),
    w('ticket.unit', { unit: t.businessUnitId ?? w('ticket.global') }),
    '',
    t.description,
    '',
  ].join('\n');
  return { template: 'ticket-created', subject: w('ticket.subject', { id: t.id, subject }), text };
}

/** The mail that follows with a ticket's attachment, in the requesting user's language as the ticket's own. */
export function ticketAttachmentMail(
  t: Pick<TicketRow, 'id' | 'subject' | 'requesterLogin' | 'requesterEmail'>,
  attachment: MailAttachment,
  language = 'en',
): MailContent {
  const w = mailTexts(language);
  const values = { id: t.id, subject: oneLine(t.subject), login: t.requesterLogin, email: t.requesterEmail };
  return {
    template: 'ticket-attachment',
    subject: w('ticketAttachment.subject', { id: t.id, fileName: oneLine(attachment.filename) }),
    text: `${w('ticketAttachment.body', values)}\n`,
    attachments: [attachment],
  };
}

/**
 * Where tickets go: SUPPORT_EMAIL through the product's mailer; without it, the outbox folder
 * (the product's mailer when it writes there, otherwise a mailer of its own that does).
 */
export function supportMailer(deps: Pick<Deps, 'config' | 'mailer'>): { to: string; mailer: Mailer } {
  const { config } = deps;
  if (config.supportEmail) return { to: config.supportEmail, mailer: deps.mailer };
  if (!config.smtpUrl) return { to: OUTBOX_SUPPORT_ADDRESS, mailer: deps.mailer };
  return {
    to: OUTBOX_SUPPORT_ADDRESS,
    mailer: createMailer({ from: config.mailFrom, outboxDir: join(config.dataDir, 'outbox'), log: () => {} }),
  };
}
