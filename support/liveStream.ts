import { request, type IncomingMessage } from 'node:http';
import { createParser } from 'eventsource-parser';

/** An event as the stream sent it; `at` is when it arrived. */
interface Received {
  event: string;
  id?: string;
  data: any;
  at: number;
}

/**
 * A live stream opened as a client opens it (a GET with the bearer token), its events
 * collected as they come. node:http rather than fetch: an aborted fetch leaves undici
 * opening a spare connection that would keep the test server from closing.
 */
export async function openStream(
  origin: string,
  token: string,
  opts: { lastEventId?: string; accept?: string } = {},
) {
  const req = request(`${origin}/api/events`, {
    headers: {
      authorization: `Bearer ${token}`,
      accept: opts.accept ?? 'text/event-stream',
      ...(opts.lastEventId ? { 'last-event-id': opts.lastEventId } : {}),
    },
  });
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    req.on('response', resolve).on('error', reject).end();
  });
  res.setEncoding('utf8');
  const status = res.statusCode!;
  const header = (name: string) => res.headers[name] as string | undefined;
  // A refusal's JSON, for the test to read; only a stream is parsed as events.
  let refusal: any;
  if (status !== 200) {
    let text = '';
    for await (const chunk of res) text += chunk;
    refusal = JSON.parse(text);
  }
  const events: Received[] = [];
  const comments: string[] = [];
  let wake: () => void = () => {};
  let ended = false;
  const endedAt = new Promise<void>((resolve) => {
    if (status !== 200) return resolve();
    const parser = createParser({
      onEvent: (e) => {
        events.push({
          event: e.event ?? 'message',
          id: e.id,
          data: JSON.parse(e.data),
          at: Date.now(),
        });
        wake();
      },
      onComment: (comment) => {
        comments.push(comment);
        wake();
      },
    });
    res.on('data', (chunk: string) => parser.feed(chunk));
    res.on('close', () => {
      ended = true;
      wake();
      resolve();
    });
  });

  /** Resolves once `ok` holds, or fails after `ms`. */
  async function until(ok: () => boolean, ms: number, what: string) {
    const deadline = Date.now() + ms;
    while (!ok()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  return {
    status,
    header,
    refusal,
    events,
    comments,
    get ended() {
      return ended;
    },
    endedAt,
    /** The first event (from `from` on) with this name and, for changes, this tag. */
    async next(event: string, tag?: string, ms = 1000, from = 0) {
      const match = (e: Received) =>
        e.event === event && (!tag || (e.data.tags as string[] | undefined)?.includes(tag));
      await until(() => events.slice(from).some(match), ms, `${event} ${tag ?? ''}`);
      return events.slice(from).find(match)!;
    },
    changes: () => events.filter((e) => e.event === 'change'),
    until,
    close: () => req.destroy(),
  };
}
export type Stream = Awaited<ReturnType<typeof openStream>>;
