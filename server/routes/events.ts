import { PassThrough } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EVENT_ID_PATTERN, eventEndpoints } from '../../contract/api/events';
import { serviceUnavailable, tooManyRequests } from '../lib/errors';
import { errors } from '../lib/schemas';
import { registerRoutes } from '../lib/registerRoutes';
import { tarpit } from '../lib/tarpit';
import { callerOf } from '../plugins/auth';
import type { ChangeFeed, Listener } from '../services/changeFeed';

/** Streams one user may hold open on one server: a tab each. */
export const STREAMS_PER_USER = 16;
/** A reader this far behind is not reading: its stream ends, and it resumes when it returns. */
const MAX_BUFFERED = 64 * 1024;
const EVENT_ID = new RegExp(EVENT_ID_PATTERN);

const TOO_MANY = 'Too many open live connections. Close some tabs, or try again in a minute.';

/** The id to resume from: the query's, else the standard header's when it is one of ours. */
function lastEventIdOf(request: FastifyRequest, fromQuery: string | undefined) {
  const header = request.headers['last-event-id'];
  return fromQuery ?? (typeof header === 'string' && EVENT_ID.test(header) ? header : undefined);
}

const STREAM_TYPE = 'text/event-stream; charset=utf-8';

export const eventRoutes =
  (feed: ChangeFeed, streamsPerUser = STREAMS_PER_USER): FastifyPluginAsyncZod =>
  async (app) => {
    const capped = async (request: FastifyRequest) => {
      if (feed.openCount(callerOf(request).userId) < streamsPerUser) return;
      await tarpit();
      throw tooManyRequests(TOO_MANY, 30);
    };

    registerRoutes(app, eventEndpoints, {
      streamEvents: {
        tags: ['live'],
        summary:
          'Live changes: which of the caller’s cached lists and figures changed, as Server-Sent Events',
        description: [
          'Send `Accept: text/event-stream` and the stream stays open while the session lasts;',
          'without it the answer is what the stream would send first (the changes since',
          '`lastEventId`, then `ready`) and ends. After each committed change the caller may',
          'read, a `change` event names the cache tags and up to 20 record ids, never the data.',
          'A change reaches its owner for personal records (expenses, lend, borrowed), and the',
          'company, its admin and the PMs who read it for company records; never the session',
          'that made it. `Last-Event-ID` (or `lastEventId`) resumes after a reconnect; when the',
          'changes since then are not known here (another server, too long ago) the first',
          'event is `reset`. The stream ends when its session ends (logout, revoked, expired).',
          `At most ${streamsPerUser} open streams per user and server (429), and the open`,
          'limit below (429); both with Retry-After.',
        ].join(' '),
        answers: 'The event stream',
        refusals: errors(400, 401, 403, 429),
        options: {
          onRequest: app.authenticate,
          compress: false,
          preHandler: [
            capped,
            app.limitBy({
              limit: app.limits.streamsPerAccount,
              key: (request) => `events:account:${callerOf(request).userId}`,
              message: 'Too many live connections opened. Please try again in a few minutes.',
            }),
          ],
        },
        handler: async (request, reply) => {
          const caller = callerOf(request);
          const reader = {
            userId: caller.userId,
            role: caller.role,
            companyId: caller.companyId,
            sessionId: caller.sessionId,
          };
          const lastEventId = lastEventIdOf(request, request.query.lastEventId);
          if (!request.headers.accept?.includes('text/event-stream'))
            return reply
              .header('content-type', STREAM_TYPE)
              .send(feed.catchUp(reader, lastEventId));

          if (feed.closed) throw serviceUnavailable('Service unavailable, please try again', 5);
          await feed.start();
          // Checked again after the awaits, with nothing in between that could add a stream.
          if (feed.openCount(caller.userId) >= streamsPerUser) throw tooManyRequests(TOO_MANY, 30);

          const out = new PassThrough();
          const listener: Listener = {
            ...reader,
            write(text) {
              if (out.writableLength > MAX_BUFFERED) out.end();
              else if (out.writable) out.write(text);
            },
            end: () => out.end(),
          };
          out.on('finish', () => feed.remove(listener));
          // A reader gone mid-stream: the stream is destroyed, not ended, and the answer with it
          // (else its connection would stay open, and keep the server from stopping).
          out.on('close', () => {
            feed.remove(listener);
            if (!reply.raw.writableEnded) reply.raw.destroy();
          });
          // The response's close, not the request's: that one fires once a GET has been read.
          reply.raw.on('close', () => out.destroy());
          feed.add(listener, lastEventId);
          return (
            reply
              .header('content-type', STREAM_TYPE)
              // Proxies that buffer answers (nginx) would hold the events back.
              .header('x-accel-buffering', 'no')
              // A stream's connection ends with it, also when the server ends it (stopping).
              .header('connection', 'close')
              .send(out)
          );
        },
      },
    });
  };
