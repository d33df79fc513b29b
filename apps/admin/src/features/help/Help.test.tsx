import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HelpMessageKeys, type Ticket, TicketErrorKeys } from '@vellum/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { json, mockServer, ok, problem } from '../../test/fakeServer';
import { cleanupRoute, renderRoute } from '../../test/renderRoute';
import { auth, signedInWith } from '../../test/signedIn';
import { HelpPage, openedFrom } from './HelpPage';
import { TicketsPage } from './TicketsPage';

vi.mock('../../platform/auth', () => ({ useAuth: () => auth.current }));

const ticket = (over: Partial<Ticket> = {}): Ticket => ({
  id: 12,
  subject: 'Publish stays grey',
  description: 'Nothing publishes.',
  url: '/my-business-units/1/products',
  ticketType: 'SUPPORT_REQUEST',
  status: 'OPEN',
  requesterId: 3,
  requesterLogin: 'anna@acme.example',
  requesterEmail: 'anna@acme.example',
  businessUnitId: 1,
  createdDate: '2026-11-20T10:00:00Z',
  closedDate: null,
  closedBy: null,
  attachment: null,
  version: 0,
  ...over,
});

beforeEach(() => signedInWith([]));
afterEach(cleanupRoute);

describe('texts', () => {
  it('the help messages, errors and alerts have English texts', async () => {
    const { loadAllTranslations } = await import('../../i18n');
    await loadAllTranslations();
    for (const key of [...Object.values(HelpMessageKeys), ...Object.values(TicketErrorKeys), 'vellumApp.ticket.closed']) {
      expect(i18n.exists(key), key).toBe(true);
    }
    expect(i18n.t(HelpMessageKeys.success)).toBe("Ticket created! We're on it!");
  });
});

describe('the help page', () => {
  it('takes only a page of the admin as where it was opened from', () => {
    expect(openedFrom({ from: '/my-business-units/1/products?page=2' })).toBe('/my-business-units/1/products?page=2');
    expect(openedFrom({ from: '//evil.example' })).toBeUndefined();
    expect(openedFrom({ from: 'https://evil.example' })).toBeUndefined();
    expect(openedFrom({ from: '/help' })).toBeUndefined();
    expect(openedFrom(null)).toBeUndefined();
  });

  it('sends a ticket with the page it was opened from, shows its number, and offers Go Back', async () => {
    const calls = mockServer({
      'GET /api/tickets/own': () => ok([ticket()], { 'x-total-count': '1' }),
      'POST /api/ticket': () => json(201, { ticketCreated: true, ticketId: 42 }),
    });
    const view = renderRoute(<HelpPage />, { url: '/start', path: '/help' });
    await act(() => view.router.navigate('/help', { state: { from: '/my-business-units/1/products' } }));
    expect(await screen.findByText('Publish stays grey')).toBeTruthy();
    expect(screen.getByText('Open')).toBeTruthy();
    expect(screen.getByTestId('help-go-back').getAttribute('href')).toBe('/my-business-units/1/products');
    fireEvent.change(screen.getByLabelText(/Subject/), { target: { value: 'Cannot sign in' } });
    fireEvent.change(screen.getByLabelText(/Description/), { target: { value: 'Since today.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send ticket' }));
    const success = await screen.findByTestId('help-success');
    expect(success.textContent).toContain("Ticket created! We're on it!");
    expect(success.textContent).toContain('#42');
    expect(calls.find((c) => c.key === 'POST /api/ticket')?.body).toEqual({
      data: { subject: 'Cannot sign in', description: 'Since today.', url: '/my-business-units/1/products' },
      ticketType: 'SUPPORT_REQUEST',
    });
  });

  it('has no Go Back when opened directly, and checks the fields before sending', async () => {
    const calls = mockServer({ 'GET /api/tickets/own': () => ok([], { 'x-total-count': '0' }) });
    renderRoute(<HelpPage />, { url: '/help', path: '/help' });
    expect(await screen.findByText('You have not sent a ticket yet.')).toBeTruthy();
    expect(screen.queryByTestId('help-go-back')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Send ticket' }));
    expect(await screen.findByText('Enter a subject.')).toBeTruthy();
    expect(screen.getByText('Describe what happened.')).toBeTruthy();
    expect(calls.some((c) => c.key === 'POST /api/ticket')).toBe(false);
  });

  it('says so when the ticket could not be sent', async () => {
    mockServer({
      'GET /api/tickets/own': () => ok([], { 'x-total-count': '0' }),
      'POST /api/ticket': () => problem(400, 'error.validation'),
    });
    renderRoute(<HelpPage />, { url: '/help', path: '/help' });
    fireEvent.change(await screen.findByLabelText(/Subject/), { target: { value: 'x' } });
    fireEvent.change(screen.getByLabelText(/Description/), { target: { value: 'y' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send ticket' }));
    expect(await screen.findByText('The ticket could not be sent. Please try again.')).toBeTruthy();
    expect(screen.queryByTestId('help-success')).toBeNull();
  });
});

describe('support tickets (QARAD_USER)', () => {
  it('lists open tickets and closes one after the confirmation, with its version', async () => {
    signedInWith(['QARAD_USER']);
    const calls = mockServer({
      'GET /api/tickets': (req) => {
        const rows = req.query.get('status') === 'CLOSED' ? [] : [ticket()];
        return ok(rows, { 'x-total-count': String(rows.length) });
      },
      'PUT /api/tickets/12/close': () => ok(ticket({ status: 'CLOSED', version: 1, closedBy: 'me', closedDate: '2026-11-21T10:00:00Z' })),
    });
    renderRoute(<TicketsPage />, { url: '/general-settings/tickets', path: '/general-settings/tickets' });
    const table = await screen.findByRole('table', { name: 'Support tickets' });
    expect(await within(table).findAllByText('anna@acme.example')).toHaveLength(2);
    expect(calls.find((c) => c.key === 'GET /api/tickets')?.query.get('status')).toBe('OPEN');
    fireEvent.click(within(table).getByRole('button', { name: 'Close ticket #12' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close ticket' }));
    await waitFor(() => expect(calls.find((c) => c.key === 'PUT /api/tickets/12/close')?.body).toEqual({ version: 0 }));
    fireEvent.click(screen.getByRole('radio', { name: 'Closed' }));
    await waitFor(() => expect(calls.at(-1)?.query.get('status')).toBe('CLOSED'));
  });
});
