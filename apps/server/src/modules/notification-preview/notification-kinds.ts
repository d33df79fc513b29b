import type { NotificationKind, WebsiteTextKey } from '@vellum/contract';
import type { MailAttachment, MailContent, MailTemplate } from '../../platform/mail.js';
import { mailTexts } from '../../platform/mail-texts.js';
import { lockedMail, passwordMail } from '../account/password-reset.mail.js';
import { exportFailedMail, exportReadyMail, exportWords } from '../bulk/bulk-export.js';
import { EXPORT_LINK_DAYS } from '../bulk/bulk-links.js';
import { paperCopyConfirmationMail } from '../paper-copy-requests/index.js';
import { scheduledExportFailedMail, scheduledExportReadyMail } from '../scheduled-exports/scheduled-export-runs.js';
import { accessLinkMail } from '../site/access-link.mail.js';
import { ticketAttachmentMail, ticketCreatedMail } from '../tickets/tickets.mail.js';

/**
 * What a sample is rendered with: the product's public address, the language, and the website
 * texts of the language (the website's own mails read those; the others their built-in texts).
 */
export interface SampleContext {
  publicUrl: string;
  language: string;
  t: (key: WebsiteTextKey) => string;
}

/** One e-mail the product sends: the template the real sending uses, called with sample data. */
export interface NotificationKindEntry extends NotificationKind {
  key: MailTemplate;
  render(c: SampleContext): MailContent;
}

const SAMPLE_KEY = 'SAMPLE-KEY-0123456789';
const SAMPLE_UNIT = 'Acme Medical Europe';
const SAMPLE_DATE = new Date('2026-03-02T09:30:00Z');
const SAMPLE_EXPORT = { entity: 'products', name: 'Pacemakers' } as const;
const SAMPLE_FAILURE = 'the product type Pacemakers was deleted while it was exported';
const SAMPLE_TICKET = {
  id: 17,
  subject: 'The publish button stays grey',
  description: 'Since this morning nothing publishes in the Europe unit.',
  url: '/my-business-units/1/publish',
  requesterLogin: 'jane.doe',
  requesterEmail: 'jane.doe@example.com',
  businessUnitId: 1,
  createdDate: SAMPLE_DATE,
};
/** The sample file of the ticket's attachment mail: a small PNG (8 × 8 pixels), as a screenshot would be sent. */
export const SAMPLE_ATTACHMENT: MailAttachment = {
  filename: 'publish-button.png',
  contentType: 'image/png',
  content: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR42mOQSFmNFTEMLQkArKxJweOs4GAAAAAASUVORK5CYII=', 'base64'),
};

/** Every e-mail the product sends (issue 24), in the order the preview lists them. */
export const NOTIFICATION_KINDS: readonly NotificationKindEntry[] = [
  {
    key: 'welcome',
    name: 'Welcome',
    description: 'To a new user created without a password: the link to choose one.',
    translated: true,
    render: (c) => passwordMail(c.publicUrl, SAMPLE_KEY, 'welcome', c.language),
  },
  {
    key: 'password-reset',
    name: 'Password reset',
    description: 'To a user who asked for a password reset: the single-use link, valid 24 hours.',
    translated: true,
    render: (c) => passwordMail(c.publicUrl, SAMPLE_KEY, 'reset', c.language),
  },
  {
    key: 'account-locked',
    name: 'Account locked',
    description: 'To the owner of an account locked after too many failed sign-ins: where they came from and a reset link.',
    translated: true,
    render: (c) => lockedMail(c.publicUrl, { key: SAMPLE_KEY, failedAttempts: 5, address: '203.0.113.7' }, c.language),
  },
  {
    key: 'paper-copy-confirmation',
    name: 'Paper copy confirmation',
    description: 'To a website visitor who asked for a paper copy: what will be sent, where and by when.',
    translated: true,
    render: (c) =>
      paperCopyConfirmationMail(
        {
          id: 1024,
          documentNumber: 'IFU-VITA-01',
          documentName: 'Vita pacemaker – instructions for use',
          fileName: 'ifu-vita-en.pdf',
          versionLabel: '3.1',
          keyCode: '05412345000013',
          productTypeName: 'Pacemakers',
          language: 'en',
          requesterName: 'Dr. Jane Doe',
          dueDate: new Date('2026-03-09T00:00:00Z'),
          postalAddress: 'Cardiology department\nSt. Mary Hospital\n1 Hospital Road\n1000 Brussels\nBelgium',
        },
        SAMPLE_UNIT,
        c.t,
      ),
  },
  {
    key: 'restricted-document-link',
    name: 'Restricted-document link',
    description: "To a website visitor who asked for access to a unit's restricted documents: a single-use link.",
    translated: true,
    render: (c) => accessLinkMail(c.t, SAMPLE_UNIT, `${c.publicUrl}/acme-europe/_access/link?token=${SAMPLE_KEY}`),
  },
  {
    key: 'export-ready',
    name: 'Export ready',
    description: 'To the user who asked for an export of products or documents: the download link.',
    translated: true,
    render: (c) =>
      exportReadyMail(
        { what: SAMPLE_EXPORT, count: 42, format: 'XLSX', link: `${c.publicUrl}/bulk-exports/1?token=${SAMPLE_KEY}` },
        c.language,
      ),
  },
  {
    key: 'export-failed',
    name: 'Export failed',
    description: 'To the user who asked for an export of products or documents that could not be made: the reason.',
    translated: true,
    render: (c) => exportFailedMail(SAMPLE_FAILURE, c.language),
  },
  {
    key: 'scheduled-export-ready',
    name: 'Scheduled export ready',
    description: `To each recipient of a scheduled export: their own download link, valid ${EXPORT_LINK_DAYS} days.`,
    translated: true,
    render: (c) =>
      scheduledExportReadyMail(
        {
          ...exportWords(SAMPLE_EXPORT, mailTexts(c.language)),
          rows: 42,
          format: 'XLSX',
          to: 'quality@example.com',
          link: `${c.publicUrl}/bulk-exports/1?token=${SAMPLE_KEY}`,
        },
        c.language,
      ),
  },
  {
    key: 'scheduled-export-failed',
    name: 'Scheduled export failed',
    description: 'To each recipient of a scheduled export that could not be made: what and why.',
    translated: true,
    render: (c) =>
      scheduledExportFailedMail(
        { what: exportWords(SAMPLE_EXPORT, mailTexts(c.language)).what, log: `The export failed: ${SAMPLE_FAILURE}` },
        c.language,
      ),
  },
  {
    key: 'ticket-created',
    name: 'Ticket created',
    description: "To the support address when a user sends a help ticket, in the user's language.",
    translated: true,
    render: (c) => ticketCreatedMail(SAMPLE_TICKET, c.language),
  },
  {
    key: 'ticket-attachment',
    name: 'Ticket attachment',
    description: "To the support address when a user adds a file to their help ticket: the file attached, in the user's language.",
    translated: true,
    render: (c) => ticketAttachmentMail(SAMPLE_TICKET, SAMPLE_ATTACHMENT, c.language),
  },
];

export const notificationKind = (key: string) => NOTIFICATION_KINDS.find((k) => k.key === key);
