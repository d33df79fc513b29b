import { expect, test } from '@playwright/test';
import { adminApi, signIn } from '../catalogue/support';
import { ADMIN, businessUnitId } from '../settings/support';

interface Unit {
  id: number;
  interfaceLanguages: string[];
  [k: string]: unknown;
}
interface Counts {
  counts: { interfaceLanguageISO: string; missing: number; translated: number }[];
  items: { translationKey: string; sourceValue: string }[];
}

/**
 * A translator translates a product type's name of the demo unit into German on the translator's
 * screen (opened from the website-configuration menu) and sees it counted: one fewer missing in
 * German; the public-site text is then the German one in the list. German is added to the unit's
 * interface languages through the API (api/interface-languages).
 */
test('translate a product type’s name into German and see it counted', async ({ page, request }) => {
  const api = await adminApi(request);
  const unitId = await businessUnitId(request, 'cardiology');
  const unit = await api.get<Unit>(`/api/business-units/${unitId}`);
  if (!unit.interfaceLanguages.includes('de'))
    await api.put(`/api/interface-languages?business-unit=${unitId}`, [...unit.interfaceLanguages, 'de']);
  const before = await api.get<Counts>(
    `/api/internationalizations?business-unit=${unitId}&entityName=product_type&interfaceLanguageISO=de&missing=true&size=1&sort=sourceValue,asc`,
  );
  const missingBefore = before.counts.find((c) => c.interfaceLanguageISO === 'de')?.missing ?? 0;
  expect(missingBefore).toBeGreaterThan(0);
  const target = before.items[0];

  await signIn(page, ADMIN.login, ADMIN.password);
  await page.goto(`/my-business-units/${unitId}`);
  await page.getByTestId('menu-website-configuration').click();
  await page.getByRole('menuitem', { name: 'Website translations' }).click();
  await expect(page).toHaveURL(/\/website-configuration\/website-translations/);
  await expect(page.getByRole('heading', { name: 'Website translations' })).toBeVisible();

  await page.getByTestId('subject-select').selectOption('product_type');
  await page.getByTestId('language-select').selectOption('de');
  const germanCount = page.getByTestId('count-de');
  await expect(germanCount).toContainText(`${missingBefore} missing`);

  await page.getByRole('searchbox', { name: 'Search keys, English or translations' }).fill(target.translationKey);
  const input = page.getByRole('textbox', { name: `Translation of ${target.translationKey}` });
  await expect(input).toHaveValue('');
  await expect(page.getByRole('row').filter({ hasText: target.sourceValue }).getByText('Missing')).toBeVisible();
  await input.fill(`${target.sourceValue} (DE)`);
  await page.getByRole('button', { name: 'Save 1 change' }).click();
  // the language by its name, not its code (decision 0051)
  await expect(page.getByText('Translations into German saved.')).toBeVisible();

  await expect(germanCount).toContainText(`${missingBefore - 1} missing`);
  await expect(input).toHaveValue(`${target.sourceValue} (DE)`);
  await expect(page.getByRole('row').filter({ hasText: target.sourceValue }).getByText('Missing')).toHaveCount(0);
  const after = await api.get<Counts>(`/api/internationalizations?business-unit=${unitId}&entityName=product_type&interfaceLanguageISO=de`);
  expect(after.counts.find((c) => c.interfaceLanguageISO === 'de')?.translated).toBe(
    (before.counts.find((c) => c.interfaceLanguageISO === 'de')?.translated ?? 0) + 1,
  );
});

/** A manufacturer-wide wording of a website text is inherited by a unit that sets none. */
test('manufacturer translations: a website text set for every unit is inherited', async ({ page, request }) => {
  const api = await adminApi(request);
  const unitId = await businessUnitId(request, 'cardiology');
  const unit = await api.get<Unit>(`/api/business-units/${unitId}`);
  if (!unit.interfaceLanguages.includes('de'))
    await api.put(`/api/interface-languages?business-unit=${unitId}`, [...unit.interfaceLanguages, 'de']);

  await signIn(page, ADMIN.login, ADMIN.password);
  await page.goto('/general-settings/manufacturer-translations?lang=de');
  await expect(page.getByRole('heading', { name: 'Manufacturer translations' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search keys, English or translations' }).fill('country.choose');
  await page.getByRole('textbox', { name: 'Translation of country.choose' }).fill('Wählen Sie Ihr Land');
  await page.getByRole('button', { name: 'Save 1 change' }).click();
  // the language by its name, not its code (decision 0051)
  await expect(page.getByText('Translations into German saved.')).toBeVisible();

  await page.goto(`/my-business-units/${unitId}/website-configuration/website-translations?lang=de&search=country.choose`);
  await expect(page.getByText('Inherited from the manufacturer: Wählen Sie Ihr Land')).toBeVisible();
  const texts = await api.get<Record<string, string>>(
    `/api/website-translations/effective?business-unit=${unitId}&interfaceLanguageISO=de`,
  );
  expect(texts['country.choose']).toBe('Wählen Sie Ihr Land');
});
