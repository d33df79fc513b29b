import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InternationalizationRow, TranslationCount, WebsiteTranslationRow } from '@vellum/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type MockRequest, mockServer, ok, problem } from '../../test/fakeServer';
import { cleanupRoute, renderRoute } from '../../test/renderRoute';
import { auth, signedInWith } from '../../test/signedIn';
import { ManufacturerTranslationsPage, WebsiteTranslationsPage } from './TranslationsPage';

vi.mock('../../platform/auth', () => ({ useAuth: () => auth.current }));

const PATH = '/my-business-units/:businessUnitId/website-configuration/website-translations';
const URL = '/my-business-units/1/website-configuration/website-translations';

const counts: TranslationCount[] = [
  { interfaceLanguageISO: 'de', total: 2, translated: 1, missing: 1 },
  { interfaceLanguageISO: 'fr', total: 2, translated: 0, missing: 2 },
];
const website = (language: string): WebsiteTranslationRow[] => [
  {
    translationKey: 'country.choose',
    maxLength: 50,
    interfaceLanguageISO: language,
    sourceValue: 'Choose your country',
    translatedValue: language === 'de' ? 'Land wählen' : null,
    inheritedValue: 'Choose your country',
    inheritedFrom: 'DEFAULT',
    dictionary: false,
  },
  {
    translationKey: 'search.submit',
    maxLength: 20,
    interfaceLanguageISO: language,
    sourceValue: 'Search',
    translatedValue: null,
    inheritedValue: 'Suchen',
    inheritedFrom: 'MANUFACTURER',
    dictionary: false,
  },
];
const productTypes: InternationalizationRow[] = [
  {
    translationKey: 'product_type.7.name',
    entityName: 'product_type',
    entityId: 7,
    field: 'name',
    label: 'Catheter',
    richText: false,
    maxLength: 50,
    interfaceLanguageISO: 'de',
    sourceValue: 'Catheter',
    translatedValue: null,
    cloudStorageObjectKey: null,
    dictionary: false,
  },
];
const page = (items: unknown[]) =>
  ok({ items, pageable: { pageNumber: 0, pageSize: 20, totalPages: 1, totalElements: items.length }, counts });

function server(save: (req: MockRequest) => ReturnType<typeof ok> = () => ok({ translations: [], removed: 0 })) {
  return mockServer({
    'GET /api/website-translations': (req) => page(website(req.query.get('interfaceLanguageISO') ?? 'en')),
    'GET /api/internationalizations': () => page(productTypes),
    'POST /api/website-translations': save,
    'POST /api/internationalizations': save,
  });
}

const input = (key: string) => screen.getByRole('textbox', { name: `Translation of ${key}` }) as HTMLInputElement;
const saveButton = () => screen.getByRole('button', { name: /^Save/ }) as HTMLButtonElement;

beforeEach(() => {
  signedInWith(['TRANSLATION']);
});
afterEach(cleanupRoute);

describe('website translations screen', () => {
  it('opens the first language, shows the English source beside each value, counts and marks missing translations', async () => {
    const calls = server();
    renderRoute(<WebsiteTranslationsPage />, { url: URL, path: PATH });
    await waitFor(() => expect(input('country.choose').value).toBe('Land wählen'));
    expect(screen.getByText('Choose your country')).toBeTruthy();
    expect(within(screen.getByTestId('count-de')).getByText('1 missing')).toBeTruthy();
    expect(within(screen.getByTestId('count-fr')).getByText('2 missing')).toBeTruthy();
    // the second text has no German of its own, but inherits the manufacturer's
    expect(screen.getByText('Inherited from the manufacturer: Suchen')).toBeTruthy();
    const last = calls.filter((c) => c.key === 'GET /api/website-translations').at(-1) as MockRequest;
    expect(last.query.get('business-unit')).toBe('1');
    expect(last.query.get('interfaceLanguageISO')).toBe('de');
    expect(last.query.get('sort')).toBe('translationKey,asc');
  });

  it('saves the edited rows in one call and names a refused row', async () => {
    const calls = server(() =>
      problem(400, 'error.internationalization.translatedValueTooLong', { params: { index: 0, translationKey: 'search.submit', max: 20 } }),
    );
    renderRoute(<WebsiteTranslationsPage />, { url: `${URL}?lang=de`, path: PATH });
    await waitFor(() => expect(input('search.submit')).toBeTruthy());
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(input('search.submit'), { target: { value: 'Los' } });
    fireEvent.change(input('country.choose'), { target: { value: '' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    expect(saveButton().textContent).toContain('Save 2 changes');
    fireEvent.click(saveButton());
    await screen.findByText('Nothing was saved');
    const post = calls.find((c) => c.key === 'POST /api/website-translations') as MockRequest;
    expect(post.query.get('interfaceLanguageISO')).toBe('de');
    expect(post.body).toEqual({
      translations: [
        { translationKey: 'search.submit', translatedValue: 'Los' },
        { translationKey: 'country.choose', translatedValue: null },
      ],
    });
    expect(screen.getAllByText('The translation is too long: at most 20 characters.').length).toBeGreaterThan(0);
  });

  it('refuses a value longer than the field allows before sending it', async () => {
    server();
    renderRoute(<WebsiteTranslationsPage />, { url: `${URL}?lang=de`, path: PATH });
    await waitFor(() => expect(input('search.submit')).toBeTruthy());
    fireEvent.change(input('search.submit'), { target: { value: 'x'.repeat(21) } });
    await screen.findByText('The translation is too long: at most 20 characters.');
    expect(saveButton().disabled).toBe(true);
  });

  it('translates a record type through api/internationalizations', async () => {
    const calls = server(() => ok({ internationalizations: [], removed: 0 }));
    renderRoute(<WebsiteTranslationsPage />, { url: `${URL}?lang=de&what=product_type`, path: PATH });
    await waitFor(() => expect(input('product_type.7.name')).toBeTruthy());
    expect(screen.getByTestId('missing-badge')).toBeTruthy();
    fireEvent.change(input('product_type.7.name'), { target: { value: 'Katheter' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /api/internationalizations')).toBe(true));
    const post = calls.find((c) => c.key === 'POST /api/internationalizations') as MockRequest;
    expect(post.query.get('entityName')).toBe('product_type');
    expect(post.body).toEqual({ internationalizations: [{ translationKey: 'product_type.7.name', translatedValue: 'Katheter' }] });
  });

  it('keeps both choices when the record type and the language are chosen one right after the other', async () => {
    const calls = server();
    renderRoute(<WebsiteTranslationsPage />, { url: URL, path: PATH });
    await waitFor(() => expect(input('search.submit')).toBeTruthy());
    fireEvent.change(screen.getByTestId('subject-select'), { target: { value: 'product_type' } });
    fireEvent.change(screen.getByTestId('language-select'), { target: { value: 'fr' } });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toContain('what=product_type'));
    expect(screen.getByTestId('location').textContent).toContain('lang=fr');
    await waitFor(() =>
      expect(calls.some((c) => c.key === 'GET /api/internationalizations' && c.query.get('interfaceLanguageISO') === 'fr')).toBe(true),
    );
  });

  it('is read-only without the right', async () => {
    signedInWith(['PRODUCT_READ']);
    server();
    renderRoute(<WebsiteTranslationsPage />, { url: `${URL}?lang=de`, path: PATH });
    await waitFor(() => expect(input('search.submit').readOnly).toBe(true));
    expect(screen.queryByRole('button', { name: /^Save/ })).toBeNull();
  });
});

describe('manufacturer translations screen', () => {
  it('edits the website texts of unit 0 only', async () => {
    signedInWith({ 0: ['TRANSLATION'] });
    const calls = server();
    renderRoute(<ManufacturerTranslationsPage />, {
      url: '/general-settings/manufacturer-translations',
      path: '/general-settings/manufacturer-translations',
    });
    await screen.findByText('Manufacturer translations');
    await waitFor(() => expect(calls.some((c) => c.query.get('business-unit') === '0')).toBe(true));
    expect(screen.queryByTestId('subject-select')).toBeNull();
    expect(calls.every((c) => c.key === 'GET /api/website-translations')).toBe(true);
  });
});
