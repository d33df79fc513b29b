import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type Request, test } from '@playwright/test';
import { BarcodeFormat, QRCodeWriter } from '@zxing/library';
import { adminApi, createProduct, createProductType, createUnit } from '../catalogue/support';

/**
 * The site's small scripts (issue 12, decision 0046) on a unit published through the API: with
 * JavaScript, the key-code field suggests while typing and a suggestion picked with the keyboard
 * opens its product; the Scan button loads the scanner only when pressed and reads a QR code from
 * a (fake) camera; without JavaScript the same page has no button and works by sending the form.
 */

/** A camera picture for Chromium's fake capture device: a QR code of `text` on white, as YUV 4:2:0 frames. */
function fakeCamera(text: string): string {
  const [w, h] = [320, 240];
  const matrix = new QRCodeWriter().encode(text, BarcodeFormat.QR_CODE, 200, 200, new Map());
  const y = Buffer.alloc(w * h, 235);
  const [ox, oy] = [(w - matrix.getWidth()) / 2, (h - matrix.getHeight()) / 2];
  for (let j = 0; j < matrix.getHeight(); j++) {
    for (let i = 0; i < matrix.getWidth(); i++) if (matrix.get(i, j)) y[(oy + j) * w + ox + i] = 16;
  }
  const chroma = Buffer.alloc((w / 2) * (h / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma]);
  const file = join(tmpdir(), `vellum-e2e-camera-${process.pid}.y4m`);
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${w} H${h} F10:1 Ip A1:1 C420jpeg\n`), ...Array(10).fill(frame)]));
  return file;
}

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// the fake camera is the browser's, so it is set for the whole file (a launch option forces its own worker)
const camera = fakeCamera('ISL-300');
test.use({
  permissions: ['camera'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${camera}`,
    ],
  },
});

let searchUrl = '';
let productUrl = (keyCode: string) => keyCode;

test.beforeAll(async ({ request }) => {
  const api = await adminApi(request);
  const unit = await createUnit(api, 'e2e-islands');
  await api.post('/api/interface-regions', { businessUnitId: unit.id, name: 'Benelux', countryIds: ['BE', 'NL', 'LU'] });
  await api.put(`/api/interface-languages?business-unit=${unit.id}`, ['en']);
  await api.put(`/api/document-languages?business-unit=${unit.id}`, ['en']);
  const type = await createProductType(api, unit.id, [{ name: 'Model', searchTypeHCP: 'SEARCHABLE_PARTIAL' }], {
    keyCodeSearchTypeHCP: 'SEARCHABLE_PARTIAL',
  });
  for (const [keyCode, model] of [
    ['ISL-100', 'Alpha'],
    ['ISL-200', 'Beta'],
    ['ISL-300', 'Gamma'],
  ]) {
    await createProduct(api, type, keyCode, { Model: model });
  }
  await api.post('/api/publish', { businessUnitId: unit.id });
  searchUrl = `/site/${unit.slug}/be/en/hcp/${type.slug}`;
  productUrl = (keyCode) => `${searchUrl}/${keyCode}`;
});

/** Every request the page makes for a built script of the site. */
function scriptRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r: Request) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/site/_assets/') && path.endsWith('.js')) seen.push(path);
  });
  return seen;
}

/** Content-Security-Policy complaints in the console: there must be none. */
function policyViolations(page: Page): string[] {
  const found: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) found.push(m.text());
  });
  return found;
}

test.describe('with JavaScript', () => {
  test('suggests key codes while typing; a suggestion picked with the keyboard opens its product', async ({ page }) => {
    const violations = policyViolations(page);
    await page.goto(searchUrl);
    const field = page.getByRole('combobox', { name: 'Key code' });
    await expect(field).toHaveAttribute('aria-expanded', 'false');
    await field.pressSequentially('is');
    const list = page.getByRole('listbox');
    await expect(list.getByRole('option')).toHaveText(['ISL-100', 'ISL-200', 'ISL-300']);
    await expect(field).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const chosen = list.getByRole('option', { name: 'ISL-200' });
    await expect(chosen).toHaveAttribute('aria-selected', 'true');
    await expect(field).toHaveAttribute('aria-activedescendant', (await chosen.getAttribute('id')) ?? '');
    // the open combobox passes axe's WCAG 2.1 A/AA rules (the form only: the page's frame is not this spec's)
    const axe = await new AxeBuilder({ page }).include('.search-form').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('suggestions.png') });
    // Escape closes the list; ArrowDown opens it again
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(field).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(chosen).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${productUrl('ISL-200')}$`));
    await expect(page.getByText('ISL-200').first()).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('suggests values of a partial attribute, which fill the field', async ({ page }) => {
    await page.goto(searchUrl);
    const field = page.getByRole('combobox', { name: 'Model' });
    await field.pressSequentially('ga');
    await expect(page.getByRole('option')).toHaveText(['Gamma']);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(field).toHaveValue('Gamma');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${productUrl('ISL-300')}$`));
  });
});

test.describe('the camera scanner', () => {
  test('is loaded only when asked for, reads a QR code and searches for it', async ({ page }) => {
    const scripts = scriptRequests(page);
    const violations = policyViolations(page);
    await page.goto(searchUrl);
    const scan = page.getByRole('button', { name: 'Scan' });
    await expect(scan).toBeVisible();
    await page.waitForLoadState('networkidle');
    // the page's two small scripts, not the scanner
    expect(scripts.some((s) => /\/typeahead\.[A-Z0-9]+\.js$/.test(s))).toBe(true);
    expect(scripts.some((s) => /\/scan\.[A-Z0-9]+\.js$/.test(s))).toBe(true);
    expect(scripts.filter((s) => s.includes('/scanner.'))).toEqual([]);
    await scan.click();
    await expect.poll(() => scripts.filter((s) => s.includes('/scanner.')).length).toBe(1);
    // the QR code on the fake camera holds ISL-300: the search opens that product
    await expect(page).toHaveURL(new RegExp(`${productUrl('ISL-300')}$`), { timeout: 20_000 });
    expect(violations).toEqual([]);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('has no scan button nor suggestions, and finds the product by sending the form', async ({ page }) => {
    await page.goto(searchUrl);
    const field = page.getByRole('textbox', { name: 'Key code' });
    await expect(field).toBeVisible();
    await expect(page.getByRole('button', { name: 'Scan' })).toHaveCount(0);
    await expect(page.getByRole('combobox')).toHaveCount(0);
    await field.fill('isl-1');
    await field.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${productUrl('ISL-100')}$`));
    await expect(page.getByText('ISL-100').first()).toBeVisible();
  });
});
