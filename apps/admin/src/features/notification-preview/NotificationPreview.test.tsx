import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockServer, ok, problem } from '../../test/fakeServer';
import { cleanupRoute, renderRoute } from '../../test/renderRoute';
import { auth, signedInWith } from '../../test/signedIn';
import { NotificationPreviewPage } from './NotificationPreviewPage';

vi.mock('../../platform/auth', () => ({ useAuth: () => auth.current }));

const PATH = '/general-settings/notification-preview';
const KINDS = {
  kinds: [
    { key: 'password-reset', name: 'Password reset', description: 'To a user who asked.', translated: false },
    { key: 'restricted-document-link', name: 'Restricted-document link', description: 'To a visitor.', translated: true },
    { key: 'ticket-attachment', name: 'Ticket attachment', description: 'To support.', translated: true },
  ],
  languages: ['en', 'fr'],
};
const render = () => renderRoute(<NotificationPreviewPage />, { url: PATH, path: PATH });

beforeEach(() => signedInWith(['MANUFACTURER_MANAGE']));
afterEach(cleanupRoute);

describe('notification preview', () => {
  it('shows the first e-mail rendered, its HTML in a sandboxed frame, and sends it on request', async () => {
    const calls = mockServer({
      'GET /api/notification-preview': () => ok(KINDS),
      'GET /api/notification-preview/password-reset': (req) =>
        ok({
          kind: 'password-reset',
          language: req.query.get('language'),
          subject: 'Vellum password reset',
          html: '<p>A password reset was requested.</p>',
          text: 'A password reset was requested.\n',
          attachments: [],
        }),
      'GET /api/notification-preview/restricted-document-link': (req) =>
        ok({
          kind: 'restricted-document-link',
          language: req.query.get('language'),
          subject: 'Your link to the restricted documents',
          html: null,
          text: 'Open this link.\n',
          attachments: [],
        }),
      'POST /api/notification-preview/password-reset/send': () => ok({ to: 'me@example.com' }),
    });
    render();
    expect((await screen.findByTestId('notification-subject')).textContent).toBe('Vellum password reset');
    const frame = screen.getByTitle("The e-mail's HTML version") as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe('<p>A password reset was requested.</p>');
    expect(screen.getByTestId('notification-text-body').textContent).toBe('A password reset was requested.\n');
    expect(screen.getByText('Sent in English')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Send to me' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /api/notification-preview/password-reset/send')).toBe(true));
    expect(calls.find((c) => c.key.endsWith('/send'))?.query.get('language')).toBe('en');

    fireEvent.click(screen.getByRole('button', { name: 'Restricted-document link' }));
    expect(await screen.findByText('This e-mail is sent as plain text only.')).toBeTruthy();
    expect(screen.queryByTitle("The e-mail's HTML version")).toBeNull();
    expect(screen.queryByTestId('notification-attachments')).toBeNull();
  });

  it('names the files a mail carries, and sends it with them on request', async () => {
    const calls = mockServer({
      'GET /api/notification-preview': () => ok({ ...KINDS, kinds: [KINDS.kinds[2]] }),
      'GET /api/notification-preview/ticket-attachment': (req) =>
        ok({
          kind: 'ticket-attachment',
          language: req.query.get('language'),
          subject: '[Vellum ticket #17] Attachment: publish-button.png',
          html: null,
          text: 'The attachment of ticket #17.\n',
          attachments: [{ fileName: 'publish-button.png', contentType: 'image/png', size: 1074 }],
        }),
      'POST /api/notification-preview/ticket-attachment/send': () => ok({ to: 'me@example.com' }),
    });
    render();
    const list = await screen.findByTestId('notification-attachments');
    expect(screen.getByRole('heading', { name: 'Attachments' })).toBeTruthy();
    expect(list.textContent).toBe('publish-button.png (image/png, 1,074 bytes)');
    expect(screen.getByText("A sample file stands for the user's own; Send to me attaches it.")).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send to me' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /api/notification-preview/ticket-attachment/send')).toBe(true));
  });

  it('says so when there is nothing to preview, and when the list fails', async () => {
    mockServer({ 'GET /api/notification-preview': () => ok({ kinds: [], languages: ['en'] }) });
    render();
    expect(await screen.findByText('There is no e-mail to preview.')).toBeTruthy();
    cleanupRoute();
    mockServer({ 'GET /api/notification-preview': () => problem(500, 'error.http.500') });
    render();
    expect(await screen.findByRole('alert')).toBeTruthy();
  });
});
