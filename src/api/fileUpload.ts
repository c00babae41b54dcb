import type { FetchArgs } from '@reduxjs/toolkit/query';
import { IMPORT_BODY_TYPES } from '../../contract/imports';
import { baseQuery } from './apiSlice';
import { request, type PlainRoute } from './endpoint';

/**
 * Calls that send a file itself as the body (an import, a bank statement to reconcile): through
 * the app's one transport (`baseQuery`: the same base URL, bearer token and time-zone header as
 * every call, and a 401 ends the session), but not as RTK Query endpoints, as a File has no
 * place in the cache.
 */

/** What the calls need of the store: its dispatch (a 401 ends the session) and state. */
export interface StoreAccess {
  dispatch: (action: never) => unknown;
  getState: () => unknown;
}

export const UNREACHABLE = 'Could not reach the server. Check the connection and try again.';

/** The body's media type, by the file's name: browsers type a .csv or .xls file variously, or not. */
export function bodyType(file: File): (typeof IMPORT_BODY_TYPES)[number] {
  const name = file.name.toLowerCase();
  if (name.endsWith('.csv')) return 'text/csv';
  if (name.endsWith('.xlsx'))
    return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  if (name.endsWith('.xls')) return 'application/vnd.ms-excel';
  return 'application/octet-stream';
}

/** Sends `file` to `endpoint` with the query given; `responseHandler` reads the answer. */
export function sendFile(
  store: StoreAccess,
  endpoint: PlainRoute,
  file: File,
  query: object,
  signal: AbortSignal,
  responseHandler?: (response: Response) => Promise<unknown>,
) {
  const args: FetchArgs = {
    ...request(endpoint, { query, body: file }),
    headers: { 'content-type': bodyType(file) },
    ...(responseHandler ? { responseHandler } : {}),
  };
  return baseQuery(
    args,
    {
      signal,
      abort: () => undefined,
      dispatch: store.dispatch as never,
      getState: store.getState,
      extra: undefined,
      endpoint,
      type: 'mutation',
    },
    {},
  );
}
