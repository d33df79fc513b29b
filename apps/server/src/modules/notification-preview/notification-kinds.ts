import type { NotificationKind, WebsiteTextKey } from '@vellum/contract';
import { lockedMail, type MailContent, passwordMail } from '../account/password-reset.mail.js';
import { exportReadyMail } from '../bulk/bulk-export.js';
import { EXPORT_LINK_DAYS } from '../bulk/bulk-links.js';
import { paperCopyConfirmationMail } from '../paper-copy-requests/index.js';
import { scheduledExportReadyMail } from '../scheduled-exports/scheduled-export-runs.js';
import { accessLinkMail } from '../site/access-link.mail.js';
import { ticketCreatedMail } from '../tickets/tickets.mail.js';

/** What a sample is rendered with: the product's public address and the website texts of the language. */
export interface SampleContext {
  publicUrl: string;
  t: (key: WebsiteTextKey) => string;
}

/** One e-mail the product sends: the template the real sending uses, called with sample data. */
export interface NotificationKindEntry extends NotificationKind {
  render(c: SampleContext): MailContent;
}

const SAMPLE_KEY = 'SAMPLE-KEY-0123456789';
const SAMPLE_UNIT = 'Acme Medical Europe';
const SAMPLE_DATE = new Date('2026-03-02T09:30:00Z');

/** Every e-mail the product sends (issue 24), in the order the preview lists them. */
export const NOTIFICATION_KINDS: readonly NotificationKindEntry[] = [
  {
    key: 'welcome',
    name: 'Welcome',
    description: 'To a new user created without a password: the link to choose one.',
    translated: false,
    render: (c) => passwordMail(c.publicUrl, SAMPLE_KEY, 'welcome'),
  },
  {
    key: 'password-reset',
    name: 'Password reset',
    description: 'To a user who asked for a password reset: the single-use link, valid 24 hours.',
    translated: false,
    render: (c) => passwordMail(c.publicUrl, SAMPLE_KEY, 'reset'),
  },
  {
    key: 'account-locked',
    name: 'Account locked',
    description: 'To the owner of an account locked after too many failed sign-ins: where they came from and a reset link.',
    translated: false,
    render: (c) => lockedMail(c.publicUrl, { key: SAMPLE_KEY, failedAttempts: 5, address: '203.0.113.7' }),
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
    translated: false,
    render: (c) =>
      exportReadyMail({
        subject: 'the products of Pacemakers',
        count: 42,
        noun: 'products',
        format: 'XLSX',
        link: `${c.publicUrl}/bulk-exports/1?token=${SAMPLE_KEY}`,
      }),
  },
  {
    key: 'scheduled-export-ready',
    name: 'Scheduled export ready',
    description: `To each recipient of a scheduled export: their own download link, valid ${EXPORT_LINK_DAYS} days.`,
    translated: false,
    render: (c) =>
      scheduledExportReadyMail({
        what: 'the products of Pacemakers',
        rows: 42,
        noun: 'products',
        format: 'XLSX',
        to: 'quality@example.com',
        link: `${c.publicUrl}/bulk-exports/1?token=${SAMPLE_KEY}`,
      }),
  },
  {
    key: 'ticket-created',
    name: 'Ticket created',
    description: 'To the support address when a user sends a help ticket.',
    translated: false,
    render: () =>
      ticketCreatedMail({
        id: 17,
        subject: 'The publish button stays grey',
        description: 'Since this morning nothing publishes in the Europe unit.',
        url: '/my-business-units/1/publish',
        requesterLogin: 'jane.doe',
        requesterEmail: 'jane.doe@example.com',
        businessUnitId: 1,
        createdDate: SAMPLE_DATE,
      }),
  },
];

export const notificationKind = (key: string) => NOTIFICATION_KINDS.find((k) => k.key === key);
