import { expect, test } from '@playwright/test';
import { expectAccessible } from '../accessibility/support';
import { ADMIN, apiToken, PNG_1PX, signIn, unique } from './support';

/** A logo that is not the PNG (sanitised as every SVG upload is). */
const SVG_LOGO = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="2" height="1"><rect width="2" height="1" fill="#036"/></svg>');

/**
 * general-settings → configuration export (issue 24, decision 0078): the configuration exported,
 * imported back unchanged, then the instance changed (a role and a unit's logo) and the same file
 * imported: the differences shown and applied after confirmation, the logo's bytes back as exported.
 */
test('a configuration exported, imported unchanged, and applied over a change', async ({ page, request }, info) => {
  test.setTimeout(240_000);
  const token = await apiToken(request, ADMIN.login, ADMIN.password);
  const headers = { authorization: `Bearer ${token}` };
  const name = unique('Reviewers');
  const created = await request.post('/api/roles', {
    headers,
    data: { name, description: 'Review documents', accessRights: ['DOCUMENT_READ'] },
  });
  expect(created.status()).toBe(201);
  const role = await created.json();
  // a unit of its own with a PNG logo (the demo units keep theirs)
  const units = (await (await request.get('/api/business-units', { headers })).json()) as { id: number }[];
  const {
    id: _id,
    version: _version,
    logoUrl: _logoUrl,
    active: _active,
    ...settings
  } = await (await request.get(`/api/business-units/${units[0].id}`, { headers })).json();
  const slug = unique('logo').toLowerCase();
  const unitRes = await request.post('/api/business-units', { headers, data: { ...settings, slug, displayName: slug } });
  expect(unitRes.status(), await unitRes.text()).toBe(201);
  const unitId = (await unitRes.json()).id as number;
  const uploadLogo = async (name: string, mimeType: string, buffer: Buffer) => {
    const res = await request.post(`/api/business-units/${unitId}/logo`, { headers, multipart: { logo: { name, mimeType, buffer } } });
    expect(res.status(), await res.text()).toBe(200);
  };
  await uploadLogo('logo.png', 'image/png', PNG_1PX);

  await signIn(page, ADMIN.login, ADMIN.password);
  await page.goto('/general-settings/config-export');
  // the page's chunk is loaded on first use
  await expect(page.getByRole('heading', { level: 1, name: 'Configuration export' })).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page, 'configuration export');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export configuration' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^vellum-configuration-\d{4}-\d{2}-\d{2}\.zip$/);
  const file = info.outputPath('configuration.zip');
  await download.saveAs(file);

  // the same file back: nothing to apply
  await page.locator('input[type="file"]').setInputFiles(file);
  const differences = page.getByTestId('config-differences');
  await expect(differences).toBeVisible();
  for (const part of ['Business units', 'Roles', 'User groups', 'Business unit logos']) {
    await expect(differences.getByRole('checkbox', { name: part })).toBeDisabled();
  }
  await expect(page.getByRole('button', { name: 'Apply chosen parts' })).toBeDisabled();
  await expectAccessible(page, 'configuration import, unchanged');

  // this instance changes; the file holds the role as it was
  const changed = await request.put('/api/roles', {
    headers,
    data: { id: role.id, version: role.version, name, description: 'Changed here', accessRights: ['DOCUMENT_READ', 'PRODUCT_READ'] },
  });
  expect(changed.status()).toBe(200);
  await uploadLogo('logo.svg', 'image/svg+xml', SVG_LOGO);
  await page.reload();
  await page.locator('input[type="file"]').setInputFiles(file);
  const roles = page.getByTestId('config-differences').locator('tr[data-part="roles"]');
  await expect(roles).toContainText(name);
  await expect(roles.getByRole('checkbox', { name: 'Roles' })).toBeChecked();
  const logos = page.getByTestId('config-differences').locator('tr[data-part="unitLogos"]');
  await expect(logos).toContainText(slug);
  await expect(logos.getByRole('checkbox', { name: 'Business unit logos' })).toBeChecked();
  await page.getByRole('button', { name: 'Apply chosen parts' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Roles');
  await expect(dialog).toContainText('Business unit logos');
  await dialog.getByRole('button', { name: 'Apply chosen parts' }).click();
  await expect(page.getByText('Configuration applied')).toBeVisible();
  await expect(page.getByText('Roles: 0 added, 1 changed.')).toBeVisible();
  await expect(page.getByText('Business unit logos: 0 added, 1 changed.')).toBeVisible();
  await expectAccessible(page, 'configuration import, applied');

  const after = await (await request.get(`/api/roles/${role.id}`, { headers })).json();
  expect(after).toMatchObject({ description: 'Review documents', accessRights: ['DOCUMENT_READ'] });
  const logo = await request.get(`/api/business-units/${unitId}/logo`, { headers });
  expect(logo.status()).toBe(200);
  expect(logo.headers()['content-type']).toBe('image/png');
  expect(Buffer.from(await logo.body()).equals(PNG_1PX)).toBe(true);
});
