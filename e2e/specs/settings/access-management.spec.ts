import { expect, test } from '@playwright/test';
import { ADMIN, apiToken, businessUnitId, confirmWithCode, pick, row, search, signIn, signOut, unique } from './support';

/**
 * The admin builds access for a new colleague through the screens (role → user group on
 * 'cardiology' → user with an initial password); the colleague sees what the rights allow and the
 * not-authorized message elsewhere; then the admin edits and deletes it all with the confirmation code.
 */
test('roles, user groups and users: create, sign in with the rights, edit and delete', async ({ page, request }, testInfo) => {
  // the whole story of access management in one test: near a minute on a busy machine
  test.slow();
  const roleName = unique('E2E role');
  const groupName = unique('E2E group');
  const login = `${unique('e2e-user')}@e2e.test`;
  const password = 'Colleague#2026';
  const cardiology = await businessUnitId(request, 'cardiology');
  const orthopaedics = await businessUnitId(request, 'orthopaedics');

  await signIn(page, ADMIN.login, ADMIN.password);

  // a role with a few rights
  await page.goto('/general-settings/role');
  await expect(row(page, 'Roles', 'Administrator')).toContainText('Predefined');
  await expect(row(page, 'Roles', 'Administrator').getByRole('button', { name: /Delete/ })).toHaveCount(0);
  await page.getByRole('link', { name: 'Create role' }).click();
  await page.getByLabel('Name').fill(roleName);
  await page.getByLabel('Description').fill('Reads products and documents, and the audit log');
  // every right has a plain label and a description, in an area; none sits under "Other"
  await expect(page.getByRole('group', { name: 'Other rights' })).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: 'Special business-unit settings' })).toBeVisible();
  for (const right of ['Read products', 'Read documents', 'Read all audit logs'])
    await page.getByRole('checkbox', { name: right, exact: true }).check();
  await expect(page.getByText('3 of 52 selected')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('role-form.png'), fullPage: true });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/general-settings\/role$/);
  await expect(page.getByText(`Role ${roleName} created.`)).toBeVisible();
  await search(page, 'Search roles', 'Roles', roleName);
  await expect(row(page, 'Roles', roleName)).toContainText('3');

  // a user group with that role on cardiology
  await page.goto('/general-settings/user-group/new');
  await page.getByLabel('Name').fill(groupName);
  await pick(page, page.getByRole('combobox', { name: 'Role' }), roleName, roleName);
  await pick(page, page.getByRole('combobox', { name: 'Business units' }), /^Cardiology/, 'Cardio');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/general-settings\/user-group$/);
  await expect(row(page, 'User groups', groupName)).toContainText(roleName);
  await expect(row(page, 'User groups', groupName)).toContainText('Cardiology');

  // a user in that group with an initial password
  await page.goto('/general-settings/user-management/new');
  await page.getByLabel('Login').fill(login);
  await page.getByLabel('First name').fill('Colin');
  await page.getByLabel('Last name').fill('Colleague');
  await page.getByLabel('E-mail').fill(login);
  await pick(page, page.getByRole('combobox', { name: 'User groups' }), groupName, groupName);
  await page.getByRole('textbox', { name: 'Initial password' }).fill('weak');
  await expect(page.getByRole('list', { name: 'Password rules' })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The password is too weak', { exact: false })).toBeVisible();
  await page.getByRole('textbox', { name: 'Initial password' }).fill(password);
  await page.screenshot({ path: testInfo.outputPath('user-form.png'), fullPage: true });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/general-settings\/user-management$/);
  await search(page, 'Search login, name or e-mail', 'Users', login);
  await expect(row(page, 'Users', login)).toContainText(groupName);
  await expect(row(page, 'Users', login)).toContainText('Active');
  await page.screenshot({ path: testInfo.outputPath('users-list.png') });

  // the admin cannot delete or deactivate themselves
  await search(page, 'Search login, name or e-mail', 'Users', ADMIN.login);
  await expect(row(page, 'Users', ADMIN.login).getByRole('button', { name: `Delete ${ADMIN.login}` })).toBeDisabled();
  await row(page, 'Users', ADMIN.login).getByRole('link', { name: ADMIN.login, exact: true }).click();
  await expect(page.getByRole('switch', { name: 'Activated' })).toBeDisabled();

  // the colleague sees what the rights allow, and the not-authorized message elsewhere
  await signOut(page);
  await signIn(page, login, password);
  await expect(page.getByRole('link', { name: 'Cardiology' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Orthopaedics' })).toHaveCount(0);
  await expect(page.getByTestId('menu-general-settings')).toHaveCount(0);
  await page.getByRole('link', { name: 'Cardiology' }).click();
  await expect(page).toHaveURL(new RegExp(`/my-business-units/${cardiology}$`));
  await expect(page.getByRole('region', { name: 'Object counts' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Settings' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Audit logs' }).click();
  await expect(page.getByRole('table', { name: 'Audit logs' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('colleague-audit-logs.png') });
  for (const path of [
    '/general-settings/role',
    '/general-settings/user-management',
    '/general-settings/manufacturer-settings',
    `/my-business-units/${orthopaedics}/administration/audit-logs`,
  ]) {
    await page.goto(path);
    await expect(page.getByText('You are not authorized to access this page.')).toBeVisible();
  }
  await signOut(page);

  // the admin edits, then deletes the user, the group and the role
  await signIn(page, ADMIN.login, ADMIN.password);
  await page.goto('/general-settings/role');
  await search(page, 'Search roles', 'Roles', roleName);
  await row(page, 'Roles', roleName)
    .getByRole('link', { name: `Edit ${roleName}` })
    .click();
  await page.getByRole('checkbox', { name: 'Manage products', exact: true }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Role ${roleName} saved.`)).toBeVisible();
  await search(page, 'Search roles', 'Roles', roleName);
  await expect(row(page, 'Roles', roleName)).toContainText('4');

  await page.goto('/general-settings/user-management');
  await search(page, 'Search login, name or e-mail', 'Users', login);
  await row(page, 'Users', login).getByRole('link', { name: login, exact: true }).click();
  await page.getByLabel('First name').fill('Colette');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/general-settings\/user-management$/);
  await search(page, 'Search login, name or e-mail', 'Users', login);
  await expect(row(page, 'Users', login)).toContainText('Colette Colleague');
  await row(page, 'Users', login)
    .getByRole('button', { name: `Delete ${login}` })
    .click();
  await page.screenshot({ path: testInfo.outputPath('confirm-dialog.png') });
  await confirmWithCode(page);
  await expect(page.getByRole('table', { name: 'Users' })).toContainText('Nothing matches your search.');

  await page.goto('/general-settings/user-group');
  await expect(row(page, 'User groups', 'Super administrators').getByRole('button', { name: /Delete/ })).toHaveCount(0);
  await row(page, 'User groups', groupName)
    .getByRole('button', { name: `Delete ${groupName}` })
    .click();
  await confirmWithCode(page);
  await expect(row(page, 'User groups', groupName)).toHaveCount(0);

  await page.goto('/general-settings/role');
  await row(page, 'Roles', roleName)
    .getByRole('button', { name: `Delete ${roleName}` })
    .click();
  await confirmWithCode(page);
  await expect(row(page, 'Roles', roleName)).toHaveCount(0);

  // the global audit log lists these changes
  await page.goto(`/my-business-units/${cardiology}/administration/audit-logs?scope=global`);
  await pick(page, page.getByRole('combobox', { name: 'Entity' }), 'role');
  const roleRows = page.getByRole('table', { name: 'Audit logs' }).getByRole('row');
  await expect(page.getByRole('table', { name: 'Audit logs' })).not.toHaveAttribute('aria-busy', 'true');
  await expect(roleRows.filter({ hasNotText: 'role' })).toHaveCount(1);
  await expect(roleRows.filter({ hasText: 'DELETE' }).first()).toBeVisible();
  await expect(roleRows.filter({ hasText: 'UPDATE' }).first()).toBeVisible();
  await expect(roleRows.filter({ hasText: 'CREATE' }).first()).toBeVisible();
  await roleRows
    .filter({ hasText: 'UPDATE' })
    .first()
    .getByRole('button', { name: /Show the changes/ })
    .click();
  await expect(page.getByRole('table', { name: 'Changes' })).toContainText('PRODUCT_MANAGE');
  await page.screenshot({ path: testInfo.outputPath('audit-log-global.png'), fullPage: true });
});

test('a user locked by failed sign-ins is unlocked from the user form', async ({ page, request }) => {
  const token = await apiToken(request, ADMIN.login, ADMIN.password);
  const login = `${unique('e2e-locked')}@e2e.test`;
  const password = 'Locked#2026x';
  const created = await request.post('/api/users', {
    headers: { Authorization: `Bearer ${token}` },
    data: { login, email: login, firstName: 'Lou', lastName: 'Locked', password, userGroupIds: [] },
  });
  expect(created.status(), await created.text()).toBe(201);
  // the demo allows 5 attempts; a few more make sure the lock is set
  for (let i = 0; i < 6; i++) await request.post('/api/authenticate', { data: { username: login, password: 'Wrong#2026x' } });

  await signIn(page, ADMIN.login, ADMIN.password);
  await page.goto('/general-settings/user-management');
  await search(page, 'Search login, name or e-mail', 'Users', login);
  await expect(row(page, 'Users', login)).toContainText('Locked');
  await row(page, 'Users', login).getByRole('link', { name: login, exact: true }).click();
  await expect(page.getByText('This account is locked')).toBeVisible();
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByText('This account is locked')).toBeHidden();

  const res = await request.post('/api/authenticate', { data: { username: login, password } });
  expect(res.status()).toBe(200);
});
