import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { ADMIN, apiToken, unique } from '../settings/support';

export { ADMIN, confirmWithCode, pick, row, signIn, unique } from '../settings/support';

/** A JSON client of the API with one user's token; every call must succeed with the expected status. */
export interface Api {
  token: string;
  get<T = unknown>(path: string, status?: number): Promise<T>;
  post<T = unknown>(path: string, data: unknown, status?: number): Promise<T>;
  put<T = unknown>(path: string, data: unknown, status?: number): Promise<T>;
  delete(path: string, status?: number): Promise<void>;
}

export async function apiAs(request: APIRequestContext, login: string, password: string): Promise<Api> {
  const token = await apiToken(request, login, password);
  const headers = { Authorization: `Bearer ${token}` };
  const check = async (res: Awaited<ReturnType<APIRequestContext['get']>>, status: number, what: string) => {
    expect(res.status(), `${what}: ${await res.text()}`).toBe(status);
  };
  return {
    token,
    async get<T>(path: string, status = 200) {
      const res = await request.get(path, { headers });
      await check(res, status, `GET ${path}`);
      return (await res.json()) as T;
    },
    async post<T>(path: string, data: unknown, status = 201) {
      const res = await request.post(path, { headers, data });
      await check(res, status, `POST ${path}`);
      return (await res.json()) as T;
    },
    async put<T>(path: string, data: unknown, status = 200) {
      const res = await request.put(path, { headers, data });
      await check(res, status, `PUT ${path}`);
      return (await res.json()) as T;
    },
    async delete(path: string, status = 200) {
      const res = await request.delete(path, { headers });
      expect([status, 204], `DELETE ${path}: ${await res.text()}`).toContain(res.status());
    },
  };
}

export const adminApi = (request: APIRequestContext) => apiAs(request, ADMIN.login, ADMIN.password);

export interface Unit {
  id: number;
  slug: string;
  displayName: string;
}

/** A business unit of this test's own, so that its counts and lists hold only what the test made. */
export async function createUnit(api: Api, prefix = 'e2e-cat'): Promise<Unit> {
  const slug = unique(prefix);
  return api.post<Unit>('/api/business-units', { displayName: `Catalogue ${slug.slice(-8)}`, slug });
}

export interface AttributeDefinition {
  id: number;
  name: string;
  slug: string;
  type: 'STRING' | 'MULTI_ARRAY';
}
export interface ProductType {
  id: number;
  businessUnitId: number;
  name: string;
  slug: string;
  lotNumbers: boolean;
  attributeDefinitions: AttributeDefinition[];
  version: number;
}

/** A product type with STRING attributes named as given (the first one searchable for HCPs). */
export async function createProductType(
  api: Api,
  businessUnitId: number,
  attributes: { name: string; searchTypeHCP?: string; isUnique?: boolean; type?: 'STRING' | 'MULTI_ARRAY' }[] = [],
  over: Record<string, unknown> = {},
): Promise<ProductType> {
  const slug = unique('type');
  return api.post<ProductType>('/api/product-types', {
    businessUnitId,
    name: `Type ${slug.slice(-8)}`,
    slug,
    attributeDefinitions: attributes.map((a, i) => ({
      name: a.name,
      slug: a.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      type: a.type ?? 'STRING',
      searchTypeHCP: a.searchTypeHCP ?? 'SEARCHABLE_PARTIAL',
      isUnique: a.isUnique ?? false,
      visualizationOrder: i,
    })),
    ...over,
  });
}

export interface Product {
  id: number;
  keyCode: string;
  version: number;
  lotRanges: { id: number; name: string; version: number; archiveDate: string | null }[];
}

/** A product of the type with values by attribute name. */
export async function createProduct(
  api: Api,
  type: ProductType,
  keyCode: string,
  values: Record<string, string> = {},
  over: Record<string, unknown> = {},
): Promise<Product> {
  const byName = new Map(type.attributeDefinitions.map((d) => [d.name, d.id]));
  return api.post<Product>('/api/products', {
    productTypeId: type.id,
    keyCode,
    attributeValues: Object.entries(values).map(([name, value]) => ({ attributeDefinitionId: byName.get(name), value })),
    ...over,
  });
}

export const productsUrl = (type: { businessUnitId: number; id: number }) =>
  `/my-business-units/${type.businessUnitId}/product-types/${type.id}/product-management/products`;
export const productGroupsUrl = (type: { businessUnitId: number; id: number }) =>
  `/my-business-units/${type.businessUnitId}/product-types/${type.id}/product-management/product-groups`;

/** Waits until the named table shows exactly these key codes (or names), in this order. */
export async function expectRows(page: Page, table: string, names: string[]) {
  const grid = page.getByRole('table', { name: table });
  await expect(grid).not.toHaveAttribute('aria-busy', 'true');
  await expect(nameLinks(page, table)).toHaveText(names);
}

/** The links that name each row (key code or name); the row's edit link is named 'Edit …'. */
export function nameLinks(page: Page, table: string) {
  return page.getByRole('table', { name: table }).getByRole('link', { name: /^(?!Edit )/ });
}

/** Turns one of the manufacturer's switches on or off; answers the previous state so that a test can restore it. */
export async function setManufacturerSwitch(
  api: Api,
  name: 'globalSearch' | 'patientBusinessUnitSearch' | 'validationRecordsActive',
  on: boolean,
): Promise<boolean> {
  const { softwareVersion: _v, ...settings } = await api.get<Record<typeof name, boolean> & { softwareVersion: string }>(
    '/api/manufacturer/own/settings',
  );
  if (settings[name] !== on) await api.put('/api/manufacturer/own/settings', { ...settings, [name]: on });
  return settings[name];
}

/**
 * Turns the manufacturer's global search on or off (the global product types and their copy exist
 * only while it is on); answers the previous state so that a test can restore it.
 */
export const setGlobalSearch = (api: Api, on: boolean) => setManufacturerSwitch(api, 'globalSearch', on);
