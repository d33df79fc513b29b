import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AuditChainVerification, AuditLog } from '@vellum/contract';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockServer, ok, onePage } from '../../test/fakeServer';
import { cleanupRoute, renderRoute } from '../../test/renderRoute';
import { auth, signedInWith } from '../../test/signedIn';
import { AuditLogsPage } from './AuditLogsPage';

vi.mock('../../platform/auth', () => ({ useAuth: () => auth.current }));

const PATH = '/my-business-units/:businessUnitId/administration/audit-logs';
const BASE = '/my-business-units/1/administration/audit-logs';

const entry: AuditLog = {
  id: 11,
  at: '2026-11-20T10:00:00Z',
  userId: 2,
  login: 'alice@example.com',
  businessUnitId: 1,
  entityName: 'product',
  entityId: '5',
  entityLabel: 'KC-5',
  action: 'UPDATE',
  category: 'general',
  changes: null,
};

function server(verification: AuditChainVerification) {
  return mockServer({
    'GET /api/audit-logs': () => onePage([entry]),
    'GET /api/audit-logs/verify': () => ok(verification),
    'GET /api/audit-logs/export': () => ok('Seq,Id\r\n', { 'content-type': 'text/csv' }),
  });
}

beforeAll(async () => {
  const { loadAllTranslations } = await import('../../i18n');
  await loadAllTranslations();
});
afterEach(cleanupRoute);

describe('audit logs → the tamper-evident chain', () => {
  it('verifies the chain on request and says it is intact, with the number of entries checked', async () => {
    signedInWith(['AUDIT_LOG_ALL_READ']);
    const calls = server({ valid: true, checked: 1234 });
    renderRoute(<AuditLogsPage />, { url: BASE, path: PATH });
    expect(await screen.findByText(/Verify recomputes the whole chain/)).toBeTruthy();
    expect(calls.some((c) => c.key === 'GET /api/audit-logs/verify')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Audit trail verified: intact')).toBeTruthy();
    expect(screen.getByText('1234 entries checked; none was changed or removed.')).toBeTruthy();
    expect(calls.find((c) => c.key === 'GET /api/audit-logs/verify')?.query.get('business-unit')).toBe('1');
    expect(screen.getByRole('button', { name: 'Verify again' })).toBeTruthy();
  });

  it('names the first entry that does not match when the chain is broken', async () => {
    signedInWith(['AUDIT_LOG_ALL_READ']);
    server({ valid: false, checked: 2, firstInvalid: { id: 41, seq: 3, reason: 'hash' } });
    renderRoute(<AuditLogsPage />, { url: BASE, path: PATH });
    fireEvent.click(await screen.findByRole('button', { name: 'Verify' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Audit trail broken at entry 3');
    expect(alert.textContent).toContain('Entry 41 was changed after it was written');
    expect(alert.textContent).toContain('2 entries matched before it.');
  });

  it('offers no verification to a reader of the publish entries only', async () => {
    signedInWith(['AUDIT_LOG_PUBLISH_READ']);
    server({ valid: true, checked: 1 });
    renderRoute(<AuditLogsPage />, { url: BASE, path: PATH });
    await screen.findByRole('table', { name: 'Audit logs' });
    expect(screen.queryByTestId('audit-chain')).toBeNull();
  });
});

describe('audit logs → CSV export', () => {
  it('downloads the log with the filters shown', async () => {
    signedInWith(['AUDIT_LOG_PUBLISH_READ']);
    const calls = server({ valid: true, checked: 1 });
    URL.createObjectURL = vi.fn(() => 'blob:csv');
    URL.revokeObjectURL = vi.fn();
    renderRoute(<AuditLogsPage />, { url: `${BASE}?action=UPDATE&from=2026-11-01`, path: PATH });
    await screen.findByRole('table', { name: 'Audit logs' });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'GET /api/audit-logs/export')).toBe(true));
    const query = calls.find((c) => c.key === 'GET /api/audit-logs/export')?.query;
    expect(query?.get('business-unit')).toBe('1');
    expect(query?.get('action')).toBe('UPDATE');
    expect(query?.get('from')).toBe('2026-11-01');
    expect(query?.has('page')).toBe(false);
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
  });
});
