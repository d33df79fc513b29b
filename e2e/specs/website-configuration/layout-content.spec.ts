import { expect, test } from '@playwright/test';
import { ADMIN, adminApi, createUnit, signIn } from '../catalogue/support';

// each test walks a whole screen: more than the default minute on a busy machine
test.describe.configure({ timeout: 150_000 });

// a 1×1 PNG
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test('change the layout colours and see the preview change, add footer items and a content block', async ({ page, request }) => {
  const api = await adminApi(request);
  const unit = await createUnit(api, 'e2e-layout');
  await signIn(page, ADMIN.login, ADMIN.password);
  await page.goto(`/my-business-units/${unit.id}/website-configuration/layout`);

  const header = page.getByTestId('preview-header');
  await page.getByRole('textbox', { name: /Main colour/ }).fill('#ff0000');
  await page.keyboard.press('Escape');
  await expect(header).toHaveCSS('background-color', 'rgb(255, 0, 0)');
  // by keyboard: the colour picker's dropdown closes as the focus moves on
  await page.getByRole('radio', { name: 'Black' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(header.getByText('Choose your country')).toHaveCSS('color', 'rgb(255, 255, 255)');
  await page.getByRole('button', { name: 'Save colours' }).click();
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
  await expect(page.getByTestId('preview-footer')).toContainText('Imprint');
  await expect(page.getByTestId('preview-footer')).toContainText('Privacy');
  await page.getByRole('button', { name: 'Save footer' }).click();
  await expect
    .poll(async () => (await api.get<{ text: string }[]>(`/api/footer-items?business-unit=${unit.id}`)).map((i) => i.text))
    .toEqual(['Imprint', 'Privacy']);

  // a content block above the product type selection
  const editor = page.getByRole('textbox', { name: 'Above the product type selection' });
  await editor.click();
  await page.keyboard.type('Welcome to our instructions for use');
  await expect(page.getByRole('region', { name: 'Preview' })).toContainText('Welcome to our instructions for use');
  await page.getByRole('button', { name: 'Save content blocks' }).click();
  await expect
    .poll(async () =>
      (await api.get<{ type: string; content: string }[]>(`/api/content-blocks?business-unit=${unit.id}`)).map((b) => b.type),
    )
    .toEqual(['PRODUCT_TYPE_SELECTION_HEADER']);

  // after a reload the saved values are shown again
  await page.reload();
  await expect(page.getByTestId('preview-header')).toHaveCSS('background-color', 'rgb(255, 0, 0)');
  await expect(page.getByTestId('preview-footer')).toContainText('Privacy');
});

test('upload a public resource and reference it from the custom CSS', async ({ page, request }) => {
  const api = await adminApi(request);
  const unit = await createUnit(api, 'e2e-resources');
  await signIn(page, ADMIN.login, ADMIN.password);
  await page.goto(`/my-business-units/${unit.id}/website-configuration/public-resources`);

  await page.locator('input[type="file"]').setInputFiles({ name: 'brand logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('brand-logo.png');
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByRole('link', { name: 'brand-logo.png' })).toBeVisible();
  await expect(page.getByText('url(resources/brand-logo.png)')).toBeVisible();
  const served = await request.get(`/api/business-units/${unit.id}/resources/brand-logo.png`);
  expect(served.headers()['content-type']).toBe('image/png');

  // the CSS may use it; an outside address is refused at its line
  await page.goto(`/my-business-units/${unit.id}/website-configuration/layout`);
  const css = page.getByRole('textbox', { name: 'Custom CSS' });
  await css.fill('.header {\n  background: url(https://evil.example/x.png);\n}');
  await page.getByRole('button', { name: 'Save CSS' }).click();
  await expect(page.getByText(/Line 2, column 15/)).toBeVisible();
  await css.fill('.header { background: url(resources/brand-logo.png) }');
  await page.getByRole('button', { name: 'Save CSS' }).click();
  await expect
    .poll(async () => (await api.get<{ content: string }>(`/api/business-units/${unit.id}/css`)).content)
    .toContain('brand-logo.png');
});
