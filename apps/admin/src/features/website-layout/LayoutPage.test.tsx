import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockServer, ok, problem } from '../../test/fakeServer';
import { FakeXhr } from '../../test/fakeXhr';
import { renderRoute } from '../../test/renderRoute';
import { auth, signedInWith } from '../../test/signedIn';
import { LayoutPage, lowContrast } from './LayoutPage';
import { PublicResourcesPage } from './PublicResourcesPage';

vi.mock('../../app/auth', () => ({ useAuth: () => auth.current }));

const LAYOUT_PATH = '/my-business-units/:businessUnitId/website-configuration/layout';
const RESOURCES_PATH = '/my-business-units/:businessUnitId/website-configuration/public-resources';

const layout = {
  id: 1,
  logoUrl: null,
  mainColor: null,
  highlightColor: '#fde047',
  lightHeaderText: false,
  headerTextTitle: null,
  headerTextBody: null,
  oneColumnLayout: false,
  version: 2,
  inherited: { mainColor: true, highlightColor: false, lightHeaderText: true, logo: true, footerItems: true, contentBlocks: true },
  effective: {
    mainColor: '#112233',
    highlightColor: '#fde047',
    lightHeaderText: true,
    logoUrl: null,
    footerItems: [{ id: 7, businessUnitId: 0, text: 'Manufacturer imprint', publicUrl: 'https://m.example', visualizationOrder: 1 }],
    contentBlocks: [],
  },
};

function server() {
  return mockServer({
    'GET /api/business-units/1/layout': () => ok(layout),
    'GET /api/business-units/1/css': () => ok({ content: '.a { color: red }' }),
    'GET /api/footer-items': () => ok([]),
    'GET /api/content-blocks': () => ok([]),
    'PUT /api/business-units/layout': (req) => ok({ ...layout, ...(req.body as object), version: 3 }),
    'PUT /api/footer-items': (req) => ok(req.body),
    'PUT /api/business-units/1/css': () => problem(400, 'error.css.forbidden', { params: { line: 1, column: 1, construct: '@import' } }),
    'GET /api/public-resources': () =>
      ok([
        {
          id: 4,
          businessUnitId: 1,
          name: 'logo.png',
          mediaType: 'image/png',
          size: 2048,
          sha256: 'a'.repeat(64),
          createdDate: '2026-01-01T00:00:00Z',
          url: '/api/business-units/1/resources/logo.png',
          cssReference: 'url(resources/logo.png)',
        },
      ]),
    'DELETE /api/public-resources/4': () => ({ status: 204 }),
  });
}

beforeEach(() => {
  signedInWith(['LAYOUT_MANAGE']);
  window.localStorage.setItem('vellum-skip-confirmation', 'true');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('header contrast', () => {
  it('warns below 4.5:1 only', () => {
    expect(lowContrast('#000000', true)).toBe(false);
    expect(lowContrast('#000', false)).toBe(true);
    expect(lowContrast('#fde047', true)).toBe(true);
    expect(lowContrast('#fde047', false)).toBe(false);
    expect(lowContrast(null, true)).toBe(false);
  });
});

describe('layout page', () => {
  it('shows inherited values and redraws the preview as the colours change', async () => {
    const calls = server();
    renderRoute(<LayoutPage />, { url: '/my-business-units/1/website-configuration/layout', path: LAYOUT_PATH });
    const header = await screen.findByTestId('preview-header');
    // the manufacturer's colour and footer while the unit sets none
    expect(header.style.background).toBe('rgb(17, 34, 51)');
    expect(within(screen.getByTestId('preview-footer')).getByText('Manufacturer imprint')).toBeTruthy();
    expect(screen.getAllByText('Inherited').length).toBeGreaterThan(0);

    fireEvent.change(screen.getByRole('textbox', { name: /Main colour/ }), { target: { value: '#ff0000' } });
    await waitFor(() => expect(screen.getByTestId('preview-header').style.background).toBe('rgb(255, 0, 0)'));
    fireEvent.change(screen.getByRole('textbox', { name: /Main colour/ }), { target: { value: 'red' } });
    expect(await screen.findByText('Invalid HEX color')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /Main colour/ }), { target: { value: '#00ff00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save colours' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'PUT /api/business-units/layout')).toBe(true));
    expect(calls.find((c) => c.key === 'PUT /api/business-units/layout')?.body).toMatchObject({ id: 1, version: 2, mainColor: '#00ff00' });
  });

  it('edits the footer with URL checks and shows a refused CSS at its line', async () => {
    const calls = server();
    renderRoute(<LayoutPage />, { url: '/my-business-units/1/website-configuration/layout', path: LAYOUT_PATH });
    fireEvent.click(await screen.findByRole('button', { name: 'Add footer item' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Text 1' }), { target: { value: 'Imprint' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Public URL 1' }), { target: { value: 'not a url' } });
    expect(await screen.findByText('Not a valid URL')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save footer' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: 'Public URL 1' }), { target: { value: 'https://example.com/imprint' } });
    expect(within(screen.getByTestId('preview-footer')).getByText('Imprint')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save footer' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'PUT /api/footer-items')).toBe(true));
    expect(calls.find((c) => c.key === 'PUT /api/footer-items')?.body).toEqual([
      { businessUnitId: 1, text: 'Imprint', publicUrl: 'https://example.com/imprint', visualizationOrder: 1 },
    ]);

    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Custom CSS' }) as HTMLTextAreaElement).value).toBe('.a { color: red }'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save CSS' }));
    expect(await screen.findByText(/Line 1, column 1: @import is not allowed/)).toBeTruthy();
  });
});

describe('content blocks per product type', () => {
  it("edits a product type's own header and footer beside the general blocks and saves them all", async () => {
    const general = {
      id: 1,
      businessUnitId: 1,
      type: 'PRODUCT_TYPE_SELECTION_HEADER',
      productTypeId: null,
      hcp: true,
      patient: true,
      content: '<p>Pick one</p>',
    };
    const own = {
      id: 2,
      businessUnitId: 1,
      type: 'PRODUCT_TYPE_HEADER',
      productTypeId: 5,
      hcp: true,
      patient: true,
      content: '<p>Catheter header</p>',
    };
    const calls = mockServer({
      'GET /api/business-units/1/layout': () => ok(layout),
      'GET /api/business-units/1/css': () => ok({ content: '' }),
      'GET /api/footer-items': () => ok([]),
      'GET /api/content-blocks': () => ok([general, own]),
      'GET /api/product-types': () =>
        ok([
          { id: 5, name: 'Catheters' },
          { id: 6, name: 'Stents' },
        ]),
      'PUT /api/content-blocks': (req) => ok(req.body),
    });
    renderRoute(<LayoutPage />, { url: '/my-business-units/1/website-configuration/layout', path: LAYOUT_PATH });
    expect(await screen.findByText('Above the product type selection')).toBeTruthy();
    fireEvent.click((await screen.findAllByLabelText('Content blocks for'))[0]);
    fireEvent.click(await screen.findByRole('option', { name: 'Catheters (own blocks)', hidden: true }));
    await waitFor(() => expect(screen.queryByText('Above the product type selection')).toBeNull());
    expect(screen.getByText('Header of every product type page')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Header of every product type page: Patients' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save content blocks' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'PUT /api/content-blocks')).toBe(true));
    const body = calls.find((c) => c.key === 'PUT /api/content-blocks')?.body as Array<Record<string, unknown>>;
    expect(body).toHaveLength(2);
    expect(body).toContainEqual(expect.objectContaining({ id: 1, type: 'PRODUCT_TYPE_SELECTION_HEADER', productTypeId: null }));
    expect(body).toContainEqual(
      expect.objectContaining({ id: 2, type: 'PRODUCT_TYPE_HEADER', productTypeId: 5, patient: false, hcp: true }),
    );
  });
});

describe('public resources page', () => {
  it('lists resources with their CSS reference and deletes one', async () => {
    const calls = server();
    renderRoute(<PublicResourcesPage />, { url: '/my-business-units/1/website-configuration/public-resources', path: RESOURCES_PATH });
    expect(await screen.findByText('logo.png')).toBeTruthy();
    expect(screen.getByText('url(resources/logo.png)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete logo.png' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'DELETE /api/public-resources/4')).toBe(true));
  });

  it('uploads a resource with its name and a progress bar, and can cancel it', async () => {
    server();
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    renderRoute(<PublicResourcesPage />, { url: '/my-business-units/1/website-configuration/public-resources', path: RESOURCES_PATH });
    await screen.findByText('logo.png');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    const font = new File([new Uint8Array(2000)], 'brand font.woff2', { type: 'font/woff2' });
    fireEvent.change(input, { target: { files: [font] } });
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('brand-font.woff2');
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(FakeXhr.last).toBeDefined());
    const xhr = FakeXhr.last as FakeXhr;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/public-resources?business-unit=1']);
    const sent = xhr.sent as FormData;
    expect(sent.get('name')).toBe('brand-font.woff2');
    expect([...sent.keys()]).toEqual(['name', 'file']);
    act(() => xhr.progress(500, 2000));
    expect((await screen.findByRole('progressbar', { name: 'Upload progress' })).getAttribute('aria-valuenow')).toBe('25');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(xhr.aborted).toBe(true);
    expect(await screen.findByText('The upload was cancelled; nothing was stored.')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
