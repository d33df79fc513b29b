import { afterEach, describe, expect, it } from 'vitest';
import { clearToken, getDemo, getToken, restoreOriginal, storeDemo, storeToken } from './session';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('demo mode in the stored session (spec 001 §4)', () => {
  it('keeps the original token, switches to the demo token, and restores the original at exit', () => {
    storeToken('original', false);
    expect(getDemo()).toBeNull();
    storeDemo('demo', { kind: 'USER_GROUP', label: 'Orthopaedics viewers' });
    expect(getToken()).toBe('demo');
    expect(getDemo()).toEqual({ kind: 'USER_GROUP', label: 'Orthopaedics viewers' });
    expect(restoreOriginal()).toBe('original');
    expect(getToken()).toBe('original');
    expect(getDemo()).toBeNull();
  });

  it('a second demo keeps the first original token; with "remember me" all of it lives in localStorage', () => {
    storeToken('original', true);
    storeDemo('demo-1', { kind: 'USER', label: 'vera' });
    storeDemo('demo-2', { kind: 'USER', label: 'otto' });
    expect(localStorage.getItem('vellum-originalToken')).toBe('original');
    expect(getDemo()?.label).toBe('otto');
    restoreOriginal();
    expect(getToken()).toBe('original');
  });

  it('is on while an original token is stored, even without the flag; signing out forgets all of it', () => {
    storeToken('original', false);
    storeDemo('demo', { kind: 'USER', label: 'vera' });
    sessionStorage.removeItem('vellum-demo');
    expect(getDemo()).toEqual({ kind: 'USER_GROUP', label: '' });
    clearToken();
    expect(getToken()).toBeNull();
    expect(getDemo()).toBeNull();
    expect(sessionStorage.length + localStorage.length).toBe(0);
  });
});
