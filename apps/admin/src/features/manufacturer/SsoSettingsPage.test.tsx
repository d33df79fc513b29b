import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockServer, ok, problem } from '../../test/fakeServer';
import { cleanupRoute, renderRoute } from '../../test/renderRoute';
import { SsoSettingsPage } from './SsoSettingsPage';

const PATH = '/general-settings/manufacturer-sso-settings';
const config = (kind: string, over: Record<string, unknown> = {}) => ({
  kind,
  domain: '',
  clientId: '',
  clientSecretSet: false,
  enabled: false,
  version: 0,
  ...over,
});
const STORED = [
  config('ADMIN', { domain: 'https://idp.example.com', clientId: 'vellum', clientSecretSet: true, enabled: true, version: 3 }),
  config('PUBLIC'),
  config('CUSTOMER_API'),
];

afterEach(cleanupRoute);

describe('SsoSettingsPage', () => {
  it('shows whether a secret is set, never a secret, and saves one configuration keeping the secret when left empty', async () => {
    const calls = mockServer({
      'GET /api/manufacturer/own/sso-configs': () => ok(STORED),
      'PUT /api/manufacturer/own/sso-configs': () => ok(STORED),
    });
    renderRoute(<SsoSettingsPage />, { url: PATH, path: PATH });
    const admin = await screen.findByTestId('sso-admin');
    expect(within(admin).getByTestId('sso-admin-secret-state').textContent).toBe('Set');
    expect(within(screen.getByTestId('sso-public')).getByTestId('sso-public-secret-state').textContent).toBe('Not set');
    fireEvent.change(within(admin).getByLabelText('Client ID'), { target: { value: 'vellum-2' } });
    fireEvent.click(within(admin).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((c) => c.key === 'PUT /api/manufacturer/own/sso-configs')).toHaveLength(1));
    const put = calls.find((c) => c.key === 'PUT /api/manufacturer/own/sso-configs');
    expect(put?.body).toEqual([{ kind: 'ADMIN', domain: 'https://idp.example.com', clientId: 'vellum-2', enabled: true, version: 3 }]);
  });

  it('empties the secret field once the secret is saved: it is never shown again, and nothing is left to save', async () => {
    const saved = [{ ...STORED[0], version: 4 }, config('PUBLIC'), config('CUSTOMER_API')];
    let stored = STORED;
    mockServer({
      'GET /api/manufacturer/own/sso-configs': () => ok(stored),
      'PUT /api/manufacturer/own/sso-configs': () => {
        stored = saved;
        return ok(saved);
      },
    });
    renderRoute(<SsoSettingsPage />, { url: PATH, path: PATH });
    const admin = await screen.findByTestId('sso-admin');
    const secret = within(admin).getByLabelText(/^Client secret/) as HTMLInputElement;
    const save = within(admin).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    fireEvent.change(secret, { target: { value: 'a-new-client-secret' } });
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(secret.value).toBe(''));
    await waitFor(() => expect(save.disabled).toBe(true));
  });

  it("refuses to enable a configuration without domain and client id, and shows the server's domain rule", async () => {
    const calls = mockServer({
      'GET /api/manufacturer/own/sso-configs': () => ok(STORED),
      'PUT /api/manufacturer/own/sso-configs': () =>
        problem(400, 'error.sso.domainScheme', {
          params: { host: 'https://' },
          fieldErrors: [{ objectName: 'ssoConfig', field: '[0].domain', message: 'error.sso.domainScheme' }],
        }),
    });
    renderRoute(<SsoSettingsPage />, { url: PATH, path: PATH });
    const pub = await screen.findByTestId('sso-public');
    fireEvent.click(within(pub).getByRole('switch'));
    fireEvent.click(within(pub).getByRole('button', { name: 'Save' }));
    expect(await within(pub).findAllByText(/cannot be empty|required/i)).not.toHaveLength(0);
    expect(calls.filter((c) => c.key === 'PUT /api/manufacturer/own/sso-configs')).toEqual([]);
    fireEvent.change(within(pub).getByLabelText('Domain (issuer URL)'), { target: { value: 'http://idp.example.com' } });
    fireEvent.change(within(pub).getByLabelText('Client ID'), { target: { value: 'site' } });
    fireEvent.click(within(pub).getByRole('button', { name: 'Save' }));
    expect(await within(pub).findByText('SSO domain must start with https://')).toBeTruthy();
  });

  it('"Test sign-in" opens the test in a new tab of this window, and waits while changes are unsaved', async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    mockServer({ 'GET /api/manufacturer/own/sso-configs': () => ok(STORED) });
    renderRoute(<SsoSettingsPage />, { url: PATH, path: PATH });
    const admin = await screen.findByTestId('sso-admin');
    const test = within(admin).getByRole('button', { name: 'Test sign-in' });
    expect(within(screen.getByTestId('sso-public')).queryByRole('button', { name: 'Test sign-in' })).toBeNull();
    fireEvent.click(test);
    expect(open).toHaveBeenCalledWith('/general-settings/manufacturer-sso-settings/test', '_blank');
    fireEvent.change(within(admin).getByLabelText('Client ID'), { target: { value: 'vellum-2' } });
    expect((test as HTMLButtonElement).disabled).toBe(true);
  });
});
