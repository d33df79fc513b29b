/** Where the bearer token lives: localStorage with "remember me", sessionStorage otherwise. */
export const TOKEN_KEY = 'vellum-authenticationToken';
/** Demo mode (spec 001 §4, §7): the token it replaced, and whom it views the admin as. */
export const ORIGINAL_TOKEN_KEY = 'vellum-originalToken';
export const DEMO_KEY = 'vellum-demo';

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY) ?? sessionStorage.getItem(TOKEN_KEY);
}

export function storeToken(token: string, rememberMe: boolean): void {
  clearToken();
  (rememberMe ? localStorage : sessionStorage).setItem(TOKEN_KEY, token);
}

export function clearToken(): void {
  for (const storage of [localStorage, sessionStorage]) {
    for (const key of [TOKEN_KEY, ORIGINAL_TOKEN_KEY, DEMO_KEY]) storage.removeItem(key);
  }
}

export interface DemoInfo {
  kind: 'USER_GROUP' | 'USER';
  label: string;
}

const heldIn = (): Storage => (localStorage.getItem(TOKEN_KEY) !== null ? localStorage : sessionStorage);

/** Keeps the original token beside the session's, switches to the demo token and sets the demo flag. */
export function storeDemo(demoToken: string, info: DemoInfo): void {
  const original = getToken();
  if (!original) return;
  const storage = heldIn();
  // a second demo keeps the first original token
  if (storage.getItem(ORIGINAL_TOKEN_KEY) === null) storage.setItem(ORIGINAL_TOKEN_KEY, original);
  storage.setItem(TOKEN_KEY, demoToken);
  storage.setItem(DEMO_KEY, JSON.stringify(info));
}

/** Demo mode is on while an original token or the demo flag is stored; null otherwise. */
export function getDemo(): DemoInfo | null {
  const storage = heldIn();
  const flag = storage.getItem(DEMO_KEY);
  if (flag === null && storage.getItem(ORIGINAL_TOKEN_KEY) === null) return null;
  try {
    const info = JSON.parse(flag ?? 'null') as Partial<DemoInfo> | null;
    return { kind: info?.kind === 'USER' ? 'USER' : 'USER_GROUP', label: typeof info?.label === 'string' ? info.label : '' };
  } catch {
    return { kind: 'USER_GROUP', label: '' };
  }
}

/** Restores the original token and drops the demo flag; answers the original token (null when there is none). */
export function restoreOriginal(): string | null {
  const storage = heldIn();
  const original = storage.getItem(ORIGINAL_TOKEN_KEY);
  storage.removeItem(ORIGINAL_TOKEN_KEY);
  storage.removeItem(DEMO_KEY);
  if (original) storage.setItem(TOKEN_KEY, original);
  else storage.removeItem(TOKEN_KEY);
  return original;
}
