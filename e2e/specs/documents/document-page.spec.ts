import { expect, test } from '@playwright/test';
import { ADMIN, adminApi, confirmWithCode, createUnit, signIn } from '../catalogue/support';

/**
 * The document page brings its parts together (spec 001 §2: "document fields, a files table and
 * a restricted-access table"): its files, each leading to the file's page, and the restricted
 * groups it belongs to, added and removed from the page itself.
 */
test('document page: its files and restricting it to a group', async ({ page, request }) => {
  const api = await adminApi(request);
  const unit = await createUnit(api, 'e2e-docpage');
  const { logoUrl: _logo, ...settings } = await api.get<Record<string, unknown>>(`/api/business-units/${unit.id}`);
  await api.put('/api/business-units', { ...settings, publicUserGroupActive: true });
  await api.put(`/api/document-languages?business-unit=${unit.id}`, ['en', 'de']);
  const group = await api.post<{ id: number }>('/api/public-user-groups', {
    businessUnitId: unit.id,
    name: 'Partner clinics',
    emails: ['nurse@clinic.example'],
  });
  const type = await api.post<{ id: number }>('/api/document-types', {
    businessUnitId: unit.id,
    name: 'Instructions for use',
    hcp: true,
    sortNumber: 1,
  });
  const doc = await api.post<{ id: number }>('/api/documents', {
    businessUnitId: unit.id,
    number: 'IFU-PAGE-1',
    name: 'Infusion pump instructions',
    documentTypeId: type.id,
  });
  const base = `/my-business-units/${unit.id}/document-management/${doc.id}`;
  await signIn(page, ADMIN.login, ADMIN.password);
  await page.goto(base);

  // the files: none yet, then the one added, which opens its page
  const files = page.getByRole('table', { name: 'Files' });
  await expect(page.getByText('This document has no files yet.')).toBeVisible();
  const file = await api.post<{ id: number }>('/api/files', {
    documentId: doc.id,
    name: 'Pump IFU German',
    versionLabel: '1.0',
    date: '2026-03-01',
    countryIds: ['DE', 'AT'],
    documentLanguageIds: ['de'],
  });
  await page.reload();
  await expect(files).toContainText('Pump IFU German');
  await files.getByRole('link', { name: 'Pump IFU German' }).click();
  await expect(page).toHaveURL(`${base}/files/${file.id}`);
  await page.goBack();

  // restricted access: public until a group is chosen
  const section = page.getByRole('region', { name: 'Restricted access' });
  await expect(section).toContainText('This document is restricted to no group.');
  await section.getByRole('combobox', { name: 'Restrict to group' }).click();
  await page.getByRole('option', { name: 'Partner clinics' }).click();
  await section.getByRole('button', { name: 'Add' }).click();
  await expect(section.getByRole('table')).toContainText('Partner clinics');
  await expect(section).toContainText('Only the e-mail addresses of these groups can open this document');
  await expect
    .poll(async () => (await api.get<{ documentIds: number[] }>(`/api/public-user-groups/${group.id}`)).documentIds)
    .toEqual([doc.id]);
  const read = await api.get<{ publicUserGroups: { name: string }[] }>(`/api/documents/${doc.id}`);
  expect(read.publicUserGroups.map((g) => g.name)).toEqual(['Partner clinics']);

  // and removed again, with the confirmation code
  await section.getByRole('button', { name: 'Remove the document from Partner clinics' }).click();
  await confirmWithCode(page, 'Remove');
  await expect(section).toContainText('This document is restricted to no group.');
  await expect.poll(async () => (await api.get<{ documentIds: number[] }>(`/api/public-user-groups/${group.id}`)).documentIds).toEqual([]);
});
