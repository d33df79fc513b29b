import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockServer, ok } from '../../test/fakeServer';
import { cleanupRoute, renderRoute } from '../../test/renderRoute';
import { PublicWebsiteLink } from './PublicWebsiteLink';

afterEach(cleanupRoute);

const server = () =>
  mockServer({
    'GET /api/business-units': () =>
      ok([
        { id: 1, displayName: 'Cardiology', slug: 'cardiology', active: true },
        { id: 2, displayName: 'Orthopaedics', slug: 'ortho paedics', active: true },
      ]),
    'GET /api/manufacturer/own/public-website-url': () => ok({ url: 'https://ifu.example.com/site' }),
  });

describe('the top bar’s public website link (decision 0051)', () => {
  it('opens the site of the unit the page belongs to', async () => {
    server();
    renderRoute(<PublicWebsiteLink />, { url: '/my-business-units/1/publish', path: '/my-business-units/:id/*' });
    const link = await screen.findByRole('link', { name: 'Public website of Cardiology (opens in a new tab)' });
    expect(link.getAttribute('href')).toBe('/site/cardiology');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('escapes the slug', async () => {
    server();
    renderRoute(<PublicWebsiteLink />, { url: '/my-business-units/2', path: '/my-business-units/:id' });
    expect((await screen.findByRole('link', { name: /Orthopaedics/ })).getAttribute('href')).toBe('/site/ortho%20paedics');
  });

  it('without a unit, opens the manufacturer-wide entry', async () => {
    server();
    renderRoute(<PublicWebsiteLink />, { url: '/general-settings/user-management', path: '/general-settings/*' });
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Public website (opens in a new tab)' }).getAttribute('href')).toBe(
        'https://ifu.example.com/site',
      ),
    );
  });
});
