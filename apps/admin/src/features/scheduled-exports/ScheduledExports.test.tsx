import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ScheduledExport } from '@vellum/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockServer, ok, problem } from '../../test/fakeServer';
import { renderRoute } from '../../test/renderRoute';
import { auth, signedInWith } from '../../test/signedIn';
import { ScheduledDownloadPage } from './ScheduledDownloadPage';
import { ScheduledExportsRoutes } from './ScheduledExportsRoutes';
import { browserTimeZone } from './scheduleForm';

vi.mock('../../platform/auth', () => ({ useAuth: () => auth.current }));

const PATH = '/my-business-units/:businessUnitId/administration/scheduled-exports/*';
const BASE = '/my-business-units/1/administration/scheduled-exports';

const weekly: ScheduledExport = {
  id: 3,
  businessUnitId: 1,
  entity: 'PRODUCT',
  productTypeId: 7,
  productTypeName: 'Catheters',
  fileFormat: 'XLS',
  frequency: 'WEEKLY',
  dayOfWeek: 3,
  dayOfMonth: null,
  hour: 6,
  timeZone: 'UTC',
  recipients: ['erp@example.com', 'quality@example.com'],
  active: true,
  createdBy: 'planner',
  lastRunAt: null,
  nextRunAt: '2030-01-09T06:00:00.000Z',
  version: 2,
};
const paused: ScheduledExport = { ...weekly, id: 4, productTypeId: 8, productTypeName: 'Bandages', active: false, nextRunAt: null };
const documents: ScheduledExport = {
  ...weekly,
  id: 5,
  entity: 'DOCUMENT',
  productTypeId: null,
  productTypeName: null,
  frequency: 'DAILY',
  dayOfWeek: null,
  hour: 2,
  timeZone: 'Europe/Brussels',
  nextRunAt: '2030-03-31T01:00:00.000Z',
};

function server(list: ScheduledExport[] = [weekly, paused], total = list.length) {
  return mockServer({
    'GET /api/scheduled-exports': () => ok(list, { 'x-total-count': String(total) }),
    'GET /api/scheduled-exports/3': () => ok(weekly),
    'GET /api/product-types': () =>
      ok([
        { id: 7, name: 'Catheters' },
        { id: 9, name: 'Needles' },
      ]),
    'POST /api/scheduled-exports': (req) => json(201, { ...weekly, id: 11, ...(req.body as object) }),
    'PUT /api/scheduled-exports/3': (req) => ok({ ...weekly, ...(req.body as object), version: 3 }),
    'DELETE /api/scheduled-exports/3': () => json(204),
  });
}

const location = () => screen.getByTestId('location').textContent ?? '';
const save = () => screen.getByRole('button', { name: 'Save' });

beforeEach(() => {
  signedInWith(['SCHEDULED_EXPORT_MANAGE']);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('scheduled exports list', () => {
  it('shows each schedule in words with its next run, or paused; asks the server for a page, sorted', async () => {
    const calls = server([weekly, paused], 25);
    renderRoute(<ScheduledExportsRoutes />, { url: BASE, path: PATH });
    const row = (await screen.findByRole('link', { name: 'Catheters' })).closest('tr') as HTMLElement;
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 4)).toEqual(['Catheters', 'XLS', 'Weekly on Wednesday at 06:00 UTC', 'erp@example.com, quality@example.com']);
    expect(cells[4]).toContain('UTC');
    expect(cells[5]).toBe('Never');
    const pausedRow = screen.getByRole('link', { name: 'Bandages' }).closest('tr') as HTMLElement;
    expect(within(pausedRow).getByText('Paused')).toBeTruthy();
    const list = calls.find((c) => c.key === 'GET /api/scheduled-exports');
    expect(list?.query.get('business-unit')).toBe('1');
    expect(list?.query.get('sort')).toBe('productTypeName,asc');
    expect(list?.query.get('page')).toBe('0');
    // 25 schedules: three pages of 10
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeTruthy();
    cleanup();
    const again = server([paused], 25);
    renderRoute(<ScheduledExportsRoutes />, { url: `${BASE}?page=2&sort=nextRunAt,desc`, path: PATH });
    await screen.findByRole('link', { name: 'Bandages' });
    const third = again.find((c) => c.key === 'GET /api/scheduled-exports');
    expect(third?.query.get('page')).toBe('2');
    expect(third?.query.get('sort')).toBe('nextRunAt,desc');
  });

  it("shows a schedule of the unit's documents, its hour and next run on its zone's clocks", async () => {
    server([documents]);
    renderRoute(<ScheduledExportsRoutes />, { url: BASE, path: PATH });
    const row = (await screen.findByRole('link', { name: "The business unit's documents" })).closest('tr') as HTMLElement;
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells[2]).toBe('Daily at 02:00 Europe/Brussels');
    // 01:00 UTC on the spring-forward day is 03:00 in Brussels
    expect(cells[4]).toBe('31 Mar 2030, 03:00 Europe/Brussels');
  });

  it('says when there is none, and when the list cannot be read (with a retry)', async () => {
    server([]);
    renderRoute(<ScheduledExportsRoutes />, { url: BASE, path: PATH });
    expect(await screen.findByText('No scheduled exports yet.')).toBeTruthy();
    cleanup();
    mockServer({ 'GET /api/scheduled-exports': () => problem(500, 'error.http.500') });
    renderRoute(<ScheduledExportsRoutes />, { url: BASE, path: PATH });
    expect(await screen.findByRole('button', { name: /retry/i })).toBeTruthy();
  });

  it('deletes a schedule only after the confirmation', async () => {
    const calls = server();
    renderRoute(<ScheduledExportsRoutes />, { url: BASE, path: PATH });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Catheters' }));
    const code = (await screen.findByTestId('confirmation-code')).textContent ?? '';
    expect(screen.getByText('Delete the scheduled export of Catheters? No further exports will be made or mailed.')).toBeTruthy();
    expect(calls.some((c) => c.key === 'DELETE /api/scheduled-exports/3')).toBe(false);
    fireEvent.change(screen.getByLabelText('Confirmation code'), { target: { value: code } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'DELETE /api/scheduled-exports/3')).toBe(true));
  });
});

/** Types an address into the recipients' box and accepts it as Enter does. */
const recipientsInput = () => screen.getAllByLabelText(/^Recipients/).find((el) => el.tagName === 'INPUT') as HTMLInputElement;
function addRecipient(address: string) {
  const input = recipientsInput();
  act(() => input.focus());
  fireEvent.change(input, { target: { value: address } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

describe('scheduled export form', () => {
  it('creates one: product type and an address required, the day field follows the frequency', async () => {
    const calls = server();
    renderRoute(<ScheduledExportsRoutes />, { url: `${BASE}/new`, path: PATH });
    await screen.findByTestId('scheduled-export-form');
    await screen.findByRole('option', { name: 'Needles' });
    // no day field for a daily export
    expect(screen.queryByLabelText(/^Day of the week/)).toBeNull();
    fireEvent.change(screen.getByLabelText(/^Frequency/), { target: { value: 'WEEKLY' } });
    fireEvent.click(save());
    expect(await screen.findAllByText('Cannot be empty')).toHaveLength(2);
    expect(calls.some((c) => c.key === 'POST /api/scheduled-exports')).toBe(false);

    fireEvent.change(screen.getByLabelText(/^Product type/), { target: { value: '9' } });
    fireEvent.change(screen.getByLabelText(/^Day of the week/), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText(/^Hour/), { target: { value: '23' } });
    fireEvent.change(screen.getByLabelText(/^File format/), { target: { value: 'ODS' } });
    fireEvent.change(screen.getByLabelText(/^Time zone/), { target: { value: 'Europe/Brussels' } });
    addRecipient('not-an-address');
    fireEvent.click(save());
    expect(await screen.findByText('not-an-address: Invalid e-mail address')).toBeTruthy();
    expect(calls.some((c) => c.key === 'POST /api/scheduled-exports')).toBe(false);

    // Backspace in the empty box takes the last address off
    fireEvent.keyDown(recipientsInput(), { key: 'Backspace' });
    addRecipient('ERP@example.com');
    fireEvent.click(save());
    await waitFor(() => expect(location()).toBe(BASE));
    expect(calls.find((c) => c.key === 'POST /api/scheduled-exports')?.body).toEqual({
      businessUnitId: 1,
      entity: 'PRODUCT',
      productTypeId: 9,
      fileFormat: 'ODS',
      frequency: 'WEEKLY',
      dayOfWeek: 5,
      dayOfMonth: null,
      hour: 23,
      timeZone: 'Europe/Brussels',
      recipients: ['erp@example.com'],
      active: true,
    });
  }, 15_000);

  it("schedules the unit's documents: no product type, the browser's time zone offered", async () => {
    const calls = server();
    renderRoute(<ScheduledExportsRoutes />, { url: `${BASE}/new`, path: PATH });
    await screen.findByTestId('scheduled-export-form');
    expect((screen.getByLabelText(/^Time zone/) as HTMLSelectElement).value).toBe(browserTimeZone());
    fireEvent.change(screen.getByLabelText(/^Export of/), { target: { value: 'DOCUMENT' } });
    expect(screen.queryByLabelText(/^Product type/)).toBeNull();
    fireEvent.change(screen.getByLabelText(/^Time zone/), { target: { value: 'Asia/Tokyo' } });
    addRecipient('docs@example.com');
    fireEvent.click(save());
    await waitFor(() => expect(location()).toBe(BASE));
    expect(calls.find((c) => c.key === 'POST /api/scheduled-exports')?.body).toMatchObject({
      entity: 'DOCUMENT',
      productTypeId: null,
      timeZone: 'Asia/Tokyo',
      recipients: ['docs@example.com'],
    });
  });

  it('edits one with its version; the server’s "exists" lands on the product type', async () => {
    const calls = mockServer({
      'GET /api/scheduled-exports/3': () => ok(weekly),
      'GET /api/product-types': () => ok([{ id: 7, name: 'Catheters' }]),
      'PUT /api/scheduled-exports/3': () =>
        problem(400, 'error.scheduledExport.exists', {
          fieldErrors: [{ objectName: 'scheduledExport', field: 'productTypeId', message: 'error.scheduledExport.exists' }],
        }),
    });
    renderRoute(<ScheduledExportsRoutes />, { url: `${BASE}/3`, path: PATH });
    await screen.findByTestId('scheduled-export-form');
    expect(screen.getByText(/^Next run: /)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Frequency/), { target: { value: 'MONTHLY' } });
    expect((screen.getByLabelText(/^Day of the month/) as HTMLSelectElement).value).toBe('1');
    fireEvent.click(save());
    expect(
      await screen.findByText(
        'This already has a scheduled export in the business unit (one per product type, one for the documents): edit that one.',
      ),
    ).toBeTruthy();
    expect(calls.find((c) => c.key === 'PUT /api/scheduled-exports/3')?.body).toMatchObject({
      id: 3,
      version: 2,
      frequency: 'MONTHLY',
      dayOfMonth: 1,
      dayOfWeek: null,
      recipients: ['erp@example.com', 'quality@example.com'],
    });
    expect(location()).toBe(`${BASE}/3`);
  });

  it('deletes from the form after the confirmation', async () => {
    const calls = server();
    renderRoute(<ScheduledExportsRoutes />, { url: `${BASE}/3`, path: PATH });
    await screen.findByTestId('scheduled-export-form');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const code = (await screen.findByTestId('confirmation-code')).textContent ?? '';
    fireEvent.change(screen.getByLabelText('Confirmation code'), { target: { value: code } });
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(location()).toBe(BASE));
    expect(calls.some((c) => c.key === 'DELETE /api/scheduled-exports/3')).toBe(true);
  });
});

describe('run now', () => {
  it('makes the export now from the form of a saved schedule, not while it has unsaved changes', async () => {
    const calls = mockServer({
      'GET /api/scheduled-exports/3': () => ok(weekly),
      'GET /api/product-types': () => ok([{ id: 7, name: 'Catheters' }]),
      'POST /api/scheduled-exports/3/run': () => json(202, { id: 40 }),
    });
    renderRoute(<ScheduledExportsRoutes />, { url: `${BASE}/3`, path: PATH });
    await screen.findByTestId('scheduled-export-form');
    const run = screen.getByRole('button', { name: 'Run now' }) as HTMLButtonElement;
    fireEvent.change(screen.getByLabelText(/^Hour/), { target: { value: '9' } });
    expect(run.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/^Hour/), { target: { value: '6' } });
    await waitFor(() => expect(run.disabled).toBe(false));
    fireEvent.click(run);
    await waitFor(() => expect(calls.filter((c) => c.key === 'POST /api/scheduled-exports/3/run')).toHaveLength(1));
  });

  it('is not offered for a new schedule', async () => {
    server();
    renderRoute(<ScheduledExportsRoutes />, { url: `${BASE}/new`, path: PATH });
    await screen.findByTestId('scheduled-export-form');
    expect(screen.queryByRole('button', { name: 'Run now' })).toBeNull();
  });
});

describe("the recipient's download page", () => {
  const DOWNLOAD = '/scheduled-exports/downloads/:id';

  it('downloads the zip with the token of the link', async () => {
    const calls = mockServer({ 'GET /api/scheduled-exports/downloads/5': () => ok({}) });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    renderRoute(<ScheduledDownloadPage />, { url: '/scheduled-exports/downloads/5?token=abc.def', path: DOWNLOAD });
    fireEvent.click(await screen.findByRole('button', { name: 'Download the export' }));
    expect(await screen.findByText('The download has started.')).toBeTruthy();
    expect(calls.find((c) => c.key === 'GET /api/scheduled-exports/downloads/5')?.query.get('token')).toBe('abc.def');
  });

  it('says on the page why a link does not download: not valid for this user, or its export gone', async () => {
    mockServer({ 'GET /api/scheduled-exports/downloads/5': () => problem(403, 'error.scheduledExport.downloadLinkInvalid') });
    renderRoute(<ScheduledDownloadPage />, { url: '/scheduled-exports/downloads/5?token=abc.def', path: DOWNLOAD });
    fireEvent.click(await screen.findByRole('button', { name: 'Download the export' }));
    const alert = await screen.findByTestId('scheduled-download-error');
    expect(alert.textContent).toContain('The export cannot be downloaded');
    expect(alert.textContent).toContain('This download link is not valid');
    cleanup();
    renderRoute(<ScheduledDownloadPage />, { url: '/scheduled-exports/downloads/5', path: DOWNLOAD });
    expect(await screen.findByText('This link is incomplete: open the link of the e-mail as it was sent.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download the export' })).toBeNull();
  });
});
