import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type QualificationDocument, QualificationDocumentErrorKeys } from '@vellum/contract';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadAllTranslations } from '../../i18n';
import { mockServer, ok, problem } from '../../test/fakeServer';
import { FakeXhr } from '../../test/fakeXhr';
import { cleanupRoute, renderRoute } from '../../test/renderRoute';
import { auth, signedInWith } from '../../test/signedIn';
import { qualificationDocumentForm } from './QualificationDocumentForm';
import { QualificationDocumentsPage } from './QualificationDocumentsPage';

vi.mock('../../platform/auth', () => ({ useAuth: () => auth.current }));

const SHA = 'ab'.repeat(32);
const doc = (over: Partial<QualificationDocument> = {}): QualificationDocument => ({
  id: 3,
  kind: 'OQ',
  title: 'Operational qualification',
  version: '2.0',
  approvalDate: '2026-10-01',
  fileName: 'oq.pdf',
  size: 2048,
  sha256: SHA,
  uploadedBy: 'qa@acme.example',
  uploadedDate: '2026-11-20T10:00:00Z',
  ...over,
});
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const pdf = (name = 'iq.pdf', type = 'application/pdf') => new File(['%PDF-1.4\n'], name, { type });
const PAGE = { url: '/general-settings/qualification-documents', path: '/general-settings/qualification-documents' };

const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const choose = (file: File) =>
  fireEvent.change(document.querySelector('input[type="file"]') as HTMLInputElement, { target: { files: [file] } });
async function chooseKind(kind: string) {
  fireEvent.click(screen.getByTestId('qualification-kind'));
  fireEvent.click(await screen.findByRole('option', { name: new RegExp(`^${kind}:`), hidden: true }));
}
const submit = () => fireEvent.click(screen.getByTestId('qualification-upload'));

beforeAll(() => loadAllTranslations());
beforeEach(() => {
  FakeXhr.last = undefined;
  signedInWith({ 0: ['VALIDATION_RECORDS_MANAGE'] });
});
afterEach(() => {
  cleanupRoute();
  vi.unstubAllGlobals();
});

describe('the upload form’s schema (the contract’s fields and the file)', () => {
  const valid = { kind: 'IQ', title: 'IQ', version: '1.0', approvalDate: dayFromToday(0), file: pdf() };
  const messages = (values: Record<string, unknown>) => {
    const parsed = qualificationDocumentForm.safeParse(values);
    return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('takes a PDF with a version of 50 characters approved today', () => {
    expect(messages({ ...valid, version: 'v'.repeat(50) })).toEqual([]);
  });

  it('refuses what the server refuses, with the field’s message', () => {
    expect(messages({ ...valid, kind: '' })).toEqual(['kind: qualificationDocuments.validate.kind']);
    expect(messages({ ...valid, version: ' ' })).toEqual(['version: NotBlank']);
    expect(messages({ ...valid, version: 'v'.repeat(51) })).toEqual(['version: Size']);
    expect(messages({ ...valid, approvalDate: dayFromToday(2) })).toEqual([
      `approvalDate: ${QualificationDocumentErrorKeys.approvalDateInFuture}`,
    ]);
    expect(messages({ ...valid, file: null })).toEqual(['file: qualificationDocuments.validate.fileRequired']);
    expect(messages({ ...valid, file: pdf('notes.txt', 'text/plain') })).toEqual(['file: qualificationDocuments.validate.notPdf']);
  });

  it('has an English text for every message', () => {
    for (const key of [
      QualificationDocumentErrorKeys.approvalDateInFuture,
      'qualificationDocuments.validate.kind',
      'qualificationDocuments.validate.versionSize',
      'qualificationDocuments.validate.fileRequired',
      'qualificationDocuments.validate.notPdf',
      'vellumApp.qualificationDocument.created',
      'vellumApp.qualificationDocument.deleted',
      'shell.menu.qualificationDocuments',
    ])
      expect(i18n.exists(key), key).toBe(true);
  });
});

describe('general settings → qualification documents', () => {
  it('shows the validation messages and sends nothing while the form is not valid', async () => {
    mockServer({ 'GET /api/qualification-documents': () => ok([], { 'x-total-count': '0' }) });
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    renderRoute(<QualificationDocumentsPage />, PAGE);
    expect(await screen.findByText('No qualification documents have been uploaded yet.')).toBeTruthy();
    submit();
    expect(await screen.findByText('Choose IQ, OQ or PQ.')).toBeTruthy();
    expect(screen.getAllByText('Cannot be empty').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByText('Choose the PDF to upload.')).toBeTruthy();
    fill(/^Version/, 'v'.repeat(51));
    fill(/^Approval date/, dayFromToday(3));
    choose(pdf('notes.txt', 'text/plain'));
    submit();
    expect(await screen.findByText('The version may be at most 50 characters.')).toBeTruthy();
    expect(screen.getByText('The approval date cannot be in the future.')).toBeTruthy();
    expect(screen.getByText('Only PDF documents can be uploaded.')).toBeTruthy();
    expect(FakeXhr.last).toBeUndefined();
  });

  it('uploads the fields before the file, and puts the server’s refusal on its field', async () => {
    mockServer({ 'GET /api/qualification-documents': () => ok([], { 'x-total-count': '0' }) });
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    renderRoute(<QualificationDocumentsPage />, PAGE);
    await screen.findByText('No qualification documents have been uploaded yet.');
    await chooseKind('PQ');
    fill(/^Title/, 'Performance qualification');
    fill(/^Version/, '1.0');
    fill(/^Approval date/, dayFromToday(0));
    choose(pdf());
    submit();
    await waitFor(() => expect(FakeXhr.last).toBeDefined());
    const xhr = FakeXhr.last as FakeXhr;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/qualification-documents']);
    const form = xhr.sent as FormData;
    expect([...form.keys()]).toEqual(['kind', 'title', 'version', 'approvalDate', 'file']);
    expect(form.get('kind')).toBe('PQ');
    act(() =>
      xhr.answer(400, {
        status: 400,
        message: QualificationDocumentErrorKeys.approvalDateInFuture,
        fieldErrors: [
          { objectName: 'qualificationDocument', field: 'approvalDate', message: QualificationDocumentErrorKeys.approvalDateInFuture },
        ],
      }),
    );
    expect(await screen.findByText('The approval date cannot be in the future.')).toBeTruthy();
  });

  it('lists the documents with their SHA-256, and deletes one after the confirmation', async () => {
    const calls = mockServer({
      'GET /api/qualification-documents': () =>
        ok([doc(), doc({ id: 4, kind: 'IQ', title: 'Installation qualification' })], { 'x-total-count': '2' }),
      'DELETE /api/qualification-documents/3': () => ok(undefined),
    });
    renderRoute(<QualificationDocumentsPage />, PAGE);
    const table = await screen.findByRole('table', { name: 'Documents' });
    expect(await within(table).findByText('Operational qualification')).toBeTruthy();
    expect(
      within(table)
        .getAllByTestId('qualification-sha256')
        .map((e) => e.textContent),
    ).toEqual([SHA, SHA]);
    // sorted by kind: IQ first
    expect(within(table).getAllByRole('row')[1].textContent).toContain('Installation qualification');
    fireEvent.click(within(table).getByRole('button', { name: 'Delete Operational qualification' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('version 2.0');
    const code = within(dialog).getByTestId('confirmation-code').textContent ?? '';
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: code } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'DELETE /api/qualification-documents/3')).toBe(true));
  });

  it('says so when the list cannot be read', async () => {
    mockServer({ 'GET /api/qualification-documents': () => problem(500, 'error.http.500') });
    renderRoute(<QualificationDocumentsPage />, PAGE);
    expect(await screen.findByRole('button', { name: /Retry|Try again/ })).toBeTruthy();
  });
});
