import type { User } from '../api/types';
import type { Tag } from '../api/tags';
import { apiSlice } from '../api/apiSlice';
import { loggedIn, restoring, sessionEnded, userUpdated, type SessionState } from './sessionSlice';
import { readStoredSession, TOKEN_KEY, USER_KEY } from './storage';

/**
 * Keeps the open tabs of one browser in step:
 * - `storage` events on the token key carry logins and logouts of a remembered session
 *   (localStorage);
 * - a BroadcastChannel carries the rest: a session that is not remembered lives in each tab's
 *   sessionStorage, so a new tab asks the open ones for it, and logins and logouts are told;
 *   and the cache tags a successful mutation invalidated, so the other tabs of the same user
 *   refetch exactly what changed.
 * Both are feature-detected: without them each tab simply works on its own.
 */
const CHANNEL_NAME = 'ecm-sync';
/** How long a new tab waits for an open one to share its session. */
export const RESTORE_WAIT_MS = 200;

type Message =
  | { kind: 'invalidate'; userId: string | null; tags: Tag[] }
  /** A new tab without a stored session asks the open ones. */
  | { kind: 'ask' }
  /** A session that is not remembered, for the tabs that have none. */
  | { kind: 'share'; token: string; user: User }
  /** That session ended: the tabs holding it end it too. */
  | { kind: 'ended'; token: string; reason: 'logout' | 'expired' };

let sender: BroadcastChannel | null | undefined;

function openChannel(): BroadcastChannel | null {
  if (typeof BroadcastChannel !== 'function') return null;
  const channel = new BroadcastChannel(CHANNEL_NAME);
  // Node (tests) would otherwise keep the process alive for an idle channel.
  (channel as unknown as { unref?: () => void }).unref?.();
  return channel;
}

function post(message: Message) {
  if (sender === undefined) sender = openChannel();
  sender?.postMessage(message);
}

export function publishInvalidatedTags(tags: Tag[]): void {
  if (tags.length === 0) return;
  post({ kind: 'invalidate', userId: readStoredSession().user?._id ?? null, tags });
}

/** Offers this tab's new session (not remembered) to the other open tabs. */
export const publishSession = (token: string, user: User) => post({ kind: 'share', token, user });

/** Tells the other tabs that this session ended. */
export const publishSessionEnded = (token: string, reason: 'logout' | 'expired') =>
  post({ kind: 'ended', token, reason });

interface SyncStore {
  dispatch: (action: unknown) => unknown;
  getState: () => { session: SessionState };
}

/** Starts listening to the other tabs; returns the function that stops it. */
export function startCrossTabSync(store: SyncStore): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== TOKEN_KEY && event.key !== USER_KEY && event.key !== null) return;
    if (event.storageArea && event.storageArea !== window.localStorage) return;
    const { token, user, remember } = store.getState().session;
    const stored = readStoredSession();
    if (!stored.remember) {
      // The remembered session went; a tab on a session of its own keeps it.
      if (token && remember) store.dispatch(sessionEnded({ reason: 'logout', remote: true }));
    } else if (stored.token !== token) {
      if (stored.user) {
        store.dispatch(
          loggedIn({ token: stored.token!, user: stored.user, remember: true, remote: true }),
        );
      }
    } else if (stored.user && JSON.stringify(stored.user) !== JSON.stringify(user)) {
      store.dispatch(userUpdated(stored.user));
    }
  };
  window.addEventListener('storage', onStorage);

  const receiver = openChannel();
  const onMessage = (event: MessageEvent<Message>) => {
    const message = event.data;
    const session = store.getState().session;
    switch (message?.kind) {
      case 'invalidate':
        if (session.user && session.user._id === message.userId)
          store.dispatch(apiSlice.util.invalidateTags(message.tags));
        break;
      case 'ask':
        if (session.token && session.user && !session.remember)
          post({ kind: 'share', token: session.token, user: session.user });
        break;
      case 'share':
        if (!session.token)
          store.dispatch(
            loggedIn({ token: message.token, user: message.user, remember: false, remote: true }),
          );
        break;
      case 'ended':
        if (session.token === message.token)
          store.dispatch(sessionEnded({ reason: message.reason, remote: true }));
        break;
    }
  };
  receiver?.addEventListener('message', onMessage as EventListener);

  // A new tab with nothing stored asks the open ones before it sends anyone to login.
  let waiting: ReturnType<typeof setTimeout> | undefined;
  if (receiver && !store.getState().session.token) {
    store.dispatch(restoring(true));
    post({ kind: 'ask' });
    waiting = setTimeout(() => store.dispatch(restoring(false)), RESTORE_WAIT_MS);
  }

  return () => {
    clearTimeout(waiting);
    window.removeEventListener('storage', onStorage);
    receiver?.removeEventListener('message', onMessage as EventListener);
    receiver?.close();
  };
}
