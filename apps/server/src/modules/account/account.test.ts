import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeBusinessUnit,
  makeRole,
  makeUser,
  makeUserGroup,
  makeUserWithRights,
  setManufacturer,
} from '../../factories/organisation-factories.js';
import { as, createTestContext, type TestContext, tokenFor } from '../../test/harness.js';
import { auditRows, userRow } from './account.test-support.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('GET /api/account', () => {
  it('answers 401 without a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/account' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('error.http.401');
  });

  it('describes the signed-in user with the general rights and the sign-in mechanism', async () => {
    await setManufacturer(ctx.db, { authenticationMechanism: 'AUTHORIZATION_CODE_FLOW', passwordValidityDays: 0 });
    const unit = await makeBusinessUnit(ctx.db);
    const user = await makeUserWithRights(ctx.db, ['PRODUCT_READ', 'DOCUMENT_READ'], 'all', {
      login: 'acc-a',
      email: 'acc-a@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    const unitRole = await makeRole(ctx.db, ['PUBLISH']);
    await makeUserGroup(ctx.db, { roleId: unitRole.id, businessUnitIds: [unit.id], userIds: [user.id] });

    const res = await as(ctx.app, await tokenFor(ctx, user.id))({ method: 'GET', url: '/api/account' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: user.id,
      login: 'acc-a',
      firstName: 'Ada',
      lastName: 'Lovelace',
      fullName: 'Ada Lovelace',
      email: 'acc-a@example.com',
      langKey: 'en',
      activated: true,
      technicalAccount: false,
      authenticationMechanism: 'AUTHORIZATION_CODE_FLOW',
      authorities: ['DOCUMENT_READ', 'PRODUCT_READ', 'ROLE_USER'],
      passwordExpiresAt: null,
    });
    await setManufacturer(ctx.db, { authenticationMechanism: 'USERNAME_PASSWORD' });
  });
});

describe('POST /api/account', () => {
  const update = (token: string | undefined, payload: Record<string, unknown>) =>
    as(ctx.app, token)({ method: 'POST', url: '/api/account', payload });

  it('answers 401 without a token', async () => {
    const res = await update(undefined, { firstName: 'X', lastName: 'Y', email: 'x@example.com' });
    expect(res.statusCode).toBe(401);
  });

  it('updates the names and e-mail, bumps the version and audits the change', async () => {
    const user = await makeUser(ctx.db, { login: 'acc-b', email: 'acc-b@example.com', firstName: 'Old', lastName: 'Name' });
    const token = await tokenFor(ctx, user.id);
    const res = await update(token, { firstName: ' New ', lastName: 'Person', email: 'ACC-B.new@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-vellum-alert']).toBe('vellumApp.account.updated');
    expect(res.json()).toMatchObject({
      firstName: 'New',
      lastName: 'Person',
      fullName: 'New Person',
      email: 'acc-b.new@example.com',
      login: 'acc-b',
    });

    const row = await userRow(ctx, user.id);
    expect(row).toMatchObject({
      firstName: 'New',
      lastName: 'Person',
      email: 'acc-b.new@example.com',
      version: user.version + 1,
      lastModifiedBy: 'acc-b',
    });
    const [audit] = await auditRows(ctx, user.id);
    expect(audit).toMatchObject({ action: 'UPDATE', userId: user.id, login: 'acc-b' });
    expect(audit.changes).toEqual({
      firstName: { from: 'Old', to: 'New' },
      lastName: { from: 'Name', to: 'Person' },
      email: { from: 'acc-b@example.com', to: 'acc-b.new@example.com' },
    });
  });

  it('keeps the own e-mail, and empty names become null', async () => {
    const user = await makeUser(ctx.db, { login: 'acc-c', email: 'acc-c@example.com' });
    const res = await update(await tokenFor(ctx, user.id), { firstName: '', lastName: null, email: 'acc-c@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: null, lastName: null, fullName: '' });
  });

  it('answers 400 error.emailexists for the e-mail of another user, storing nothing', async () => {
    await makeUser(ctx.db, { login: 'acc-d', email: 'taken@example.com' });
    const user = await makeUser(ctx.db, { login: 'acc-e', email: 'acc-e@example.com', firstName: 'Keep' });
    const res = await update(await tokenFor(ctx, user.id), { firstName: 'Changed', email: 'Taken@Example.com' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('error.emailexists');
    expect(await userRow(ctx, user.id)).toMatchObject({ firstName: 'Keep', email: 'acc-e@example.com', version: user.version });
    expect(await auditRows(ctx, user.id)).toHaveLength(0);
  });

  it('answers 400 for bad input, storing nothing', async () => {
    const user = await makeUser(ctx.db, { login: 'acc-f', email: 'acc-f@example.com', firstName: 'Keep' });
    const token = await tokenFor(ctx, user.id);
    for (const payload of [
      { firstName: 'X' },
      { email: 'not-an-email' },
      { email: 'ok@example.com', firstName: 'x'.repeat(51) },
      { email: 'ok@example.com', langKey: 'fr' },
    ]) {
      const res = await update(token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe('error.validation');
    }
    expect(await userRow(ctx, user.id)).toMatchObject({ firstName: 'Keep', email: 'acc-f@example.com', version: user.version });
  });
});

describe('GET /api/authorization', () => {
  it('answers 401 without a token', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/authorization' })).statusCode).toBe(401);
  });

  it('lists the general rights and the rights per business unit', async () => {
    const a = await makeBusinessUnit(ctx.db);
    const b = await makeBusinessUnit(ctx.db);
    const user = await makeUserWithRights(ctx.db, ['PRODUCT_READ'], 'all');
    const editor = await makeRole(ctx.db, ['DOCUMENT_MANAGE', 'DOCUMENT_READ']);
    const publisher = await makeRole(ctx.db, ['PUBLISH']);
    const globalRole = await makeRole(ctx.db, ['USER_MANAGE']);
    await makeUserGroup(ctx.db, { roleId: editor.id, businessUnitIds: [a.id, b.id], userIds: [user.id] });
    await makeUserGroup(ctx.db, { roleId: publisher.id, businessUnitIds: [b.id], userIds: [user.id] });
    await makeUserGroup(ctx.db, { roleId: globalRole.id, businessUnitIds: [0], userIds: [user.id] });

    const res = await as(ctx.app, await tokenFor(ctx, user.id))({ method: 'GET', url: '/api/authorization' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      general: ['PRODUCT_READ', 'ROLE_USER'],
      businessUnits: [
        { businessUnitId: 0, rights: ['USER_MANAGE'] },
        { businessUnitId: a.id, rights: ['DOCUMENT_MANAGE', 'DOCUMENT_READ'] },
        { businessUnitId: b.id, rights: ['DOCUMENT_MANAGE', 'DOCUMENT_READ', 'PUBLISH'] },
      ],
    });
  });

  it('a user without groups holds only ROLE_USER', async () => {
    const user = await makeUser(ctx.db);
    const res = await as(ctx.app, await tokenFor(ctx, user.id))({ method: 'GET', url: '/api/authorization' });
    expect(res.json()).toEqual({ general: ['ROLE_USER'], businessUnits: [] });
  });
});
