import type { User } from '../api/types';

/** Storage keys of spec §3/§9. */
export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';

export interface StoredSession {
  token: string | null;
  user: User | null;
  /** Remember Me: kept in localStorage (30 days); otherwise in this tab's sessionStorage. */
  remember: boolean;
}

function storageOf(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : (window[kind] ?? null);
  } catch {
    return null;
  }
}
const local = () => storageOf('localStorage');
const perTab = () => storageOf('sessionStorage');

function readFrom(s: Storage | null): { token: string | null; user: User | null } {
  const token = s?.getItem(TOKEN_KEY) ?? null;
  let user: User | null = null;
  try {
    const raw = s?.getItem(USER_KEY);
    user = raw ? (JSON.parse(raw) as User) : null;
  } catch {
    user = null;
  }
  return token ? { token, user } : { token: null, user: null };
}

/** The remembered session (localStorage) first, else this tab's (sessionStorage). */
export function readStoredSession(): StoredSession {
  const remembered = readFrom(local());
  if (remembered.token) return { ...remembered, remember: true };
  return { ...readFrom(perTab()), remember: false };
}

function clear(s: Storage | null) {
  s?.removeItem(TOKEN_KEY);
  s?.removeItem(USER_KEY);
}

/**
 * Keeps a session where its kind belongs: a remembered one outlives the browser, any other
 * goes when the tab does. The other store is cleared, so only one session is ever kept.
 */
export function writeStoredSession(token: string, user: User, remember: boolean): void {
  const [target, other] = remember ? [local(), perTab()] : [perTab(), local()];
  clear(other);
  // The user first: another tab reacts to the `token` change and then reads the user.
  target?.setItem(USER_KEY, JSON.stringify(user));
  target?.setItem(TOKEN_KEY, token);
}

export function writeStoredUser(user: User, remember: boolean): void {
  (remember ? local() : perTab())?.setItem(USER_KEY, JSON.stringify(user));
}

export function clearStoredSession(): void {
  clear(local());
  clear(perTab());
}
