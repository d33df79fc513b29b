import { expect, test } from '@playwright/test';
import { expectAccessible } from '../accessibility/support';
import { ADMIN, apiToken, signIn, unique } from './support';

/**
 * general-settings → configuration export (issue 24, decision 0078): the configuration exported,
 * imported back unchanged, then the instance changed and the same file imported: the difference
 * shown and applied after confirmation.
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
  for (const part of ['Business units', 'Roles', 'User groups']) {
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
  await page.reload();
  await page.locator('input[type="file"]').setInputFiles(file);
  const roles = page.getByTestId('config-differences').locator('tr[data-part="roles"]');
  await expect(roles).toContainText(name);
  await expect(roles.getByRole('checkbox', { name: 'Roles' })).toBeChecked();
  await page.getByRole('button', { name: 'Apply chosen parts' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Roles');
  await dialog.getByRole('button', { name: 'Apply chosen parts' }).click();
  await expect(page.getByText('Configuration applied')).toBeVisible();
  await expect(page.getByText('Roles: 0 added, 1 changed.')).toBeVisible();
  await expectAccessible(page, 'configuration import, applied');

  const after = await (await request.get(`/api/roles/${role.id}`, { headers })).json();
  expect(after).toMatchObject({ description: 'Review documents', accessRights: ['DOCUMENT_READ'] });
});
