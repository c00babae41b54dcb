import type pg from 'pg';

/** Stops one subscription. */
export type Unlisten = () => Promise<void>;

/** What a subscriber to a channel hears: each payload, and that some may have been lost. */
export interface Subscriber {
  onPayload(payload: string): void;
  /** The connection was lost and is back: notifications sent meanwhile never arrived. */
  onGap?(): void;
}

/** Subscribers by channel, for a connection that LISTENs on their channels. */
export class Channels {
  private readonly byName = new Map<string, Set<Subscriber>>();

  get names() {
    return [...this.byName.keys()];
  }
  get size() {
    return this.byName.size;
  }
  /** Adds a subscriber; true when it is the channel's first (the connection must LISTEN). */
  add(channel: string, subscriber: Subscriber) {
    const set = this.byName.get(channel);
    if (set) set.add(subscriber);
    else this.byName.set(channel, new Set([subscriber]));
    return !set;
  }
  /** Removes a subscriber; true when the channel has none left (the connection may UNLISTEN). */
  remove(channel: string, subscriber: Subscriber) {
    const set = this.byName.get(channel);
    if (!set?.delete(subscriber) || set.size > 0) return false;
    this.byName.delete(channel);
    return true;
  }
  deliver(channel: string, payload: string) {
    for (const subscriber of this.byName.get(channel) ?? []) subscriber.onPayload(payload);
  }
  gap() {
    for (const set of this.byName.values()) for (const subscriber of set) subscriber.onGap?.();
  }
}

/** A channel name as an SQL identifier (LISTEN takes no parameter). */
const identifier = (channel: string) => `"${channel.replace(/"/g, '""')}"`;

const PING_EVERY_MS = 30_000;
const MAX_RETRY_MS = 10_000;

/**
 * LISTEN on PostgreSQL over one dedicated connection of its own (a pooled one would be
 * handed to queries, and its notifications lost). A lost connection is opened again with
 * back-off; once it is back, subscribers hear of the gap. A ping finds a connection that
 * died silently (a half-open socket never reports an error).
 */
export function postgresListener(connectionString: string, Client: typeof pg.Client) {
  const channels = new Channels();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let attempt = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let ping: ReturnType<typeof setInterval> | undefined;

  const lost = (c: pg.Client) => {
    if (c !== client) return;
    client = null;
    clearInterval(ping);
    c.end().catch(() => undefined);
    if (!closed && channels.size > 0) reconnectLater();
  };

  async function open(): Promise<pg.Client> {
    const c = new Client({ connectionString, keepAlive: true, query_timeout: 10_000 });
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    c.on('notification', (message) => channels.deliver(message.channel, message.payload ?? ''));
    try {
      await c.connect();
      for (const channel of channels.names) await c.query(`LISTEN ${identifier(channel)}`);
    } catch (error) {
      c.end().catch(() => undefined);
      throw error;
    }
    client = c;
    ping = setInterval(() => void c.query('SELECT 1').catch(() => lost(c)), PING_EVERY_MS);
    ping.unref();
    return c;
  }

  const connected = () => {
    if (client) return Promise.resolve(client);
    connecting ??= open().finally(() => (connecting = null));
    return connecting;
  };

  function reconnectLater() {
    if (retry || closed) return;
    // Full jitter: app servers that lost the database together do not return together.
    const delay = Math.random() * Math.min(MAX_RETRY_MS, 250 * 2 ** attempt++);
    retry = setTimeout(() => {
      retry = undefined;
      connected().then(
        () => {
          attempt = 0;
          channels.gap();
        },
        () => reconnectLater(),
      );
    }, delay);
    retry.unref();
  }

  return {
    async listen(channel: string, subscriber: Subscriber): Promise<Unlisten> {
      if (closed) throw new Error('The database is closed');
      const first = channels.add(channel, subscriber);
      try {
        const c = await connected();
        // LISTEN twice is harmless: open() may have listened already.
        if (first) await c.query(`LISTEN ${identifier(channel)}`);
      } catch (error) {
        channels.remove(channel, subscriber);
        throw error;
      }
      return async () => {
        if (!channels.remove(channel, subscriber)) return;
        const c = client;
        if (channels.size === 0) {
          client = null;
          clearInterval(ping);
          await c?.end().catch(() => undefined);
        } else await c?.query(`UNLISTEN ${identifier(channel)}`).catch(() => undefined);
      };
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      clearInterval(ping);
      const c = client ?? (await connecting?.catch(() => null));
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
