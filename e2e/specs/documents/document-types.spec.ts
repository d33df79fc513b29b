import { expect, test } from '@playwright/test';
import { ADMIN, adminApi, confirmWithCode, createUnit, row, setManufacturerSwitch, signIn, unique } from '../catalogue/support';

/**
 * A unit's document configuration through the back office: a document type is created from the
 * backend-configuration menu, its audiences are edited (the patient audience needs the patient
 * portal), a second type cannot take its sort number, and two document attributes are defined,
 * reordered and saved as one list.
 */
test('document types and attributes: create a type, edit its audiences, define two attributes', async ({ page, request }) => {
  const api = await adminApi(request);
  const unit = await createUnit(api, 'e2e-doc');
  const portalWas = await setManufacturerSwitch(api, 'patientBusinessUnitSearch', true);
  try {
    const typeName = `Instructions ${unique('t').slice(-6)}`;
    await signIn(page, ADMIN.login, ADMIN.password);
    await page.goto(`/my-business-units/${unit.id}`);

    // the backend-configuration menu leads to the document types
    await page.getByTestId('menu-backend-configuration').click();
    await page.getByRole('menuitem', { name: 'Document types' }).click();
    await expect(page.getByRole('heading', { name: 'Document types', level: 1 })).toBeVisible();
    await expect(page.getByText('This business unit has no document types yet.')).toBeVisible();

    // create: HCP by default, active, sort number 10
    await page.getByRole('link', { name: 'Add document type' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill(typeName);
    await page.getByRole('textbox', { name: 'Sort number' }).fill('10');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(new RegExp(`/my-business-units/${unit.id}/backend-configuration/document-type$`));
    const created = row(page, 'Document types', typeName);
    await expect(created).toContainText('HCP');
    await expect(created).not.toContainText('Patient');

    // edit the audiences: no audience is refused on the form, then patients only
    await page.getByRole('link', { name: typeName, exact: true }).click();
    const hcp = page.getByRole('switch', { name: 'Shown to healthcare professionals (HCP)' });
    await expect(hcp).toBeChecked();
    await hcp.uncheck({ force: true });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('A document type needs at least one audience.')).toBeVisible();
    await page.getByRole('switch', { name: 'Shown to patients' }).check({ force: true });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/document-type$/);
    await expect(row(page, 'Document types', typeName)).toContainText('Patient');
    await expect(row(page, 'Document types', typeName)).not.toContainText('HCP');

    // a second type cannot take the same sort number: the server's error lands on the field
    await page.getByRole('link', { name: 'Add document type' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill(`Leaflet ${unique('l').slice(-6)}`);
    const sortNumber = page.getByRole('textbox', { name: 'Sort number' });
    await sortNumber.fill('10');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Another document type of this business unit already has this sort number.').first()).toBeVisible();
    await expect(sortNumber).toHaveAttribute('aria-invalid', 'true');

    // two document attributes, the second moved up with the keyboard, saved at once
    await page.getByTestId('menu-backend-configuration').click();
    await page.getByRole('menuitem', { name: 'Document attributes' }).click();
    await expect(page.getByText('This business unit has no document attributes yet. Add one, then save.')).toBeVisible();
    await page.getByRole('button', { name: 'Add attribute' }).click();
    await page.getByRole('textbox', { name: 'Name of attribute 1' }).fill('Revision');
    await page.getByRole('button', { name: 'Add attribute' }).click();
    await page.getByRole('textbox', { name: 'Name of attribute 2' }).fill('Market region');
    await expect(page.getByRole('textbox', { name: 'Slug of Market region' })).toHaveValue('market-region');
    await page.getByRole('checkbox', { name: 'Revision is mandatory' }).check();
    await page.getByRole('button', { name: 'Move Market region up' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('textbox', { name: 'Name of attribute 1' })).toHaveValue('Market region');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

    const list = await api.get<{
      version: number;
      definitions: { name: string; slug: string; mandatory: boolean; visualizationOrder: number }[];
    }>(`/api/document-attribute-definitions?business-unit=${unit.id}`);
    expect(list.version).toBe(1);
    expect(list.definitions.map((d) => [d.name, d.slug, d.mandatory, d.visualizationOrder])).toEqual([
      ['Market region', 'market-region', false, 0],
      ['Revision', 'revision', true, 1],
    ]);
    // after a reload the saved order is shown
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Name of attribute 1' })).toHaveValue('Market region');

    // the type is deleted with the confirmation code
    await page.goto(`/my-business-units/${unit.id}/backend-configuration/document-type`);
    await page.getByRole('button', { name: `Delete ${typeName}` }).click();
    await confirmWithCode(page);
    await expect(page.getByText('This business unit has no document types yet.')).toBeVisible();
  } finally {
    await setManufacturerSwitch(api, 'patientBusinessUnitSearch', portalWas);
  }
});
