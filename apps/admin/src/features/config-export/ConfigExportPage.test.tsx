import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CONFIG_PARTS } from '@vellum/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadAllTranslations } from '../../i18n';
import { mockServer, ok, problem } from '../../test/fakeServer';
import { cleanupRoute, renderRoute } from '../../test/renderRoute';
import { auth, signedInWith } from '../../test/signedIn';
import { ConfigExportPage } from './ConfigExportPage';

vi.mock('../../platform/auth', () => ({ useAuth: () => auth.current }));

const PATH = '/general-settings/config-export';
const PREVIEW = {
  formatVersion: 1,
  exportedAt: '2026-11-20T10:00:00.000Z',
  softwareVersion: '1.4.0',
  parts: [
    { part: 'businessUnits', added: [], changed: [], unchanged: ['cardiology'], onlyHere: [] },
    { part: 'roles', added: ['Reviewers'], changed: ['Editors'], unchanged: [], onlyHere: ['Local role'] },
    { part: 'userGroups', added: ['Cardiology reviewers'], changed: [], unchanged: ['Cardiology editors'], onlyHere: [] },
    { part: 'productTypes', added: ['cardiology/Pacemakers'], changed: [], unchanged: [], onlyHere: [] },
    { part: 'unitLogos', added: [], changed: [], unchanged: ['cardiology'], onlyHere: [] },
    {
      part: 'websiteTranslations',
      added: [],
      changed: [],
      unchanged: [],
      onlyHere: Array.from({ length: 25 }, (_, i) => `cardiology/en/text.${i}`),
    },
  ],
};
const render = () => renderRoute(<ConfigExportPage />, { url: PATH, path: PATH });
const zip = () => new File([new Uint8Array([80, 75, 5, 6])], 'config.zip', { type: 'application/zip' });
const chooseFile = () => {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [zip()] } });
};

beforeEach(() => signedInWith(['CONFIG_EXPORT']));
afterEach(cleanupRoute);

describe('configuration export', () => {
  it('shows the differences of a chosen file per part, the parts with changes chosen, and applies them after confirmation', async () => {
    const calls = mockServer({
      'POST /api/config-export/preview': () => ok(PREVIEW),
      'POST /api/config-export/apply': (req) =>
        ok({ ...PREVIEW, parts: PREVIEW.parts.filter((p) => (req.query.get('parts') ?? '').split(',').includes(p.part)) }),
    });
    render();
    chooseFile();
    const table = await screen.findByTestId('config-differences');
    const roles = within(table).getByRole('checkbox', { name: 'Roles' }) as HTMLInputElement;
    const units = within(table).getByRole('checkbox', { name: 'Business units' }) as HTMLInputElement;
    expect(roles.checked).toBe(true);
    expect(units.checked).toBe(false);
    expect(units.disabled).toBe(true);
    expect(within(table).getByText('Reviewers')).toBeTruthy();
    expect(within(table).getByText('Local role')).toBeTruthy();
    // every part the server names, with its own label; long lists counted beyond the first 20
    expect(within(table).getByRole('checkbox', { name: 'Product types' })).toBeTruthy();
    expect((within(table).getByRole('checkbox', { name: 'Business unit logos' }) as HTMLInputElement).disabled).toBe(true);
    expect((within(table).getByRole('checkbox', { name: 'Website texts' }) as HTMLInputElement).disabled).toBe(true);
    expect(within(table).getByText(/cardiology\/en\/text\.19 and 5 more$/)).toBeTruthy();
    // user groups and product types left out
    fireEvent.click(within(table).getByRole('checkbox', { name: 'User groups' }));
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Product types' }));
    fireEvent.click(screen.getByRole('button', { name: 'Apply chosen parts' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Roles\. What exists only here/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply chosen parts' }));
    expect(await screen.findByText('Configuration applied')).toBeTruthy();
    expect(screen.getByText('Roles: 1 added, 1 changed.')).toBeTruthy();
    const applied = calls.find((c) => c.key === 'POST /api/config-export/apply');
    expect(applied?.query.get('parts')).toBe('roles');
    expect(applied?.body).toBeInstanceOf(FormData);
  });

  it('says why a file is refused', async () => {
    mockServer({
      'POST /api/config-export/preview': () =>
        problem(400, 'error.configImport.invalidFile', { params: { reason: 'The zip holds no config.json.' } }),
    });
    render();
    chooseFile();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This file is not a configuration export: The zip holds no config.json.');
    expect(screen.queryByTestId('config-differences')).toBeNull();
  });

  it('downloads the export', async () => {
    const calls = mockServer({ 'GET /api/config-export': () => ok({}) });
    const created = vi.fn(() => 'blob:x');
    URL.createObjectURL = created;
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    render();
    fireEvent.click(screen.getByRole('button', { name: 'Export configuration' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'GET /api/config-export')).toBe(true));
    await waitFor(() => expect(created).toHaveBeenCalled());
    expect(click).toHaveBeenCalled();
    click.mockRestore();
  });
});

describe('texts', () => {
  it('every part of the configuration has its label', async () => {
    await loadAllTranslations();
    for (const part of CONFIG_PARTS) expect(i18n.exists(`configExport.parts.${part}`), part).toBe(true);
  });
});
