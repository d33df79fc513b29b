import { TICKET_ATTACHMENT_MAX_BYTES, TICKET_DESCRIPTION_MAX, TICKET_SUBJECT_MAX } from '@vellum/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, ticket } from '../../db/schema/index.js';
import { makeBusinessUnit, makeUserWithRights } from '../../factories/organisation-factories.js';
import { looksLikeText } from '../../platform/binaries.js';
import { multipart, tinyPng } from '../../platform/images.fixtures.js';
import { as, createTestContext, mailText, type TestContext, tokenFor } from '../../test/harness.js';
import { OUTBOX_SUPPORT_ADDRESS, supportMailer } from './tickets.mail.js';
import { unitOfPage } from './tickets.service.js';

let ctx: TestContext;
let unitId: number;
/** Any signed-in user: sends tickets and reads their own. */
let requester: ReturnType<typeof as>;
let requesterLogin: string;
let other: ReturnType<typeof as>;
/** The vendor's support staff. */
let support: ReturnType<typeof as>;
const anonymous = () => as(ctx.app, undefined);

const bodyOf = (over: Record<string, unknown> = {}, ticketType = 'SUPPORT_REQUEST') => ({
  data: { subject: 'The publish button stays grey', description: 'Since this morning\nnothing publishes.', url: '/home', ...over },
  ticketType,
});
const rowOf = async (id: number) => (await ctx.db.select().from(ticket).where(eq(ticket.id, id)))[0];
const countAll = async () => (await ctx.db.select().from(ticket)).length;
const create = async (client = requester, over: Record<string, unknown> = {}) => {
  const res = await client({ method: 'POST', url: '/api/ticket', payload: bodyOf(over) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().ticketId as number;
};
const attach = (client: ReturnType<typeof as>, id: number, name: string, type: string, data: Buffer) =>
  client({ method: 'POST', url: `/api/ticket/${id}/attachment`, ...multipart('file', name, type, data) });

beforeAll(async () => {
  ctx = await createTestContext();
  unitId = (await makeBusinessUnit(ctx.db)).id;
  const user = await makeUserWithRights(ctx.db, ['DOCUMENT_READ'], [unitId]);
  requesterLogin = user.login;
  requester = as(ctx.app, await tokenFor(ctx, user.id));
  other = as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['DOCUMENT_READ'], [unitId])).id));
  support = as(ctx.app, await tokenFor(ctx, (await makeUserWithRights(ctx.db, ['QARAD_USER'], [0])).id));
});
afterAll(() => ctx?.close());

describe('POST api/ticket', () => {
  it('answers 401 without a token', async () => {
    expect((await anonymous()({ method: 'POST', url: '/api/ticket', payload: bodyOf() })).statusCode).toBe(401);
  });

  it('stores the ticket at the limits of subject and description, audits it and mails support', async () => {
    const subject = 'S'.repeat(TICKET_SUBJECT_MAX);
    const description = 'd'.repeat(TICKET_DESCRIPTION_MAX);
    const mailsBefore = ctx.mails().length;
    const res = await requester({
      method: 'POST',
      url: '/api/ticket',
      payload: bodyOf({ subject, description, url: `/my-business-units/${unitId}/products` }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { ticketCreated, ticketId } = res.json();
    expect(ticketCreated).toBe(true);
    expect(res.headers['x-vellum-alert']).toBe('help.messages.success');
    const row = await rowOf(ticketId);
    expect(row).toMatchObject({
      subject,
      description,
      status: 'OPEN',
      requesterLogin,
      businessUnitId: unitId,
      ticketType: 'SUPPORT_REQUEST',
    });
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityName, 'ticket'), eq(auditLog.entityId, String(ticketId))));
    expect(audits.map((a) => a.action)).toEqual(['CREATE']);
    const mail = mailText(ctx.mails().slice(mailsBefore).join('\n'));
    expect(mail).toContain(`To: ${OUTBOX_SUPPORT_ADDRESS}`);
    expect(mail).toContain(`[Vellum ticket #${ticketId}]`);
  });

  it.each([
    ['an empty subject', { subject: '  ' }, 'data.subject'],
    ['a subject of 151 characters', { subject: 'S'.repeat(TICKET_SUBJECT_MAX + 1) }, 'data.subject'],
    ['an empty description', { description: '' }, 'data.description'],
    ['a description of 65,001 characters', { description: 'd'.repeat(TICKET_DESCRIPTION_MAX + 1) }, 'data.description'],
    ['a subject with a NUL', { subject: 'a\u0000b' }, 'data.subject'],
  ])('refuses %s with 400 and stores nothing', async (_name, over, field) => {
    const before = await countAll();
    const res = await requester({ method: 'POST', url: '/api/ticket', payload: bodyOf(over) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('error.validation');
    expect(res.json().fieldErrors.map((f: { field: string }) => f.field)).toContain(field);
    expect(await countAll()).toBe(before);
  });

  it('refuses another ticket type', async () => {
    const res = await requester({ method: 'POST', url: '/api/ticket', payload: bodyOf({}, 'BUG') });
    expect(res.statusCode).toBe(400);
  });
});

describe('POST api/ticket/{id}/attachment', () => {
  it('keeps a PNG with the ticket and mails it to support', async () => {
    const id = await create();
    const mailsBefore = ctx.mails().length;
    const res = await attach(requester, id, 'screen.png', 'application/octet-stream', tinyPng());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().attachment).toMatchObject({ fileName: 'screen.png', mediaType: 'image/png' });
    const mail = ctx.mails().slice(mailsBefore).join('\n');
    expect(mail).toContain('Content-Type: image/png; name=screen.png');
    expect(mail).toContain(`ticket #${id}`);
    // support downloads it
    const download = await support({ method: 'GET', url: `/api/tickets/${id}/attachment` });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(tinyPng())).toBe(true);
  });

  it('takes a text file of exactly 10,485,760 bytes', async () => {
    const id = await create();
    const res = await attach(requester, id, 'log.txt', 'text/plain', Buffer.alloc(TICKET_ATTACHMENT_MAX_BYTES, 'a'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().attachment).toMatchObject({ mediaType: 'text/plain', size: TICKET_ATTACHMENT_MAX_BYTES });
  });

  it('refuses one byte more with 413 and the help key, and keeps the ticket without it', async () => {
    const id = await create();
    const res = await attach(requester, id, 'log.txt', 'text/plain', Buffer.alloc(TICKET_ATTACHMENT_MAX_BYTES + 1, 'a'));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('help.messages.validate.attachment.filesize');
    expect(await rowOf(id)).toMatchObject({ attachmentKey: null, status: 'OPEN' });
  });

  it('decides the type by content: an executable named .png is refused', async () => {
    const id = await create();
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(200, 0)]);
    const res = await attach(requester, id, 'screen.png', 'image/png', exe);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('error.unsupportedContentType');
    expect((await rowOf(id)).attachmentKey).toBeNull();
  });

  it('takes one attachment per ticket, of the caller’s own tickets only', async () => {
    const id = await create();
    expect((await attach(other, id, 'a.txt', 'text/plain', Buffer.from('hello'))).statusCode).toBe(404);
    expect((await attach(requester, 2_000_000, 'a.txt', 'text/plain', Buffer.from('hello'))).statusCode).toBe(404);
    expect((await attach(requester, id, 'a.txt', 'text/plain', Buffer.from('hello'))).statusCode).toBe(200);
    const again = await attach(requester, id, 'b.txt', 'text/plain', Buffer.from('again'));
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('error.ticket.attachmentExists');
  });

  it('answers 401 without a token and 400 for an empty file', async () => {
    const id = await create();
    expect((await attach(anonymous(), id, 'a.txt', 'text/plain', Buffer.from('x'))).statusCode).toBe(401);
    expect((await attach(requester, id, 'a.txt', 'text/plain', Buffer.alloc(0))).statusCode).toBe(400);
  });
});

describe('the tickets of the requester and of support', () => {
  it('lists the requester’s own tickets only', async () => {
    const mine = await create(other, { subject: 'Only mine' });
    const res = await other({ method: 'GET', url: '/api/tickets/own?size=100' });
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((t: { id: number }) => t.id);
    expect(ids).toContain(mine);
    expect(res.json().every((t: { requesterLogin: string }) => t.requesterLogin !== requesterLogin)).toBe(true);
    expect(Number(res.headers['x-total-count'])).toBe(ids.length);
  });

  it('lets only QARAD_USER list, read and close every ticket', async () => {
    const id = await create();
    expect((await requester({ method: 'GET', url: '/api/tickets' })).statusCode).toBe(403);
    expect((await requester({ method: 'GET', url: `/api/tickets/${id}` })).statusCode).toBe(403);
    expect((await requester({ method: 'PUT', url: `/api/tickets/${id}/close`, payload: { version: 0 } })).statusCode).toBe(403);
    const list = await support({ method: 'GET', url: '/api/tickets?status=OPEN&size=500' });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((t: { id: number }) => t.id)).toContain(id);
    expect((await support({ method: 'GET', url: `/api/tickets/${id}` })).json()).toMatchObject({ id, status: 'OPEN' });

    expect((await support({ method: 'PUT', url: `/api/tickets/${id}/close`, payload: { version: 5 } })).statusCode).toBe(409);
    const closed = await support({ method: 'PUT', url: `/api/tickets/${id}/close`, payload: { version: 0 } });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'CLOSED', version: 1 });
    const again = await support({ method: 'PUT', url: `/api/tickets/${id}/close`, payload: { version: 1 } });
    expect(again.json().message).toBe('error.ticket.alreadyClosed');
    const closedList = await support({ method: 'GET', url: '/api/tickets?status=CLOSED' });
    expect(closedList.json().map((t: { id: number }) => t.id)).toContain(id);
    // the requester sees the new status
    const own = await requester({ method: 'GET', url: '/api/tickets/own?size=500' });
    expect(own.json().find((t: { id: number }) => t.id === id).status).toBe('CLOSED');
    expect((await support({ method: 'GET', url: '/api/tickets/2000000' })).statusCode).toBe(404);
  });
});

describe('the mails to the support address', () => {
  it('are written in the requesting user’s language: the ticket and its attachment', async () => {
    const french = await makeUserWithRights(ctx.db, ['DOCUMENT_READ'], [unitId], { langKey: 'fr' });
    const client = as(ctx.app, await tokenFor(ctx, french.id));
    let before = ctx.mails().length;
    const id = await create(client);
    const created = mailText(ctx.mails().slice(before).join('\n'));
    expect(created).toContain(`De : ${french.login} <${french.email}>`);
    expect(created).toContain('Page : /home');
    expect(created).not.toContain(`From: ${french.login}`);
    before = ctx.mails().length;
    expect((await attach(client, id, 'notes.txt', 'text/plain', Buffer.from('hello'))).statusCode).toBe(200);
    const attachment = mailText(ctx.mails().slice(before).join('\n'));
    expect(attachment).toContain(`jointe du ticket n`);
    expect(attachment).toContain(`de ${french.login} <${french.email}>`);
  });

  it('are in English when the user’s language has no texts', async () => {
    const other = await makeUserWithRights(ctx.db, ['DOCUMENT_READ'], [unitId], { langKey: 'xx' });
    const client = as(ctx.app, await tokenFor(ctx, other.id));
    let before = ctx.mails().length;
    const id = await create(client);
    expect(mailText(ctx.mails().slice(before).join('\n'))).toContain(`From: ${other.login} <${other.email}>`);
    before = ctx.mails().length;
    expect((await attach(client, id, 'notes.txt', 'text/plain', Buffer.from('hello'))).statusCode).toBe(200);
    expect(mailText(ctx.mails().slice(before).join('\n'))).toContain(`The attachment of ticket #${id}`);
  });
});

describe('rules', () => {
  it('reads the business unit from the page the form was opened from', () => {
    expect(unitOfPage('/my-business-units/12/products')).toBe(12);
    expect(unitOfPage('https://x.example/my-business-units/7')).toBe(7);
    expect(unitOfPage('/general-settings/role')).toBeNull();
    expect(unitOfPage('/my-business-units/99999999999/x')).toBeNull();
  });

  it('tells text from binaries', () => {
    expect(looksLikeText(Buffer.from('line 1\r\nline 2\tü'))).toBe(true);
    expect(looksLikeText(Buffer.from([0x61, 0xc3]))).toBe(true); // a character cut at the end
    expect(looksLikeText(Buffer.from([0x61, 0x00, 0x62]))).toBe(false);
    expect(looksLikeText(Buffer.from([0xff, 0xfe, 0xfd, 0xfc, 0x61]))).toBe(false);
    expect(looksLikeText(Buffer.alloc(0))).toBe(false);
  });

  it('mails SUPPORT_EMAIL when set, else the outbox', () => {
    const mailer = { send: async () => {} };
    expect(supportMailer({ config: { ...ctx.config, supportEmail: 'help@vendor.example' }, mailer }).to).toBe('help@vendor.example');
    expect(supportMailer({ config: { ...ctx.config, supportEmail: undefined }, mailer })).toMatchObject({
      to: OUTBOX_SUPPORT_ADDRESS,
      mailer,
    });
    const smtp = supportMailer({ config: { ...ctx.config, supportEmail: undefined, smtpUrl: 'smtp://mail.example' }, mailer });
    expect(smtp.mailer).not.toBe(mailer);
  });
});
