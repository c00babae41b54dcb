import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { ChangeEventData } from '../../contract/api/events';
import { pathOf } from './endpoint';
import { sessionEnded, type SessionState } from '../session/sessionSlice';
import { apiSlice, TAG_TYPES, type TagType } from './apiSlice';
import { liveStatusChanged, type LiveStatus } from './liveSlice';

/**
 * Keeps the open screens in step with changes made elsewhere (another device, a colleague,
 * the company an admin audits): while signed in, one stream of `GET /api/events` per tab,
 * read with fetch since EventSource cannot send the bearer token. Each change invalidates
 * its cache tags, so exactly the queries a local edit would refetch refetch. A dropped
 * stream is opened again with back-off and jitter, resuming from the last event id; when
 * the server cannot tell what was missed it says `reset`, and every tag is invalidated once.
 */
interface LiveStore {
  dispatch: (action: unknown) => unknown;
  getState: () => { session: SessionState; live: { status: LiveStatus } };
  subscribe: (listener: () => void) => () => void;
}

export interface LiveOptions {
  fetch?: typeof fetch;
  /** The first wait after a failure; it doubles up to `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** The server sends a comment every 25 s: silence this long means a dead connection. */
  silenceMs?: number;
  random?: () => number;
}

const DEFAULTS = { baseDelayMs: 1000, maxDelayMs: 30_000, silenceMs: 60_000 };
const KNOWN_TAGS = new Set<string>(TAG_TYPES);
const origin = typeof window !== 'undefined' ? window.location.origin : '';

/** Seconds of a Retry-After header, in ms; undefined when there is none. */
function retryAfterMs(response: Response): number | undefined {
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined;
}

/** Starts following the session; returns the function that stops it. */
export function startLiveUpdates(store: LiveStore, options: LiveOptions = {}): () => void {
  const settings = { ...DEFAULTS, ...options };
  const fetchImpl = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const random = options.random ?? Math.random;
  let current: { token: string; stop(): void } | null = null;

  const setStatus = (status: LiveStatus) => {
    if (store.getState().live.status !== status) store.dispatch(liveStatusChanged(status));
  };

  function connect(token: string) {
    let stopped = false;
    let abort: AbortController | null = null;
    let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
    let wake: (() => void) | null = null;
    let lastEventId: string | undefined;
    let failures = 0;

    /** Waits `ms`, or less when the browser comes back online or the stream is stopped. */
    const sleep = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          window.removeEventListener('online', done);
          wake = null;
          resolve();
        }
        window.addEventListener('online', done);
        wake = done;
      });

    const onEvent = (event: EventSourceMessage) => {
      if (event.id) lastEventId = event.id;
      switch (event.event) {
        case 'ready':
          failures = 0;
          setStatus('live');
          break;
        case 'change': {
          const { tags } = JSON.parse(event.data) as ChangeEventData;
          const known = (tags as string[]).filter((tag): tag is TagType => KNOWN_TAGS.has(tag));
          if (known.length) store.dispatch(apiSlice.util.invalidateTags(known));
          break;
        }
        case 'reset':
          store.dispatch(apiSlice.util.invalidateTags([...TAG_TYPES]));
          break;
      }
    };

    /** Ends the stream being read: its connection (abort) and the read waiting on it. */
    const hangUp = () => {
      abort?.abort();
      reader?.cancel().catch(() => undefined);
    };

    /** Reads one stream to its end; a silent one is given up. */
    async function read(body: ReadableStream<Uint8Array>) {
      const parser = createParser({ onEvent });
      const decoder = new TextDecoder();
      reader = body.getReader();
      let silence = setTimeout(hangUp, settings.silenceMs);
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done || stopped) break;
          clearTimeout(silence);
          silence = setTimeout(hangUp, settings.silenceMs);
          parser.feed(decoder.decode(value, { stream: true }));
        }
      } finally {
        clearTimeout(silence);
        reader = null;
      }
    }

    async function run() {
      while (!stopped) {
        let wait: number | undefined;
        abort = new AbortController();
        try {
          const headers: Record<string, string> = {
            Authorization: `Bearer ${token}`,
            Accept: 'text/event-stream',
          };
          if (lastEventId) headers['Last-Event-ID'] = lastEventId;
          const response = await fetchImpl(`${origin}/api${pathOf('streamEvents')}`, {
            headers,
            signal: abort.signal,
            cache: 'no-store',
          });
          if (response.status === 401) {
            // Like any call: the session is over.
            if (!stopped && store.getState().session.token === token)
              store.dispatch(sessionEnded({ reason: 'expired' }));
            return;
          }
          if (response.ok && response.body) await read(response.body);
          else wait = retryAfterMs(response);
        } catch {
          // Offline, refused or dropped: try again below.
        }
        if (stopped) return;
        setStatus('reconnecting');
        // Equal jitter: never at once, and tabs that lost the server together spread out.
        const backoff = Math.min(settings.maxDelayMs, settings.baseDelayMs * 2 ** failures++);
        await sleep((wait ?? backoff / 2) + random() * (wait ? 1000 : backoff / 2));
      }
    }

    void run();
    return {
      token,
      stop() {
        stopped = true;
        hangUp();
        wake?.();
      },
    };
  }

  /** One stream for the signed-in session, none while signed out or something is pending. */
  const follow = () => {
    const { token, user } = store.getState().session;
    const wanted = token && user && !user.pending ? token : null;
    if (wanted === (current?.token ?? null)) return;
    current?.stop();
    current = wanted ? connect(wanted) : null;
    if (!wanted) setStatus('off');
  };
  const unsubscribe = store.subscribe(follow);
  follow();

  return () => {
    unsubscribe();
    current?.stop();
    current = null;
    setStatus('off');
  };
}
