import type { FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import type { Endpoint } from '../../contract/api/endpoint';
import { answer, download } from './schemas';

/** What an entry's schema `K` parses to, or unknown when it has none. */
type Parsed<E, K extends string> = E extends { [P in K]: infer S extends z.ZodType }
  ? z.output<S>
  : unknown;

/** What an entry takes and answers, as its schemas parse them. */
interface Shapes {
  body: unknown;
  query: unknown;
  params: unknown;
  answer: unknown;
}

/** A refusal in the document: what it means and, mostly, the error envelope. */
type Response = { description: string; content?: object };

/**
 * How the server answers one entry of the contract, and what the OpenAPI document says of it
 * beyond the entry (which gives the method, path, schemas and success status).
 */
interface RouteOf<S extends Shapes> {
  tags: string[];
  summary: string;
  description?: string;
  /** What the success answer is, in a few words. */
  answers: string;
  /** The refusals it may give: `errors(...)` of lib/schemas.ts, and any of its own. */
  refusals: Record<number, Response>;
  /** Reached without a session: the document says no security applies. */
  public?: true;
  /** Fastify's options of this route: its hooks (session, rate limits), compression, config. */
  options?: Omit<RouteShorthandOptions, 'schema'>;
  /** Answers with the entry's JSON answer, or the reply it sent itself (a file, a stream). */
  handler: (
    request: FastifyRequest<{ Body: S['body']; Querystring: S['query']; Params: S['params'] }>,
    reply: FastifyReply,
  ) => Promise<S['answer'] | FastifyReply>;
}

/** The route of an entry: entries that take and answer the same share their routes' type. */
export type Route<E> = E extends Endpoint
  ? RouteOf<{
      body: Parsed<E, 'body'>;
      query: Parsed<E, 'query'>;
      params: Parsed<E, 'params'>;
      answer: Parsed<E, 'answer'>;
    }>
  : never;

/** One route for every entry of a table: a key missing or not in the table does not compile. */
export type Routes<T extends Record<string, Endpoint>> = { [K in keyof T]: Route<T[K]> };

/** The success answer of an entry in the document: JSON, a file to save, or a stream. */
function success(entry: Endpoint, description: string) {
  if (entry.answer) return answer(description, entry.answer);
  if (entry.download) return download(description, entry.download);
  if (entry.stream) return download(description, entry.stream);
  return { description };
}

/**
 * Registers a route for each entry of `entries` (an area's table of the contract): its method,
 * path, operationId (its key, or `operationId(key)`), body/query/params schemas, answer and
 * success status from the entry; the rest from its route.
 */
export function registerRoutes<T extends Record<string, Endpoint>>(
  app: { route: (options: never) => unknown },
  entries: T,
  routes: Routes<T>,
  operationId: (key: Extract<keyof T, string>) => string = (key) => key,
) {
  for (const key of Object.keys(entries) as Extract<keyof T, string>[]) {
    const entry = entries[key] as Endpoint;
    const route = routes[key] as RouteOf<Shapes>;
    const status = entry.status ?? 200;
    const handler = route.handler as (request: FastifyRequest, reply: FastifyReply) => unknown;
    app.route({
      ...route.options,
      method: entry.method,
      url: entry.path,
      schema: {
        tags: route.tags,
        operationId: operationId(key),
        summary: route.summary,
        ...(route.description === undefined ? {} : { description: route.description }),
        ...(route.public ? { security: [] } : {}),
        ...(entry.body ? { body: entry.body } : {}),
        ...(entry.query ? { querystring: entry.query } : {}),
        ...(entry.params ? { params: entry.params } : {}),
        response: { [status]: success(entry, route.answers), ...route.refusals },
      },
      handler:
        status === 200
          ? handler
          : (request: FastifyRequest, reply: FastifyReply) => handler(request, reply.code(status)),
    } as never);
  }
}
