import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockServer, ok, problem } from '../../test/fakeServer';
import { cleanupRoute, renderRoute } from '../../test/renderRoute';
import { SsoTestResultPage } from './SsoTestResultPage';

const PATH = '/general-settings/manufacturer-sso-settings/test-result';
const RESULT = 'POST /api/manufacturer/own/sso-configs/test-result';
const ANSWER = { token: 'the-code', state: 'the-state', iss: 'https://idp.example.com' };
const REPORT = {
  outcome: 'signIn',
  issuer: 'https://idp.example.com',
  subject: 'abc-123',
  email: 'ann@example.com',
  emailVerified: true,
  claims: ['aud', 'email', 'email_verified', 'iss', 'sub'],
  user: { id: 4, login: 'ann', activated: true, ssoOnly: true },
  check: null,
};

afterEach(cleanupRoute);

describe('SsoTestResultPage', () => {
  it("posts the provider's answer once and reports the user a sign-in would sign in, with the claims", async () => {
    const calls = mockServer({ [RESULT]: () => ok(REPORT) });
    renderRoute(<SsoTestResultPage />, { url: PATH, path: PATH, state: { answer: ANSWER } });
    expect(await screen.findByText('The sign-in works: it would sign in ann.')).toBeTruthy();
    expect(screen.getByTestId('sso-test-report').dataset.outcome).toBe('signIn');
    expect(screen.getByText('ann@example.com')).toBeTruthy();
    expect(screen.getByText('email_verified')).toBeTruthy();
    expect(screen.getByText('single sign-on only')).toBeTruthy();
    expect(calls.filter((c) => c.key === RESULT).map((c) => c.body)).toEqual([ANSWER]);
  });

  it('says why a sign-in would be refused, with the failed check', async () => {
    mockServer({
      [RESULT]: () =>
        ok({ ...REPORT, outcome: 'providerAnswerRefused', email: null, user: null, claims: [], check: 'unexpected "aud" claim' }),
    });
    renderRoute(<SsoTestResultPage />, { url: PATH, path: PATH, state: { answer: ANSWER } });
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', expect.stringContaining("the provider's answer failed a check"));
    expect(screen.getByText('unexpected "aud" claim')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to SSO settings' })).toBeTruthy();
  });

  it('without an answer says to start again and calls nothing', async () => {
    const calls = mockServer({ [RESULT]: () => ok(REPORT) });
    renderRoute(<SsoTestResultPage />, { url: PATH, path: PATH });
    expect(await screen.findByText(/sent no answer to check/)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('says so when the provider cannot be reached', async () => {
    mockServer({ [RESULT]: () => problem(503, 'error.sso.providerUnreachable') });
    renderRoute(<SsoTestResultPage />, { url: PATH, path: PATH, state: { answer: ANSWER } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/cannot be reached/));
  });
});
