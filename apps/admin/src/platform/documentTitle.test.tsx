import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PageHeader } from '../components/PageHeader';
import { mockServer, ok } from '../test/fakeServer';
import { cleanupRoute, renderRoute } from '../test/renderRoute';
import { documentTitleOf } from './documentTitle';

afterEach(cleanupRoute);

describe('the browser title of a page (decision 0051)', () => {
  it('names the page, then its business unit, then the product', () => {
    expect(documentTitleOf('Products', 'Cardiology', 'Vellum')).toBe('Products · Cardiology · Vellum');
    expect(documentTitleOf('Users', undefined, 'Vellum')).toBe('Users · Vellum');
    // a unit's home page is titled by the unit itself: not twice
    expect(documentTitleOf('Cardiology', 'Cardiology', 'Vellum')).toBe('Cardiology · Vellum');
  });

  it('the page header is the one h1 and titles the tab, with the unit of the address', async () => {
    window.history.replaceState(null, '', '/my-business-units/1/publish');
    mockServer({ 'GET /api/business-units/1/displayName': () => ok({ displayName: 'Cardiology' }) });
    renderRoute(<PageHeader title="Publish" description="What a publish changes" />, { url: '/x', path: '/x' });
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Publish']);
    await waitFor(() => expect(document.title).toBe('Publish · Cardiology · Vellum'));
  });

  it('a title that is not plain text names the tab by documentTitle', async () => {
    mockServer({});
    renderRoute(<PageHeader title={<span>ABC-100</span>} documentTitle="ABC-100" />, { url: '/x', path: '/x' });
    await waitFor(() => expect(document.title).toBe('ABC-100 · Vellum'));
  });
});
