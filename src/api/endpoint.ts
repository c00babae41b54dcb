import type { FetchArgs } from '@reduxjs/toolkit/query';
import { ROUTES, type RouteId } from '../../contract/routes';

/** The names of a path's parameters: `/users/:id/status` -> 'id'. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type PathParams<K extends RouteId> = ParamNames<(typeof ROUTES)[K][1]>;

/** The path parameters of a call, required when its path has any. */
type Params<K extends RouteId> = [PathParams<K>] extends [never]
  ? { params?: never }
  : { params: Record<PathParams<K>, string> };

/** What a call sends besides its method and path: the JSON body, the query, path parameters. */
export type Parts<K extends RouteId> = { body?: unknown; query?: object } & Params<K>;

/** Rest arguments: the parts may be left out only by a call with no path parameters. */
type PartsArg<K extends RouteId> = [PathParams<K>] extends [never]
  ? [parts?: Parts<K>]
  : [parts: Parts<K>];

/** The path of a call below /api, its `:name` parameters filled in: for a download's address. */
export function pathOf<K extends RouteId>(id: K, ...[parts]: PartsArg<K>): string {
  const params = (parts?.params ?? {}) as Record<string, string>;
  return ROUTES[id][1].replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  );
}

/**
 * The request of a call, for an RTK Query endpoint: its method and path from the contract's
 * table (contract/routes.ts), with the body and query given.
 */
export function request<K extends RouteId>(id: K, ...args: PartsArg<K>): FetchArgs {
  const [parts] = args;
  return {
    url: pathOf(id, ...args),
    method: ROUTES[id][0],
    ...(parts?.body === undefined ? {} : { body: parts.body }),
    ...(parts?.query === undefined ? {} : { params: parts.query as Record<string, unknown> }),
  };
}

/** A call whose path has no parameters. */
export type PlainRoute = { [K in RouteId]: [PathParams<K>] extends [never] ? K : never }[RouteId];

/** A call on the one record its path names by `:id` (`/vendors/:id`). */
export type IdRoute = { [K in RouteId]: [PathParams<K>] extends ['id'] ? K : never }[RouteId];

/**
 * An edit form's Reload, as an RTK Query endpoint: one record as its list shows it now, asked
 * of the list's call by its id (`key`: the query's name for it); always fetched, never cached.
 */
export const reloadOf = <R>(list: PlainRoute, key = 'id') => ({
  query: (id: string) => request(list, { query: { [key]: id } }),
  transformResponse: (page: { data: R[] }) => page.data[0] ?? null,
  keepUnusedDataFor: 0,
});

/**
 * A list call's request from its arguments as they are, but for the company: an admin's
 * choice, left out when none is chosen ('').
 */
export const scopedList =
  (call: PlainRoute) =>
  ({ companyId, ...query }: { companyId?: string }) =>
    request(call, { query: { ...query, companyId: companyId || undefined } });
