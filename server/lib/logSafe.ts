import { LogController, type FastifyLoggerOptions, type FastifyRequest } from 'fastify';
import pino from 'pino';

/**
 * What is logged of a failed query: its SQL and PostgreSQL's code and message. Drizzle's
 * error carries the query's parameters (e-mails, password hashes) in its message and
 * `params`, and PostgreSQL's `detail` can quote a row: neither is kept.
 */
class QueryFailed extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly query: string,
    frames: string,
  ) {
    super(message);
    this.stack = `QueryFailed: ${message}\n${frames}`;
  }
}

/** The error to log: `err` itself, or without its parameters if a query failed in it. */
export function safeError(err: unknown): unknown {
  let e: unknown = err;
  for (let depth = 0; e instanceof Error && depth < 5; depth++, e = e.cause) {
    const { query, cause } = e as {
      query?: unknown;
      cause?: { code?: unknown; message?: unknown };
    };
    if (typeof query !== 'string' || !('params' in e)) continue;
    // The stack's first lines repeat the message: keep only the frames.
    const frames = ((err as Error).stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
    return new QueryFailed(
      typeof cause?.message === 'string' ? cause.message : 'Failed query',
      typeof cause?.code === 'string' ? cause.code : undefined,
      query,
      frames.join('\n'),
    );
  }
  return err;
}

/** Query parameters whose values are secrets, such as the reset link's ?token=. */
const SECRET_PARAM = /token|password|secret|code/i;

/**
 * A shared link's token in its path (/statement/<token>, /api/public/khata/<token>/pdf,
 * /api/public/invoices/<token>): a bearer secret as much as a reset link's ?token=.
 */
const SECRET_PATH = /^((?:\/api)?\/(?:statement|public\/khata|public\/invoices)\/)[^/?]+/;

/**
 * The URL with a shared link's token and the values of secret query parameters replaced; the
 * rest kept as sent.
 */
export function redactUrl(sent: string): string {
  const url = sent.replace(SECRET_PATH, '$1[redacted]');
  const q = url.indexOf('?');
  if (q < 0) return url;
  // Most queries (a list's page, a search) name no secret: kept whole without being taken
  // apart. An escaped or '+' name is decoded below before it is judged.
  const query = url.slice(q + 1);
  if (!SECRET_PARAM.test(query) && !/[%+]/.test(query)) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name.replaceAll('+', ' '));
      } catch {
        /* malformed: match it as sent */
      }
      return SECRET_PARAM.test(name) ? `${pair.slice(0, eq)}=[redacted]` : pair;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

/** How lines are gathered into one write; not at debug level, which follows calls as they come. */
const BATCHED = { minLength: 4096, periodicFlush: 250 };

/** pino's lines begin with their level: 50 is error, 60 fatal. */
const ERROR_LINE = /^\{"level":[56]\d,/;

/** A sync write at most this often: an error storm must not hold the event loop. */
const SYNC_EVERY_MS = 100;

/**
 * A batched destination that writes out what is waiting as soon as an error line joins it:
 * synchronously (the process may be killed next) unless a batch is already on its way, which
 * a sync write would overtake, or one was written under 100 ms ago; then asynchronously.
 *
 * Lines are gathered here and handed to the destination a batch (4 KB) at a time, every
 * quarter second, before an error line and as the process exits: the destination measures the
 * bytes of the text it is gathering on each write it is given, so one line at a time would
 * re-read the whole batch for each (a third of a request line's cost).
 */
function errorsAtOnce(batched: ReturnType<typeof pino.destination>) {
  let lastSync = 0;
  let waiting = '';
  const handOver = () => {
    if (!waiting) return;
    const lines = waiting;
    waiting = '';
    batched.write(lines);
  };
  const every = setInterval(() => {
    try {
      handOver();
      batched.flush();
    } catch {
      /* closing: what was handed over goes out as the destination closes */
    }
  }, BATCHED.periodicFlush).unref();
  batched.once('close', () => clearInterval(every));
  // pino writes out what its destination holds as the process exits, before or after this.
  process.once('exit', () => {
    try {
      handOver();
      batched.flushSync();
    } catch {
      /* not open, or closed already */
    }
  });
  return {
    write(line: string) {
      waiting += line;
      if (!ERROR_LINE.test(line)) {
        if (waiting.length >= BATCHED.minLength) handOver();
        return;
      }
      handOver();
      const now = performance.now();
      const inFlight = (batched as unknown as { _writing: boolean })._writing;
      try {
        if (inFlight || now - lastSync < SYNC_EVERY_MS) return batched.flush();
        lastSync = now;
        batched.flushSync();
      } catch {
        /* not open yet, or closing: the batch goes out as it would have */
      }
    },
    flush: (done?: (err?: Error) => void) => {
      handOver();
      batched.flush(done);
    },
  };
}

/**
 * Fastify's logger options: JSON lines without secrets in request URLs or headers, nor the
 * parameters of a failed query in any error logged, as `{ err }` or on its own. Without a
 * `stream` (tests pass theirs), lines go to stdout asynchronously and in batches: they are
 * gathered until 4 KB are waiting (or a quarter of a second has passed), then handed to the
 * kernel in one write off the request's path. A write of each line on its own, through
 * Node's thread pool, cost more of a busy server's CPU than building the line. What is
 * waiting is written out before the process exits (pino and errorsAtOnce write it on exit), and at once,
 * with everything waiting before it, when an error line comes: a process killed outright
 * (SIGKILL, out of memory) still leaves the error that led there in its log.
 */
export function loggerOptions(level: string, stream?: FastifyLoggerOptions['stream']) {
  return {
    level,
    stream:
      stream ??
      (level === 'silent'
        ? undefined
        : level === 'debug' || level === 'trace'
          ? pino.destination({ dest: 1, sync: false })
          : errorsAtOnce(pino.destination({ dest: 1, sync: false, minLength: BATCHED.minLength }))),
    redact: ['req.headers.authorization'],
    hooks: {
      logMethod(this: unknown, args: unknown[], method: (...args: unknown[]) => void) {
        const [first] = args;
        if (first instanceof Error) args[0] = safeError(first);
        else if (first && typeof first === 'object' && 'err' in first)
          args[0] = { ...first, err: safeError(first.err) };
        method.apply(this, args);
      },
    },
    serializers: {
      // Fastify's own request serializer, with the URL redacted.
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        version: req.headers?.['accept-version'] as string | undefined,
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  };
}

/** A duration in milliseconds to a tenth. */
const tenths = (ms: number) => Math.round(ms * 10) / 10;

/**
 * One line per request, written when its answer has gone: its method, URL (secrets
 * redacted), route, status and time in milliseconds, with the request id (`reqId`) every
 * line of a request carries; at error level with the error when the answer failed. Fastify's
 * own two (one as the request arrives, one when it is answered) cost as much again. At debug
 * level a line also says when a request arrives (to see the calls in flight).
 */
export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest) {
    if ((request.log as pino.Logger).isLevelEnabled('debug'))
      request.log.debug(
        { method: request.method, url: redactUrl(request.url) },
        'request received',
      );
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: { statusCode: number; elapsedTime: number; log: FastifyRequest['log'] },
  ) {
    // Below info (warn, say) a request that went well writes nothing: nothing to build.
    if (!error && !(reply.log as pino.Logger).isLevelEnabled('info')) return;
    const line = {
      method: request.method,
      url: redactUrl(request.url),
      route: request.routeOptions.url,
      status: reply.statusCode,
      ms: tenths(reply.elapsedTime),
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}
