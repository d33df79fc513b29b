import { AccessErrorKeys, AuthErrorKeys, ErrorKeys, OrganisationErrorKeys } from '@vellum/contract';
import { describe, expect, it, vi } from 'vitest';
import { i18n, loadAllTranslations } from '../i18n';
import { ApiError } from './client';

const show = vi.fn();
vi.mock('@mantine/notifications', () => ({ notifications: { show: (n: unknown) => show(n) } }));
const { alertOf, handleApiError, notifyAlert } = await import('./notify');
const { translateKey } = await import('./errors');

describe('every server error key has an English text', () => {
  const keys = new Set<string>([
    ...Object.values(ErrorKeys),
    ...Object.values(AccessErrorKeys),
    ...Object.values(AuthErrorKeys),
    ...Object.values(OrganisationErrorKeys),
    'error.sql.nestedIdNotFound',
  ]);
  it.each([...keys])('%s', (key) => {
    expect(i18n.exists(key)).toBe(true);
  });
});

describe('notifications', () => {
  it('announces a failed call in red, and nothing for 401', () => {
    show.mockClear();
    handleApiError(new ApiError(0, undefined, undefined, '/api/roles'));
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'red', message: 'Server not reachable' }));
    show.mockClear();
    handleApiError(new ApiError(401, undefined, new Headers(), '/api/roles'));
    expect(show).not.toHaveBeenCalled();
  });

  it('announces the alert header of a mutation result in green, with its param', () => {
    show.mockClear();
    const response = { data: {}, headers: new Headers(), alert: { key: 'vellumApp.test.created', param: 'Editors' } };
    i18n.addResource('en', 'translation', 'vellumApp.test.created', 'Group {{param}} created.');
    notifyAlert(alertOf(response));
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'green', message: 'Group Editors created.' }));
  });

  it('ignores results that are not api() responses or carry no alert', () => {
    expect(alertOf({ id: 1 })).toBeUndefined();
    expect(alertOf(undefined)).toBeUndefined();
    show.mockClear();
    notifyAlert(alertOf({ data: {}, headers: new Headers() }));
    expect(show).not.toHaveBeenCalled();
  });

  it('an alert key without a translation shows a generic success text', () => {
    show.mockClear();
    notifyAlert({ key: 'vellumApp.unknown.thing' });
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'green', message: 'Changes saved.' }));
  });
});

describe('success messages name what they speak of (decision 0051)', () => {
  it('names the business unit, not its id', async () => {
    await loadAllTranslations();
    show.mockClear();
    notifyAlert({ key: 'vellumApp.businessUnit.updated', param: 'Cardiology' });
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'green', message: 'Business unit Cardiology saved.' }));
    notifyAlert({ key: 'vellumApp.internationalization.saved', param: 'German' });
    expect(show).toHaveBeenLastCalledWith(expect.objectContaining({ message: 'Translations into German saved.' }));
  });

  it('no success text speaks of an identifier', async () => {
    await loadAllTranslations();
    const texts = (node: unknown): string[] =>
      typeof node === 'string' ? [node] : node && typeof node === 'object' ? Object.values(node).flatMap(texts) : [];
    const alerts = texts(i18n.getResourceBundle('en', 'translation').vellumApp);
    expect(alerts.length).toBeGreaterThan(50);
    expect(alerts.filter((a) => /identifier|\bid\b/i.test(a))).toEqual([]);
  });

  it('names a language an error speaks of', async () => {
    await loadAllTranslations();
    expect(translateKey(i18n.t.bind(i18n), 'error.file.languageNotInUnit', { language: 'fr' })).toBe(
      'French is not a document language of this business unit.',
    );
  });
});
