import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ShellFooter } from '../../app/shell/ShellFooter';
import { AdministrationMenu } from '../../app/shell/ShellMenus';
import { mockServer, ok, problem } from '../../test/fakeServer';
import { cleanupRoute, renderRoute } from '../../test/renderRoute';
import { auth, signedInWith } from '../../test/signedIn';

vi.mock('../../platform/auth', () => ({ useAuth: () => auth.current }));

const TOKEN = 'A'.repeat(43);
const server = (active: boolean, link = () => ok({ redirectUrl: 'http://localhost:8080/validation-records', token: TOKEN })) =>
  mockServer({
    'GET /management/info': () => ok({ name: 'Vellum', version: '1.4.0' }),
    'GET /api/manufacturer/own/features': () => ok({ validationRecordsActive: active }),
    'GET /api/account/validation-records': link,
  });

let tab: { opener: unknown; location: { href: string }; close: ReturnType<typeof vi.fn> };
beforeEach(() => {
  tab = { opener: {}, location: { href: '' }, close: vi.fn() };
  vi.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
});
afterEach(() => {
  cleanupRoute();
  vi.restoreAllMocks();
});

// the shell's queries settle first: generous limits on a busy machine
const SLOW = { timeout: 30_000 };

describe('the footer (spec 000 §2)', SLOW, () => {
  it('names the running version, linking to the release notes', async () => {
    server(false);
    signedInWith({ 0: [] });
    renderRoute(<ShellFooter />, { url: '/my-business-units', path: '/my-business-units' });
    const version = await screen.findByRole('link', { name: 'Vellum 1.4.0' }, { timeout: 10_000 });
    expect(version.getAttribute('href')).toBe('/general-settings/release-notes');
    expect(screen.queryByTestId('footer-validation-records')).toBeNull();
  });

  it('shows validation records while active, for a user who may open them, in a new tab with the one-time token', async () => {
    server(true);
    signedInWith({ 0: ['VALIDATION_RECORDS_MANAGE'] });
    renderRoute(<ShellFooter />, { url: '/my-business-units', path: '/my-business-units' });
    fireEvent.click(await screen.findByRole('button', { name: 'Validation records (opens in a new tab)' }, { timeout: 10_000 }));
    expect(window.open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(tab.location.href).toBe(`http://localhost:8080/validation-records?id-token=${TOKEN}`), { timeout: 10_000 });
    expect(tab.opener).toBeNull();
  });

  it('hides validation records from a user without VALIDATION_RECORDS_MANAGE', async () => {
    server(true);
    signedInWith({ 0: ['MANUFACTURER_READ'] });
    renderRoute(<ShellFooter />, { url: '/my-business-units', path: '/my-business-units' });
    await screen.findByRole('link', { name: 'Vellum 1.4.0' }, { timeout: 10_000 });
    expect(screen.queryByTestId('footer-validation-records')).toBeNull();
  });

  it('closes the new tab again when the server refuses', async () => {
    server(true, () => problem(403, 'error.validationRecords.inactive'));
    signedInWith({ 0: ['VALIDATION_RECORDS_MANAGE'] });
    renderRoute(<ShellFooter />, { url: '/my-business-units', path: '/my-business-units' });
    fireEvent.click(await screen.findByTestId('footer-validation-records', undefined, { timeout: 10_000 }));
    await waitFor(() => expect(tab.close).toHaveBeenCalled(), { timeout: 10_000 });
  });
});

describe('administration → validation records', SLOW, () => {
  it('is an entry of the unit’s administration menu while active', async () => {
    server(true);
    signedInWith({ 0: ['VALIDATION_RECORDS_MANAGE'] });
    renderRoute(<AdministrationMenu />, { url: '/my-business-units/1', path: '/my-business-units/:id' });
    fireEvent.click(await screen.findByTestId('menu-administration', undefined, { timeout: 10_000 }));
    fireEvent.click(await screen.findByTestId('menu-validation-records', undefined, { timeout: 10_000 }));
    await waitFor(() => expect(tab.location.href).toContain('/validation-records?id-token='), { timeout: 10_000 });
  });

  it('is absent while the feature is off', async () => {
    const calls = server(false);
    signedInWith({ 0: ['VALIDATION_RECORDS_MANAGE', 'AUDIT_LOG_ALL_READ'] });
    renderRoute(<AdministrationMenu />, { url: '/my-business-units/1', path: '/my-business-units/:id' });
    await waitFor(() => expect(calls.some((c) => c.key === 'GET /api/manufacturer/own/features')).toBe(true), { timeout: 10_000 });
    const button = screen.queryByTestId('menu-administration');
    if (button) {
      fireEvent.click(button);
      await screen.findByRole('menu');
    }
    expect(screen.queryByTestId('menu-validation-records')).toBeNull();
  });
});
