import { ErrorKeys } from '../errors.js';
import {
  notificationKindParams,
  notificationPreviewListSchema,
  notificationPreviewQuery,
  notificationPreviewSchema,
  notificationPreviewSentSchema,
} from '../notification-preview.js';
import { TranslationErrorKeys } from '../translations.js';
import { defineRoute } from './define.js';

const tags = ['notification-preview'];
const RIGHT = 'MANUFACTURER_MANAGE (general settings → manufacturer management).';

/** general-settings → notification-preview (spec 000 §2, 001 §2, §7; issue 24). */
export const notificationPreviewApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/notification-preview',
    tags,
    summary: 'Every e-mail the product sends, and the interface languages to preview them in',
    description: `${RIGHT} The languages are those some business unit shows its website in.`,
    response: { 200: notificationPreviewListSchema },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/notification-preview/:kind',
    tags,
    summary: 'One e-mail rendered with sample data',
    description:
      `${RIGHT} Rendered by the same template the product sends it with, in the language (default en; website texts ` +
      'as set manufacturer-wide). html is null for a mail sent as plain text only; attachments names the files the ' +
      'mail carries (a sample file). An unknown kind answers 404.',
    params: notificationKindParams,
    query: notificationPreviewQuery,
    response: { 200: notificationPreviewSchema },
    errors: [ErrorKeys.notFound, TranslationErrorKeys.languageNotAvailable],
  }),
  send: defineRoute({
    method: 'POST',
    path: '/api/notification-preview/:kind/send',
    tags,
    summary: "Sends one e-mail with sample data to the caller's own address",
    description: `${RIGHT} The mail goes out as the product sends it (SMTP or the outbox), to the signed-in user's e-mail, with the sample file of a mail that carries one.`,
    params: notificationKindParams,
    query: notificationPreviewQuery,
    response: { 200: notificationPreviewSentSchema },
    errors: [ErrorKeys.notFound, TranslationErrorKeys.languageNotAvailable],
  }),
};
