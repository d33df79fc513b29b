import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from '../accessibility/support';
import { ADMIN, type Api, adminApi, createProductType, createUnit, signIn } from '../catalogue/support';

// each test walks a whole screen: more than the default minute on a busy machine
test.describe.configure({ timeout: 150_000 });

// a 1×1 PNG
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** The layout page's preview: the site's markup and style sheets in a frame of its own (decision 0050). */
const previewOf = (page: Page) => page.frameLocator('iframe[title="Preview of the public website"]');

/** Whether an image has loaded (an image of the API is read with the token, decision 0050). */
const loaded = (image: Locator) =>
  expect.poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);

/** Uploads a PNG to an image route of the API (multipart, one field). */
async function uploadPng(request: APIRequestContext, api: Api, path: string, field: string) {
  const res = await request.post(path, {
    headers: { Authorization: `Bearer ${api.token}` },
    multipart: { [field]: { name: 'image.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
}

test('change the layout colours and see the preview change, add footer items and a content block', async ({ page, request }) => {
  const api = await adminApi(request);
  const unit = await createUnit(api, 'e2e-layout');
  await signIn(page, ADMIN.login, ADMIN.password);
  await page.goto(`/my-business-units/${unit.id}/website-configuration/layout`);

  const header = previewOf(page).getByTestId('preview-header');
  // an invalid colour says so in the spec's words and cannot be saved
  const main = page.getByRole('textbox', { name: /Main colour/ });
  await main.fill('#ff00');
  await page.keyboard.press('Escape');
  await expect(page.getByText('Invalid HEX color')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save colours' })).toBeDisabled();
  await main.fill('#ff0000');
  await page.keyboard.press('Escape');
  await expect(page.getByText('Invalid HEX color')).toBeHidden();
  await expect(header).toHaveCSS('background-color', 'rgb(255, 0, 0)');
  // by keyboard: the colour picker's dropdown closes as the focus moves on
  await page.getByRole('radio', { name: 'Black' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(header.getByText('Choose your country')).toHaveCSS('color', 'rgb(255, 255, 255)');
  await page.getByRole('button', { name: 'Save colours' }).click();
  await expect(page.getByText('Colours saved.')).toBeVisible();
  await expect.poll(async () => (await api.get<{ mainColor: string }>(`/api/business-units/${unit.id}/layout`)).mainColor).toBe('#ff0000');

  // footer items: the preview follows the typing, a bad URL is refused before saving
  await page.getByRole('button', { name: 'Add footer item' }).click();
  await page.getByRole('textbox', { name: 'Text 1' }).fill('Imprint');
  await page.getByRole('textbox', { name: 'Public URL 1' }).fill('not a url');
  await expect(page.getByText('Not a valid URL')).toBeVisible();
  await page.getByRole('textbox', { name: 'Public URL 1' }).fill('https://example.com/imprint');
  await page.getByRole('button', { name: 'Add footer item' }).click();
  await page.getByRole('textbox', { name: 'Text 2' }).fill('Privacy');
  await page.getByRole('textbox', { name: 'Public URL 2' }).fill('https://example.com/privacy');
  const footer = previewOf(page).getByTestId('preview-footer');
  await expect(footer).toContainText('Imprint');
  await expect(footer).toContainText('Privacy');
  await page.getByRole('button', { name: 'Save footer' }).click();
  await expect(page.getByText('Footer items saved.')).toBeVisible();
  await expect
    .poll(async () => (await api.get<{ text: string }[]>(`/api/footer-items?business-unit=${unit.id}`)).map((i) => i.text))
    .toEqual(['Imprint', 'Privacy']);

  // a content block above the product type selection
  const editor = page.getByRole('textbox', { name: 'Above the product type selection' });
  await editor.click();
  await page.keyboard.type('Welcome to our instructions for use');
  await expect(previewOf(page).locator('body')).toContainText('Welcome to our instructions for use');
  await page.getByRole('button', { name: 'Save content blocks' }).click();
  await expect(page.getByText('Content blocks saved.')).toBeVisible();
  await expect
    .poll(async () =>
      (await api.get<{ type: string; content: string }[]>(`/api/content-blocks?business-unit=${unit.id}`)).map((b) => b.type),
    )
    .toEqual(['PRODUCT_TYPE_SELECTION_HEADER']);

  // after a reload the saved values are shown again
  await page.reload();
  await expect(previewOf(page).getByTestId('preview-header')).toHaveCSS('background-color', 'rgb(255, 0, 0)');
  await expect(previewOf(page).getByTestId('preview-footer')).toContainText('Privacy');
});

test('custom CSS: an error goes once the CSS is fixed, the preview applies it, the save confirms, leaving unsaved asks', async ({
  page,
  request,
}) => {
  const api = await adminApi(request);
  const unit = await createUnit(api, 'e2e-css');
  await signIn(page, ADMIN.login, ADMIN.password);
  await page.goto(`/my-business-units/${unit.id}/website-configuration/layout`);
  const header = previewOf(page).getByTestId('preview-header');
  const css = page.getByRole('textbox', { name: 'Custom CSS' });

  // refused at its line; the error goes once the CSS is changed
  await css.fill('.site-header {\n  background: url(https://evil.example/x.png);\n}');
  await page.getByRole('button', { name: 'Save CSS' }).click();
  await expect(page.getByText(/Line 2, column 15/)).toBeVisible();
  await css.fill('.site-header {\n  border-bottom: 7px solid rgb(0, 128, 0);\n}');
  await expect(page.getByText(/Line 2, column 15/)).toBeHidden();
  // the preview applies it as the site would, and the administration around it is untouched
  await expect(header).toHaveCSS('border-bottom-width', '7px');
  await expect(header).toHaveCSS('border-bottom-color', 'rgb(0, 128, 0)');
  await expect(page.getByRole('banner').first()).not.toHaveCSS('border-bottom-width', '7px');
  await page.getByRole('button', { name: 'Save CSS' }).click();
  await expect(page.getByText('Custom CSS saved.')).toBeVisible();
  await expect.poll(async () => (await api.get<{ content: string }>(`/api/business-units/${unit.id}/css`)).content).toContain('7px');

  // an edit not saved: leaving asks first, in the app and when the tab closes
  await css.fill('.site-header { border-bottom: 2px solid rgb(0, 0, 255) }');
  await expect(header).toHaveCSS('border-bottom-width', '2px');
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'My business units' }).click();
  const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(dialog).toContainText('These changes are not saved yet: custom CSS.');
  await expectAccessible(page, 'leave without saving dialog');
  await dialog.getByRole('button', { name: 'Stay and save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/my-business-units/${unit.id}/website-configuration/layout$`));
  await expect(css).toHaveValue('.site-header { border-bottom: 2px solid rgb(0, 0, 255) }');
  const asked = new Promise<string>((resolve) =>
    page.once('dialog', (d) => {
      resolve(d.type());
      void d.dismiss();
    }),
  );
  await page.close({ runBeforeUnload: true });
  expect(await asked).toBe('beforeunload');
  await expect(css).toHaveValue('.site-header { border-bottom: 2px solid rgb(0, 0, 255) }');

  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'My business units' }).click();
  await dialog.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/\/my-business-units$/);
});

test('upload a public resource and reference it from the custom CSS', async ({ page, request }) => {
  const api = await adminApi(request);
  const unit = await createUnit(api, 'e2e-resources');
  await signIn(page, ADMIN.login, ADMIN.password);
  await page.goto(`/my-business-units/${unit.id}/website-configuration/public-resources`);

  await page.locator('input[type="file"]').setInputFiles({ name: 'brand logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('brand-logo.png');
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText('brand-logo.png uploaded.')).toBeVisible();
  await expect(page.getByText('url(resources/brand-logo.png)')).toBeVisible();
  // the saved resource is not public (decision 0050): the screen reads it with the token
  const path = `/api/business-units/${unit.id}/resources/brand-logo.png`;
  expect((await request.get(path)).status()).toBe(401);
  const served = await request.get(path, { headers: { Authorization: `Bearer ${api.token}` } });
  expect(served.headers()['content-type']).toBe('image/png');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'brand-logo.png', exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('brand-logo.png');

  // the CSS may use it, and the preview shows it; an outside address is refused at its line
  await page.goto(`/my-business-units/${unit.id}/website-configuration/layout`);
  const css = page.getByRole('textbox', { name: 'Custom CSS' });
  await css.fill('.header {\n  background: url(https://evil.example/x.png);\n}');
  await page.getByRole('button', { name: 'Save CSS' }).click();
  await expect(page.getByText(/Line 2, column 15/)).toBeVisible();
  await css.fill('.site-header { background: url(resources/brand-logo.png) }');
  await expect(previewOf(page).getByTestId('preview-header')).toHaveCSS('background-image', /^url\("data:image\/png;base64,/);
  await page.getByRole('button', { name: 'Save CSS' }).click();
  await expect
    .poll(async () => (await api.get<{ content: string }>(`/api/business-units/${unit.id}/css`)).content)
    .toContain('brand-logo.png');
});

test('the screens that show saved images still show them, read with the token', async ({ page, request }) => {
  const api = await adminApi(request);
  const unit = await createUnit(api, 'e2e-images');
  const type = await createProductType(api, unit.id);
  await uploadPng(request, api, `/api/business-units/${unit.id}/logo`, 'logo');
  await uploadPng(request, api, `/api/product-types/${type.id}/image`, 'image');
  // not public: nobody sees them without a token
  expect((await request.get(`/api/business-units/${unit.id}/logo`)).status()).toBe(401);
  expect((await request.get(`/api/product-types/${type.id}/image`)).status()).toBe(401);
  await signIn(page, ADMIN.login, ADMIN.password);

  // the unit's card among the user's business units
  await page.goto('/my-business-units');
  await loaded(page.getByRole('link').filter({ hasText: unit.displayName }).locator('img'));

  // the layout page: the logo field and the preview
  await page.goto(`/my-business-units/${unit.id}/website-configuration/layout`);
  await loaded(page.getByRole('img', { name: 'Logo', exact: true }).first());
  await loaded(previewOf(page).locator('img.site-header__logo'));

  // the product types of the unit, and the type's own image field
  await page.goto(`/my-business-units/${unit.id}/product-types`);
  await loaded(page.getByTestId('product-type-card').filter({ hasText: type.name }).locator('img'));
});
