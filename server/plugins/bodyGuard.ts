import type { ServerResponse } from 'node:http';
import { Transform, type Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/errors';

/** Timings of a request's body; tests shorten them. */
export interface BodyTimings {
  /** The longest wait for the next bytes of a body. */
  idleMs: number;
  /** After this long, a body must have come at `minBytesPerSecond` on average since. */
  graceMs: number;
  minBytesPerSecond: number;
}

export const BODY_TIMINGS: BodyTimings = {
  idleMs: 20_000,
  graceMs: 30_000,
  minBytesPerSecond: 4096,
};

/** A body that stopped arriving: answered, and the connection closed behind the answer. */
const stalled = () =>
  new HttpError(
    408,
    'The request stopped arriving before it was complete. Please try again.',
    {},
    { connection: 'close' },
  );

/** A client that went away mid-body: nobody is there to read the answer. */
const interrupted = () =>
  new HttpError(400, 'The request was interrupted by the client', { code: 'malformed_request' });

/**
 * Every request body (a form's JSON or an imported file) passes a guard that ends it when it
 * stalls (nothing for `idleMs`) or trickles (less than `minBytesPerSecond` on average after
 * `graceMs`): a client sending a byte every few seconds no longer holds a connection, a file
 * slot or memory for as long as it likes. A client that goes away mid-body is told apart from
 * a lost database, so a load balancer's health check is not fooled by it.
 */
export const bodyGuardPlugin = fp(async (app: FastifyInstance, opts: Partial<BodyTimings>) => {
  const timings = { ...BODY_TIMINGS, ...opts };
  // A callback, not an async hook: it runs for every request, and most have no body.
  app.addHook('preParsing', (request, reply, payload, done) => {
    const { headers } = request;
    const hasBody =
      headers['transfer-encoding'] !== undefined ||
      (headers['content-length'] !== undefined && headers['content-length'] !== '0');
    done(null, hasBody ? guard(payload, reply.raw, timings) : payload);
  });
});

function guard(source: Readable, response: ServerResponse, t: BodyTimings): Readable {
  const started = Date.now();
  let bytes = 0;
  let timer: NodeJS.Timeout | undefined;
  const out = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      (out as Readable & { receivedEncodedLength?: number }).receivedEncodedLength = bytes;
      const late = Date.now() - started - t.graceMs;
      if (late > 0 && bytes < (late / 1000) * t.minBytesPerSecond) return done(stalled());
      arm();
      done(null, chunk);
    },
    flush(done) {
      clearTimeout(timer);
      done();
    },
    destroy(error, done) {
      clearTimeout(timer);
      done(error);
    },
  });
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => out.destroy(stalled()), t.idleMs);
  };
  const gone = () => {
    if (!out.writableFinished) out.destroy(interrupted());
  };
  source.on('error', gone);
  source.on('aborted', gone);
  source.on('close', () => {
    if (!source.readableEnded) gone();
  });
  // Answered before the body was read (a refusal): the rest is read and dropped, as Node does
  // with a body nobody reads, so the connection can serve its next request.
  response.once('finish', () => {
    clearTimeout(timer);
    if (!source.readableEnded) {
      source.unpipe(out);
      source.resume();
    }
  });
  // Whoever reads the body hears of its errors; one nobody reads must not stop the server.
  out.on('error', () => {});
  arm();
  return source.pipe(out);
}
