import { expect, test } from '@playwright/test';
import { expectAccessible } from '../accessibility/support';
import { ADMIN, adminApi, confirmWithCode, createProductType, createUnit, signIn, unique } from './support';

/**
 * Scheduled exports (decision 0059): the unit's list, a schedule created with its recipients,
 * edited, refused twice for one product type, and deleted after the confirmation code; a
 * schedule of the unit's documents in a time zone.
 */
test('scheduled exports: create, see the next run, edit, a second one for the type refused, delete', async ({ page, request }) => {
  const api = await adminApi(request);
  const unit = await createUnit(api, 'e2e-sched');
  const type = await createProductType(api, unit.id, [{ name: 'Model' }]);
  const listUrl = `/my-business-units/${unit.id}/administration/scheduled-exports`;
  const recipient = `${unique('qa')}@example.com`;

  try {
    await signIn(page, ADMIN.login, ADMIN.password);
    await page.goto(listUrl);
    const table = page.getByRole('table', { name: 'Scheduled exports' });
    await expect(table).toContainText('No scheduled exports yet.');

    // create: weekly on a day at an hour, to one address
    await page.getByRole('link', { name: 'New scheduled export' }).click();
    await page.getByLabel('Product type').selectOption({ label: type.name });
    await page.getByLabel('Frequency').selectOption('WEEKLY');
    await page.getByLabel('Day of the week').selectOption({ label: 'Wednesday' });
    await page.getByLabel('Hour').selectOption('6');
    await page.getByLabel('Time zone').selectOption('UTC');
    const recipients = page.getByRole('combobox', { name: 'Recipients' });
    await recipients.fill(recipient);
    await recipients.press('Enter');
    await expectAccessible(page, 'scheduled export form');
    await page.getByRole('button', { name: 'Save' }).click();

    await expect(page).toHaveURL(new RegExp(`${listUrl}$`));
    const row = table.getByRole('row', { name: new RegExp(type.name) });
    await expect(row).toContainText('Weekly on Wednesday at 06:00 UTC');
    await expect(row).toContainText(recipient);
    await expect(row).toContainText('Never');

    // edit: daily, and the list follows
    await row.getByRole('link', { name: `Edit ${type.name}` }).click();
    await page.getByLabel('Frequency').selectOption('DAILY');
    await expect(page.getByLabel('Day of the week')).toHaveCount(0);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(table.getByRole('row', { name: new RegExp(type.name) })).toContainText('Daily at 06:00 UTC');

    // a second schedule of the same product type is refused on its field, nothing saved
    await page.getByRole('link', { name: 'New scheduled export' }).click();
    await page.getByLabel('Product type').selectOption({ label: type.name });
    const second = page.getByRole('combobox', { name: 'Recipients' });
    await second.fill(recipient);
    await second.press('Enter');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(/already/i).first()).toBeVisible();
    await page.goto(listUrl);
    await expect(table.getByRole('row', { name: new RegExp(type.name) })).toHaveCount(1);

    // the unit's documents, on Brussels' clocks: no product type; one such schedule per unit
    for (const attempt of ['first', 'second']) {
      await page.getByRole('link', { name: 'New scheduled export' }).click();
      await page.getByLabel('Export of').selectOption('DOCUMENT');
      await expect(page.getByLabel('Product type')).toHaveCount(0);
      await page.getByLabel('Time zone').selectOption('Europe/Brussels');
      const to = page.getByRole('combobox', { name: 'Recipients' });
      await to.fill(recipient);
      await to.press('Enter');
      await page.getByRole('button', { name: 'Save' }).click();
      if (attempt === 'second') await expect(page.getByText(/already/i).first()).toBeVisible();
    }
    await page.goto(listUrl);
    const docs = table.getByRole('row', { name: /The business unit's documents/ });
    await expect(docs).toHaveCount(1);
    await expect(docs).toContainText('Daily at 06:00 Europe/Brussels');
    await expect(docs).toContainText(/\d{2}:00 Europe\/Brussels/);
    await docs.getByRole('button', { name: "Delete The business unit's documents" }).click();
    await confirmWithCode(page);

    // delete after the confirmation code
    await table.getByRole('button', { name: `Delete ${type.name}` }).click();
    await confirmWithCode(page);
    await expect(table).toContainText('No scheduled exports yet.');
  } finally {
    const left = await api.get<{ id: number }[]>(`/api/scheduled-exports?business-unit=${unit.id}`).catch(() => []);
    for (const s of left) await api.delete(`/api/scheduled-exports/${s.id}`).catch(() => undefined);
    await api.delete(`/api/product-types/${type.id}`).catch(() => undefined);
  }
});
