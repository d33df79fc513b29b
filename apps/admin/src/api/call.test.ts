import { productsApi } from '@vellum/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, routeRef, urlOf } from './call';

afterEach(() => vi.unstubAllGlobals());

describe('call', () => {
  it('sends the route’s method to its path with the parameters filled in, the query and the JSON body', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ items: [], pageable: {} }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    await call(productsApi.search, { query: { 'business-unit': 3, page: 0 }, body: { text: 'x' } });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/products/search?business-unit=3&page=0');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"text":"x"}');
  });

  it('encodes path parameters', () => {
    expect(urlOf(productsApi.get, { params: { id: '1/../2' } })).toBe('/api/products/1%2F..%2F2');
  });

  it('accepts only what the contract declares (checked by the type checker)', () => {
    const never = () => {
      // @ts-expect-error a parameter the path does not have
      void call(productsApi.get, { params: { nope: 1 } });
      // @ts-expect-error a query parameter the route does not read
      void call(productsApi.search, { query: { 'business-unitx': 1 }, body: {} });
      // @ts-expect-error the path parameter is required
      void call(productsApi.get);
      // @ts-expect-error a body on a route that takes none
      void call(productsApi.delete, { params: { id: 1 }, body: { x: 1 } });
      // @ts-expect-error a body of the wrong shape
      void call(productsApi.create, { body: { keyCode: 3 } });
      // @ts-expect-error a first-load reference whose path is not its declaration's
      void routeRef<typeof productsApi.get>('GET', '/api/product/:id');
      // @ts-expect-error a first-load reference whose method is not its declaration's
      void routeRef<typeof productsApi.get>('POST', '/api/products/:id');
      // @ts-expect-error a field the answer does not have
      void call(productsApi.get, { params: { id: 1 } }).then((res) => res.data.nope);
    };
    expect(typeof never).toBe('function');
  });
});
