import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockServer, ok } from '../../test/fakeServer';
import { renderRoute } from '../../test/renderRoute';
import { Brand } from './Brand';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Brand', () => {
  it('asks for no logo when the manufacturer has none (no failing request on any page)', async () => {
    const calls = mockServer({ 'GET /api/manufacturer/own/name': () => ok({ name: 'Acme Medical', logoUrl: null }) });
    renderRoute(<Brand />, { url: '/', path: '/' });
    await screen.findByText('Acme Medical');
    expect(screen.queryByTestId('brand-logo')).toBeNull();
    expect(calls.map((c) => c.key)).toEqual(['GET /api/manufacturer/own/name']);
  });

  it('shows the stored logo from its versioned URL', async () => {
    mockServer({ 'GET /api/manufacturer/own/name': () => ok({ name: 'Acme Medical', logoUrl: '/api/manufacturer/own/logo?v=abc' }) });
    renderRoute(<Brand />, { url: '/', path: '/' });
    const logo = await screen.findByTestId('brand-logo');
    expect(logo.getAttribute('src')).toBe('/api/manufacturer/own/logo?v=abc');
    expect(logo.getAttribute('alt')).toContain('Acme Medical');
  });
});
