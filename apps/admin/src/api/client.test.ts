import { describe, expect, it } from 'vitest';
import { buildUrl } from './client';

describe('buildUrl', () => {
  it('drops empty values, repeats arrays and adds a cache buster on request', () => {
    expect(buildUrl('api/users', { page: 0, size: 10, search: '', sort: ['login,asc', 'id,desc'] })).toBe(
      '/api/users?page=0&size=10&sort=login%2Casc&sort=id%2Cdesc',
    );
    expect(buildUrl('/api/roles', undefined, true)).toMatch(/^\/api\/roles\?cacheBuster=\d+$/);
  });
});
