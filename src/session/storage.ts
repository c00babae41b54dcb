import type { User } from '../api/types';

/** Local-storage keys of spec §3/§9. */
export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';

export interface StoredSession {
  token: string | null;
  user: User | null;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readStoredSession(): StoredSession {
  const s = storage();
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

export function writeStoredSession(token: string, user: User): void {
  const s = storage();
  // The user first: another tab reacts to the `token` change and then reads the user.
  s?.setItem(USER_KEY, JSON.stringify(user));
  s?.setItem(TOKEN_KEY, token);
}

export function writeStoredUser(user: User): void {
  storage()?.setItem(USER_KEY, JSON.stringify(user));
}

export function clearStoredSession(): void {
  const s = storage();
  s?.removeItem(TOKEN_KEY);
  s?.removeItem(USER_KEY);
}
