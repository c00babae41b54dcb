import type { Tag } from '../api/tags';
import { apiSlice } from '../api/apiSlice';
import { loggedIn, sessionEnded, userUpdated, type SessionState } from './sessionSlice';
import { readStoredSession, TOKEN_KEY, USER_KEY } from './storage';

/**
 * Keeps the open tabs of one browser in step:
 * - `storage` events on the token key carry logins and logouts;
 * - a BroadcastChannel carries the cache tags a successful mutation invalidated, so the
 *   other tabs of the same user refetch exactly what changed.
 * Both are feature-detected: without them each tab simply works on its own.
 */
const CHANNEL_NAME = 'ecm-sync';

interface InvalidateMessage {
  kind: 'invalidate';
  userId: string | null;
  tags: Tag[];
}

let sender: BroadcastChannel | null | undefined;

function openChannel(): BroadcastChannel | null {
  if (typeof BroadcastChannel !== 'function') return null;
  const channel = new BroadcastChannel(CHANNEL_NAME);
  // Node (tests) would otherwise keep the process alive for an idle channel.
  (channel as unknown as { unref?: () => void }).unref?.();
  return channel;
}

export function publishInvalidatedTags(tags: Tag[]): void {
  if (tags.length === 0) return;
  if (sender === undefined) sender = openChannel();
  const message: InvalidateMessage = {
    kind: 'invalidate',
    userId: readStoredSession().user?._id ?? null,
    tags,
  };
  sender?.postMessage(message);
}

interface SyncStore {
  dispatch: (action: unknown) => unknown;
  getState: () => { session: SessionState };
}

/** Starts listening to the other tabs; returns the function that stops it. */
export function startCrossTabSync(store: SyncStore): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== TOKEN_KEY && event.key !== USER_KEY && event.key !== null) return;
    const { token, user } = store.getState().session;
    const stored = readStoredSession();
    if (!stored.token) {
      if (token) store.dispatch(sessionEnded({ reason: 'logout', remote: true }));
    } else if (stored.token !== token) {
      if (stored.user) {
        store.dispatch(loggedIn({ token: stored.token, user: stored.user, remote: true }));
      }
    } else if (stored.user && JSON.stringify(stored.user) !== JSON.stringify(user)) {
      store.dispatch(userUpdated(stored.user));
    }
  };
  window.addEventListener('storage', onStorage);

  const receiver = openChannel();
  const onMessage = (event: MessageEvent<InvalidateMessage>) => {
    const message = event.data;
    if (message?.kind !== 'invalidate') return;
    const me = store.getState().session.user?._id ?? null;
    if (!me || me !== message.userId) return;
    store.dispatch(apiSlice.util.invalidateTags(message.tags));
  };
  receiver?.addEventListener('message', onMessage as EventListener);

  return () => {
    window.removeEventListener('storage', onStorage);
    receiver?.removeEventListener('message', onMessage as EventListener);
    receiver?.close();
  };
}
