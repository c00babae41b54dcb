import type { FastifyLoggerOptions, FastifyRequest } from 'fastify';

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

/** The URL with the values of secret query parameters replaced; the others kept as sent. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
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

/**
 * Fastify's logger options: JSON lines without secrets in request URLs or headers, nor the
 * parameters of a failed query in any error logged, as `{ err }` or on its own.
 */
export function loggerOptions(level: string, stream?: FastifyLoggerOptions['stream']) {
  return {
    level,
    stream,
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
