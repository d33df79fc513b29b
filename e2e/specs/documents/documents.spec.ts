import { expect, test } from '@playwright/test';
import { ADMIN, adminApi, confirmWithCode, createProductType, createUnit, pick, row, signIn, unique } from '../catalogue/support';

/**
 * Documents through the back office: with a document type, two attributes and a product group set
 * up through the API, a document is created from the unit's Documents entry with its attribute
 * values and the product group, found in the list by its number, edited, and deleted with the
 * confirmation code; the product group's page lists it meanwhile.
 */
test('documents: create with attribute values and a product group, find, edit, delete', async ({ page, request }) => {
  const api = await adminApi(request);
  const unit = await createUnit(api, 'e2e-docs');
  await api.post('/api/document-types', { businessUnitId: unit.id, name: 'Instructions for use', hcp: true, sortNumber: 1 });
  await api.put(`/api/document-attribute-definitions?business-unit=${unit.id}`, {
    version: 0,
    definitions: [
      { name: 'Revision', slug: 'revision', mandatory: true },
      { name: 'Reference', slug: 'reference', unique: true, visualizationOrder: 1 },
    ],
  });
  const type = await createProductType(api, unit.id);
  const group = await api.post<{ id: number }>('/api/product-groups', { name: 'Vita family', productTypeId: type.id });
  const number = unique('IFU').toUpperCase();

  await signIn(page, ADMIN.login, ADMIN.password);
  await page.goto(`/my-business-units/${unit.id}`);
  await page.getByTestId('link-documents').click();
  await expect(page.getByRole('heading', { name: 'Documents', level: 1 })).toBeVisible();
  await expect(page.getByText('This business unit has no documents yet.')).toBeVisible();

  // create: the mandatory value is asked for first
  await page.getByRole('link', { name: 'New document' }).first().click();
  await page.getByRole('textbox', { name: 'Number' }).fill(number);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Vita pacemaker instructions');
  await pick(page, page.getByRole('combobox', { name: 'Document type' }), 'Instructions for use');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('textbox', { name: 'Revision' })).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('textbox', { name: 'Revision' }).fill('A');
  await page.getByRole('textbox', { name: 'Reference' }).fill(`REF-${number}`);
  await pick(page, page.getByRole('combobox', { name: 'Product groups' }), 'Vita family', 'vita');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: `Document ${number}` })).toBeVisible();
  await expect(page).toHaveURL(/document-management\/\d+$/);

  // the product group's page lists the document
  await page.goto(`/my-business-units/${unit.id}/product-types/${type.id}/product-management/product-groups/${group.id}`);
  await expect(page.getByRole('table', { name: 'Documents' }).getByRole('link', { name: number })).toBeVisible();

  // find it in the list by its number
  await page.goto(`/my-business-units/${unit.id}/document-management`);
  await page.getByRole('searchbox', { name: /Search documents/ }).fill(number.toLowerCase());
  await expect(page).toHaveURL(/search=/);
  await expect(page.getByRole('table', { name: 'Documents' }).getByRole('row')).toHaveCount(2);
  await expect(row(page, 'Documents', number)).toContainText('Unpublished');
  await expect(row(page, 'Documents', number)).toContainText('No files');

  // edit: the name changes, the list shows it
  await page.getByRole('link', { name: number, exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Revision' })).toHaveValue('A');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Vita pacemaker instructions, 2nd edition');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/document-management(\?.*)?$/);
  await expect(row(page, 'Documents', number)).toContainText('2nd edition');

  // delete with the confirmation code
  await page.getByRole('link', { name: number, exact: true }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await confirmWithCode(page);
  await expect(page).toHaveURL(/document-management$/);
  await expect(page.getByText('This business unit has no documents yet.')).toBeVisible();
});
