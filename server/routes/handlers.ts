import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Endpoint } from '../../contract/api/endpoint';
import type { Db } from '../db/client';
import type { Caller } from '../lib/caller';
import { registerRoutes, type Routes } from '../lib/registerRoutes';
import { callerOf } from '../plugins/auth';
import { sendCsv } from './csv';

/** A service as most are: the database and the caller, then what the request gives it. */
type Service<A extends unknown[], T> = (db: Db, caller: Caller, ...args: A) => Promise<T>;

type WithQuery<Q> = FastifyRequest & { query: Q };
type WithId = FastifyRequest & { params: { id: string } };
type WithBody<B> = FastifyRequest & { body: B };

/**
 * The handlers of the routes that only hand one part of the request to a service for the
 * caller and answer its result in the envelope, said once for every area. Each reads `app.db`
 * per call, as a handler written out does.
 */
export function handlersOf(app: { db: Db }) {
  return {
    /** One page of a list (rows, total, cursors…) read with the query, spread into the answer. */
    page:
      <Q, T extends object>(list: Service<[Q], T>) =>
      async (request: WithQuery<Q>) => ({
        success: true as const,
        ...(await list(app.db, callerOf(request), request.query)),
      }),
    /** One page of a list within the record of the path's id, read with the query. */
    pageIn:
      <Q, T extends object>(list: Service<[string, Q], T>) =>
      async (request: WithId & WithQuery<Q>) => ({
        success: true as const,
        ...(await list(app.db, callerOf(request), request.params.id, request.query)),
      }),
    /** What the caller reads of its own, with nothing from the request. */
    mine:
      <T>(read: Service<[], T>) =>
      async (request: FastifyRequest) => ({
        success: true as const,
        data: await read(app.db, callerOf(request)),
      }),
    /** What a service reads with the query. */
    read:
      <Q, T>(read: Service<[Q], T>) =>
      async (request: WithQuery<Q>) => ({
        success: true as const,
        data: await read(app.db, callerOf(request), request.query),
      }),
    /** The record of the path's id. */
    one:
      <T>(get: Service<[string], T>) =>
      async (request: WithId) => ({
        success: true as const,
        data: await get(app.db, callerOf(request), request.params.id),
      }),
    /** A record made from the body, with what was done. */
    added:
      <B, T>(message: string, add: Service<[B], T>) =>
      async (request: WithBody<B>) => ({
        success: true as const,
        message,
        data: await add(app.db, callerOf(request), request.body),
      }),
    /** The record of the path's id changed by the body, with what was done. */
    updated:
      <B, T>(message: string, update: Service<[string, B], T>) =>
      async (request: WithId & WithBody<B>) => ({
        success: true as const,
        message,
        data: await update(app.db, callerOf(request), request.params.id, request.body),
      }),
    /**
     * What a service answers of the request (path, query, body) with a message: what it made
     * or changed and what was done, or what it read and what that is.
     */
    done:
      <R, T>(message: string, call: (db: Db, caller: Caller, request: R) => Promise<T>) =>
      async (request: R) => ({
        success: true as const,
        message,
        data: await call(app.db, callerOf(request as FastifyRequest), request),
      }),
    /** The record of the path's id removed (deleted, revoked…): only what was done. */
    removed: (message: string, remove: Service<[string], unknown>) => async (request: WithId) => {
      await remove(app.db, callerOf(request), request.params.id);
      return { success: true as const, message };
    },
    /** The record of the body's `id` deleted, or restored: only what was done. */
    doneToBodyId:
      (message: string, remove: Service<[string], unknown>) =>
      async (request: WithBody<{ id: string }>) => {
        await remove(app.db, callerOf(request), request.body.id);
        return { success: true as const, message };
      },
    /** A CSV file a service names and writes from the query, streamed as it is made. */
    csv:
      <Q>(file: Service<[Q], { name: string; lines: AsyncIterable<string> }>) =>
      async (request: WithQuery<Q>, reply: FastifyReply) => {
        const { name, lines } = await file(app.db, callerOf(request), request.query);
        return sendCsv(reply, name, lines);
      },
  };
}

/** A call's fields as the services name them: its `amount` (in paise) is their `amountPaise`. */
export const inPaise = <B extends { amount?: unknown }>({ amount, ...rest }: B) => ({
  ...rest,
  amountPaise: amount as B['amount'],
});

export type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * The plugin of an area whose every call needs a session: its routes, built with the app and
 * the common handlers, registered from the area's table of the contract.
 */
export const signedInRoutes =
  <T extends Record<string, Endpoint>>(entries: T) =>
  (
    routes: (app: App, handlers: ReturnType<typeof handlersOf>) => Routes<T>,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', app.authenticate);
    registerRoutes(app, entries, routes(app, handlersOf(app)));
  };
