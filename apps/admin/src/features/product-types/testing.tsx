import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { AccessRight, AttributeDefinition, ProductType } from '@vellum/contract';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import type { AuthState } from '../../app/auth';
import { installBrowserMocks } from '../../components/test-utils';

/** Test doubles for the product-type pages: a fake API behind fetch, a signed-in user, fixtures. */

export interface Call {
  key: string;
  url: string;
  body: unknown;
}
type Handler = (body: unknown, url: URL) => { status: number; body?: unknown };
export const json = (status: number, body?: unknown) => ({ status, body });

/** Answers `METHOD /path` (no query string) from `routes`; anything else is a 404 problem. Returns the calls made. */
export function mockServer(routes: Record<string, Handler>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const key = `${init.method ?? 'GET'} ${url.pathname}`;
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
      calls.push({ key, url: input, body });
      const handler = routes[key];
      const res = handler
        ? handler(body, url)
        : json(404, { type: 'about:blank', title: 'Not Found', status: 404, message: 'error.http.404' });
      return new Response(res.body === undefined ? null : JSON.stringify(res.body), {
        status: res.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** The user of `useAuth()` (the test file mocks app/auth to return `auth.current`). */
export const auth: { current: Partial<AuthState> } = { current: {} };

export function signedInWith(rights: Record<number, AccessRight[]>) {
  auth.current = {
    status: 'authenticated',
    hasRight: (right: string, unit = 0) => (rights[unit] as string[] | undefined)?.includes(right) ?? false,
    hasRightAnywhere: (right: string) => Object.values(rights).some((r) => (r as string[]).includes(right)),
  };
}

export const settings = (patientBusinessUnitSearch: boolean, globalSearch = false) => ({
  worldWidePublicWebsite: false,
  patientBusinessUnitSearch,
  globalSearch,
  validationRecordsActive: false,
  softwareVersion: '1',
  authenticationMechanism: 'USERNAME_PASSWORD',
  authenticationMechanismAdmin: 'USERNAME_PASSWORD',
  maxLoginAttempts: 5,
  passwordValidityDays: 0,
  oldPasswordsCount: 2,
  publicWebsiteUrl: null,
  version: 0,
});

export function definition(over: Partial<AttributeDefinition> & { id: number; name: string }): AttributeDefinition {
  return {
    productTypeId: 11,
    slug: over.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    type: 'STRING',
    isUnique: false,
    isMandatory: false,
    isMandatoryHcpSearch: false,
    isMandatoryPatientSearch: false,
    pinned: false,
    isActive: true,
    searchTypeHCP: 'NOT_VISIBLE',
    searchTypePatient: 'NOT_VISIBLE',
    meta: null,
    visualizationOrder: 0,
    ...over,
  };
}

export function productType(over: Partial<ProductType> = {}): ProductType {
  return {
    id: 11,
    businessUnitId: 3,
    slug: 'infusion-pumps',
    name: 'Infusion pumps',
    status: 'ENABLED',
    active: true,
    keyCodeSearchTypeHCP: 'SEARCHABLE_EXACT',
    keyCodeSearchTypePatient: 'NOT_VISIBLE',
    keyCodeLabelHCP: null,
    keyCodeLabelPatient: null,
    searchVisualisationHCP: 'ADVANCED',
    searchVisualisationPatient: 'ADVANCED',
    crossFieldByAttributeSetting: false,
    lotNumbers: false,
    imageUrl: null,
    heroImageHcpUrl: null,
    heroImagePatientUrl: null,
    copiedFromId: null,
    attributeDefinitions: [],
    products: 0,
    productGroups: 0,
    version: 1,
    ...over,
  };
}

function Location() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}

/** Renders `element` at `path` (route pattern `pattern`) with Mantine, a fresh query client and the router. */
export function renderAt(path: string, pattern: string, element: ReactNode) {
  installBrowserMocks();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={pattern} element={element} />
            <Route path="*" element={<div data-testid="elsewhere" />} />
          </Routes>
          <Location />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
