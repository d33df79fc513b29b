import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToken, storeToken } from '../../api/session';
import { type MockHandler, mockServer, ok, problem } from '../../test/fakeServer';
import { FakeXhr } from '../../test/fakeXhr';
import { renderRoute } from '../../test/renderRoute';
import { auth, signedInWith } from '../../test/signedIn';
import { LayoutPage, lowContrast } from './LayoutPage';
import { PublicResourcesPage } from './PublicResourcesPage';

vi.mock('../../platform/auth', () => ({ useAuth: () => auth.current }));
const notify = vi.hoisted(() => ({ notifySuccess: vi.fn() }));
vi.mock('../../api/notify', async (importOriginal) => ({ ...(await importOriginal<object>()), notifySuccess: notify.notifySuccess }));

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

function server(overrides: Record<string, MockHandler> = {}) {
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
    'GET /api/business-units/1/resources/logo.png': () => ({ status: 200, body: 'png' }),
    ...overrides,
  });
}

/** The preview's own document (decision 0050): the site's markup, style sheet, theme and custom CSS. */
const previewDocument = async () => {
  const frame = (await screen.findByTitle('Preview of the public website')) as HTMLIFrameElement;
  await waitFor(() => expect(frame.contentDocument?.querySelector('[data-testid="preview-header"]')).toBeTruthy());
  return frame.contentDocument as Document;
};
const preview = async () => within((await previewDocument()).body);
/** The style rules the preview applies, in order: the theme of the colours, then the unit's CSS. */
const previewStyles = async () => [...(await previewDocument()).head.querySelectorAll('style')].map((s) => s.textContent ?? '');
const openLayout = () => renderRoute(<LayoutPage />, { url: '/my-business-units/1/website-configuration/layout', path: LAYOUT_PATH });

beforeEach(() => {
  notify.notifySuccess.mockClear();
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
    openLayout();
    const frame = await preview();
    // the manufacturer's colour and footer while the unit sets none: the site's theme and markup
    expect((await previewStyles())[0]).toContain('--site-main:#112233');
    expect(frame.getByTestId('preview-header').className).toContain('site-header--light');
    expect(within(frame.getByTestId('preview-footer')).getByText('Manufacturer imprint')).toBeTruthy();
    expect(screen.getAllByText('Inherited').length).toBeGreaterThan(0);

    fireEvent.change(screen.getByRole('textbox', { name: /Main colour/ }), { target: { value: '#ff0000' } });
    await waitFor(async () => expect((await previewStyles())[0]).toContain('--site-main:#ff0000'));
    fireEvent.change(screen.getByRole('textbox', { name: /Main colour/ }), { target: { value: 'red' } });
    expect(await screen.findByText('Invalid HEX color')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save colours' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: /Main colour/ }), { target: { value: '#00ff00' } });
    expect(screen.queryByText('Invalid HEX color')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save colours' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'PUT /api/business-units/layout')).toBe(true));
    expect(calls.find((c) => c.key === 'PUT /api/business-units/layout')?.body).toMatchObject({ id: 1, version: 2, mainColor: '#00ff00' });
    // every save says what was saved
    await waitFor(() => expect(notify.notifySuccess).toHaveBeenCalledWith('Colours saved.'));
  });

  it('says "Invalid HEX color" when the server refuses a colour, until the colour is changed', async () => {
    server({
      'PUT /api/business-units/layout': () =>
        problem(400, 'error.validation', { fieldErrors: [{ objectName: 'body', field: 'highlightColor', message: 'Pattern' }] }),
    });
    openLayout();
    const highlight = await screen.findByRole('textbox', { name: /Text highlight colour/ });
    fireEvent.change(highlight, { target: { value: '#abcdef' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save colours' }));
    expect(await screen.findByText('Invalid HEX color')).toBeTruthy();
    expect(notify.notifySuccess).not.toHaveBeenCalled();
    fireEvent.change(highlight, { target: { value: '#abcdee' } });
    await waitFor(() => expect(screen.queryByText('Invalid HEX color')).toBeNull());
  });

  it('edits the footer with URL checks and shows a refused CSS at its line', async () => {
    const calls = server();
    openLayout();
    fireEvent.click(await screen.findByRole('button', { name: 'Add footer item' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Text 1' }), { target: { value: 'Imprint' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Public URL 1' }), { target: { value: 'not a url' } });
    expect(await screen.findByText('Not a valid URL')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save footer' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: 'Public URL 1' }), { target: { value: 'https://example.com/imprint' } });
    expect(within((await preview()).getByTestId('preview-footer')).getByText('Imprint')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save footer' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'PUT /api/footer-items')).toBe(true));
    expect(calls.find((c) => c.key === 'PUT /api/footer-items')?.body).toEqual([
      { businessUnitId: 1, text: 'Imprint', publicUrl: 'https://example.com/imprint', visualizationOrder: 1 },
    ]);
    await waitFor(() => expect(notify.notifySuccess).toHaveBeenCalledWith('Footer items saved.'));

    expect((screen.getByRole('textbox', { name: 'Custom CSS' }) as HTMLTextAreaElement).value).toBe('.a { color: red }');
    fireEvent.click(screen.getByRole('button', { name: 'Save CSS' }));
    expect(await screen.findByText(/Line 1, column 1: @import is not allowed/)).toBeTruthy();
  });

  it('clears a CSS error once the CSS is changed, and confirms the save of the fixed CSS', async () => {
    let accept = false;
    server({
      'PUT /api/business-units/1/css': (req) =>
        accept ? ok(req.body) : problem(400, 'error.css.invalid', { params: { line: 2, column: 9, detail: 'Colon is expected' } }),
    });
    openLayout();
    const css = (await screen.findByRole('textbox', { name: 'Custom CSS' })) as HTMLTextAreaElement;
    fireEvent.change(css, { target: { value: '.a {\n  color red\n}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save CSS' }));
    expect(await screen.findByText(/Line 2, column 9: The CSS is not valid: Colon is expected/)).toBeTruthy();
    expect(notify.notifySuccess).not.toHaveBeenCalled();
    fireEvent.change(css, { target: { value: '.a {\n  color: red\n}' } });
    await waitFor(() => expect(screen.queryByText(/Line 2, column 9/)).toBeNull());
    accept = true;
    fireEvent.click(screen.getByRole('button', { name: 'Save CSS' }));
    await waitFor(() => expect(notify.notifySuccess).toHaveBeenCalledWith('Custom CSS saved.'));
    expect(screen.queryByText(/Line 2, column 9/)).toBeNull();
  });

  it('applies the custom CSS as typed in the preview’s own document, with its resources, never to the page', async () => {
    const calls = server();
    openLayout();
    const css = (await screen.findByRole('textbox', { name: 'Custom CSS' })) as HTMLTextAreaElement;
    const rules = '.site-header { border-bottom: 9px solid rgb(1, 2, 3) } .type-card { background: url(resources/logo.png) }';
    fireEvent.change(css, { target: { value: rules } });
    await waitFor(async () => expect((await previewStyles())[1]).toContain('border-bottom: 9px solid rgb(1, 2, 3)'));
    // the resource is read with the token and inlined: the saved one is not public (decision 0050)
    await waitFor(async () => expect((await previewStyles())[1]).toContain('url("data:'));
    expect(calls.some((c) => c.key === 'GET /api/business-units/1/resources/logo.png')).toBe(true);
    expect((await previewDocument()).head.querySelector('link[rel="stylesheet"]')?.getAttribute('href')).toBe('/site/_assets/site.css');
    // nothing of it reaches the administration's own document
    expect([...document.querySelectorAll('style')].some((s) => s.textContent?.includes('9px solid'))).toBe(false);
  });

  it('asks before leaving with unsaved edits, in the app and when the tab closes', async () => {
    server();
    const { router } = openLayout();
    const css = (await screen.findByRole('textbox', { name: 'Custom CSS' })) as HTMLTextAreaElement;
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    // nothing edited: leaving is free
    expect(unload()).toBe(false);

    fireEvent.change(css, { target: { value: '.b { color: blue }' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Main colour/ }), { target: { value: '#123456' } });
    expect(unload()).toBe(true);
    act(() => void router.navigate('/my-business-units/1/products'));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(within(dialog).getByText('These changes are not saved yet: colours, custom CSS.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay and save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('location').textContent).toBe('/my-business-units/1/website-configuration/layout');
    expect(css.value).toBe('.b { color: blue }');

    act(() => void router.navigate('/my-business-units/1/products'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByTestId('elsewhere')).toBeTruthy();
    expect(unload()).toBe(false);
  });

  it('leaves without asking once the edits are saved, and keeps the edits of a section not saved', async () => {
    const calls = server({ 'PUT /api/business-units/1/css': (req) => ok(req.body) });
    const { router } = openLayout();
    const css = (await screen.findByRole('textbox', { name: 'Custom CSS' })) as HTMLTextAreaElement;
    fireEvent.change(css, { target: { value: '.c { color: green }' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Main colour/ }), { target: { value: '#123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save colours' }));
    await waitFor(() => expect(notify.notifySuccess).toHaveBeenCalledWith('Colours saved.'));
    // the layout is read again after the save: the CSS being edited stays
    await waitFor(() => expect(calls.filter((c) => c.key === 'GET /api/business-units/1/layout').length).toBeGreaterThan(1));
    expect(css.value).toBe('.c { color: green }');
    fireEvent.click(screen.getByRole('button', { name: 'Save CSS' }));
    await waitFor(() => expect(notify.notifySuccess).toHaveBeenCalledWith('Custom CSS saved.'));
    act(() => void router.navigate('/my-business-units/1/products'));
    expect(await screen.findByTestId('elsewhere')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
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
    // the saved resource is read with the token (it is not public: decision 0050) and handed to the browser
    storeToken('the-token', false);
    const createObjectURL = vi.fn(() => 'blob:resource');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    fireEvent.click(screen.getByRole('button', { name: 'logo.png' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const read = calls.find((c) => c.key === 'GET /api/business-units/1/resources/logo.png');
    expect(read?.init.headers).toMatchObject({ Authorization: 'Bearer the-token' });
    clearToken();
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
