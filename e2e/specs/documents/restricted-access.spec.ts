import { expect, test } from '@playwright/test';
import { ADMIN, type Api, adminApi, confirmWithCode, createUnit, row, signIn, unique } from '../catalogue/support';

/** Switches the unit's restricted user groups on or off through the business-unit API. */
async function setGroupsActive(api: Api, unitId: number, on: boolean) {
  const { logoUrl: _logo, ...unit } = await api.get<Record<string, unknown>>(`/api/business-units/${unitId}`);
  await api.put('/api/business-units', { ...unit, publicUserGroupActive: on });
}

/**
 * Restricted access through the back office: while the unit's restricted groups are off the list
 * says so; once on, a group is created with pasted e-mail addresses (invalid ones named, duplicates
 * skipped), renamed, and deleted with the confirmation code; the unit's switch cannot go off while
 * a group exists. The document search access list is saved with its version.
 */
test('restricted access: groups with their e-mail addresses, and document search access', async ({ page, request }) => {
  const api = await adminApi(request);
  const unit = await createUnit(api, 'e2e-restricted');
  const name = `Clinics ${unique('g').slice(-6)}`;
  await signIn(page, ADMIN.login, ADMIN.password);
  await page.goto(`/my-business-units/${unit.id}`);

  // the website-configuration menu leads to the groups; switched off, the list says so
  await page.getByTestId('menu-website-configuration').click();
  await page.getByRole('menuitem', { name: 'Restricted access groups' }).click();
  await expect(page.getByRole('heading', { name: 'Restricted access groups', level: 1 })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'switched off for this business unit' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Switch them on in the business unit settings.' })).toHaveAttribute(
    'href',
    `/general-settings/business-unit/${unit.id}/edit`,
  );
  await expect(page.getByRole('link', { name: 'Add group' })).toHaveCount(0);

  await setGroupsActive(api, unit.id, true);
  await page.reload();
  await expect(page.getByText('This business unit has no restricted access groups yet.')).toBeVisible();

  // create: the name is required; pasted addresses are checked one by one
  await page.getByRole('link', { name: 'Add group' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  const box = page.getByRole('textbox', { name: 'Add to E-mail addresses' });
  await box.fill('Nurse@Example.com, not-an-address\ndoctor@example.org; nurse@example.com');
  await page.getByRole('button', { name: 'Add addresses' }).click();
  await expect(page.getByText('Not a valid e-mail address: not-an-address.')).toBeVisible();
  await expect(page.getByText('2 addresses added. 1 was already in the list.')).toBeVisible();
  await expect(box).toHaveValue('not-an-address');
  await box.fill('pharmacy@example.net');
  await box.press('Enter');
  await expect(page.getByRole('cell', { name: 'pharmacy@example.net', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Remove doctor@example.org' }).click();
  await expect(page.getByRole('cell', { name: 'doctor@example.org', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`/my-business-units/${unit.id}/document-management/restricted-access$`));
  await expect(row(page, 'Restricted access groups', name)).toContainText('2');

  const [stored] = await api.get<{ id: number; emails: string[] }[]>(`/api/public-user-groups?business-unit=${unit.id}`);
  expect(stored.emails).toEqual(['nurse@example.com', 'pharmacy@example.net']);

  // the unit's switch cannot go off while the group exists
  const { logoUrl: _logo, ...settings } = await api.get<Record<string, unknown>>(`/api/business-units/${unit.id}`);
  const refused = await request.put('/api/business-units', {
    headers: { Authorization: `Bearer ${api.token}` },
    data: { ...settings, publicUserGroupActive: false },
  });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).message).toBe('error.businessUnit.publicUserGroupsExist');

  // edit: rename and disable
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('cell', { name: 'nurse@example.com', exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill(`${name} EU`);
  await page.getByRole('switch', { name: /^Enabled/ }).uncheck({ force: true });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/restricted-access$/);
  await expect(row(page, 'Restricted access groups', `${name} EU`)).toContainText('No');

  // delete with the confirmation code
  await page.getByRole('button', { name: `Delete ${name} EU` }).click();
  await confirmWithCode(page);
  await expect(page.getByText('This business unit has no restricted access groups yet.')).toBeVisible();
  // with no group left the switch may go off again
  await setGroupsActive(api, unit.id, false);

  // document search access: the list is saved whole, with its version
  await page.getByTestId('menu-website-configuration').click();
  await page.getByRole('menuitem', { name: 'Document search access' }).click();
  await expect(page.getByRole('heading', { name: 'Document search access', level: 1 })).toBeVisible();
  await expect(page.getByText('No e-mail addresses yet.')).toBeVisible();
  const searchBox = page.getByRole('textbox', { name: 'Add to Allowed e-mail addresses' });
  await searchBox.fill('search@example.com bad@');
  await page.getByRole('button', { name: 'Add addresses' }).click();
  await expect(page.getByText('Not a valid e-mail address: bad@.')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  expect(await api.get(`/api/document-search-access?business-unit=${unit.id}`)).toEqual({
    businessUnitId: unit.id,
    emails: ['search@example.com'],
    version: 1,
  });
  await page.reload();
  await expect(page.getByRole('cell', { name: 'search@example.com', exact: true })).toBeVisible();
});
