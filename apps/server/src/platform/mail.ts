import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

/**
 * Every e-mail the product sends, by the key the notification preview lists it under (issue 24).
 * A mail names its template when it is sent, so a new kind of mail must be added here, and the
 * preview's test fails until the preview lists it too.
 */
export const MAIL_TEMPLATES = [
  'welcome',
  'password-reset',
  'account-locked',
  'paper-copy-confirmation',
  'restricted-document-link',
  'export-ready',
  'export-failed',
  'scheduled-export-ready',
  'scheduled-export-failed',
  'ticket-created',
  'ticket-attachment',
] as const;
export type MailTemplate = (typeof MAIL_TEMPLATES)[number];

/** A file sent with a message (a help ticket's attachment). */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** A mail's words, without its addressee, and the template that wrote them. */
export interface MailContent {
  template: MailTemplate;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

export interface MailMessage extends MailContent {
  to: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise each mail is written as an .eml file to `<dataDir>/outbox`
 * (nodemailer's stream transport builds the message) and logged.
 */
export function createMailer(opts: { smtpUrl?: string; from: string; outboxDir: string; log: (msg: string) => void }): Mailer {
  if (opts.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send({ template: _template, ...m }) {
        await transport.sendMail({ from: opts.from, ...m });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send({ template: _template, ...m }) {
      const info = await transport.sendMail({ from: opts.from, ...m });
      mkdirSync(opts.outboxDir, { recursive: true });
      const file = join(opts.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`);
      writeFileSync(file, info.message as Buffer);
      opts.log(`mail to ${m.to} written to ${file}`);
    },
  };
}
