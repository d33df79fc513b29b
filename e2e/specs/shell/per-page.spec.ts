import { expect, type Locator, type Page, test } from '@playwright/test';
import { ADMIN, adminApi, createProduct, createProductType, createUnit, setGlobalSearch, signIn, unique } from '../catalogue/support';

/**
 * Nothing of the shell sits over a list: the "Rows per page" selector of every paged list of the
 * admin takes a real click (no force) and changes the page size, with the selector at the bottom
 * edge of a short window, where a corner ribbon once covered it.
 */
test.use({ viewport: { width: 1280, height: 480 } });

// the global product types need the manufacturer's global search; the demo has it off
test.afterEach(async ({ request }) => {
  await setGlobalSearch(await adminApi(request), false);
});

/** The fixed or sticky elements (other than the selector's own ancestors) whose box overlaps the selector. */
function elementsOver(select: Locator): Promise<string[]> {
  return select.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const over: string[] = [];
    for (const e of Array.from(document.querySelectorAll('body *'))) {
      if (e.contains(el) || el.contains(e)) continue;
      const style = getComputedStyle(e);
      if (style.position !== 'fixed' && style.position !== 'sticky') continue;
      if (style.display === 'none' || style.visibility === 'hidden' || style.opacity === '0') continue;
      const b = e.getBoundingClientRect();
      if (b.width === 0 || b.height === 0) continue;
      if (b.right <= r.left || b.left >= r.right || b.bottom <= r.top || b.top >= r.bottom) continue;
      over.push(`${e.tagName.toLowerCase()}${e.getAttribute('data-testid') ? `[data-testid="${e.getAttribute('data-testid')}"]` : ''}`);
    }
    return over;
  });
}

async function expectPerPageUsable(page: Page, what: string, path: string) {
  await page.goto(path);
  const select = page.getByRole('combobox', { name: 'Rows per page' });
  await expect(select, what).toHaveCount(1);
  await expect(select, what).toBeVisible();
  // where a fixed corner element would sit: the bottom edge of the window
  await select.evaluate((el) => el.scrollIntoView({ block: 'end' }));
  expect(await elementsOver(select), `${what}: covered`).toEqual([]);
  await select.click();
  // 50 is no list's default size, so it always shows in the address
  await select.selectOption('50');
  await expect(page, what).toHaveURL(/[?&]size=50(&|$)/);
  await expect(select, what).toHaveValue('50');
}

test('the per-page selector of every paged list takes a real click', async ({ page, request }) => {
  const api = await adminApi(request);
  await setGlobalSearch(api, true);
  const unit = await createUnit(api, 'e2e-perpage');
  const type = await createProductType(api, unit.id, [{ name: 'Model' }]);
  await createProduct(api, type, unique('PP').toUpperCase(), { Model: 'M1' });
  const u = `/my-business-units/${unit.id}`;
  const typeBase = `${u}/product-types/${type.id}/product-management`;

  await signIn(page, ADMIN.login, ADMIN.password);
  const lists: [string, string][] = [
    ['users', '/general-settings/user-management'],
    ['roles', '/general-settings/role'],
    ['user groups', '/general-settings/user-group'],
    ['business units', '/general-settings/business-unit'],
    ['product search', '/general-settings/product-search'],
    ['global product types', '/general-settings/manufacturer-product-type'],
    ['audit logs', `${u}/administration/audit-logs`],
    ['archived lot ranges', `${u}/administration/archived-data-lot-ranges`],
    ['product types (configuration)', `${u}/backend-configuration/product-type`],
    ['product remarks', `${u}/backend-configuration/product-remark`],
    ['products of a type', `${typeBase}/products`],
    ['product groups of a type', `${typeBase}/product-groups`],
    ['orphan products of the unit', `${u}/product-management/products?orphans=true`],
    ['orphan product groups of the unit', `${u}/product-management/product-groups?orphans=true`],
  ];
  for (const [what, path] of lists) await expectPerPageUsable(page, what, path);
});
