import { createApi, fetchBaseQuery, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import type {
  EndpointDefinitions,
  FetchArgs,
  FetchBaseQueryError,
  FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query';
import { TIME_ZONE_HEADER } from '../../contract/headers';
import { sessionEnded, type SessionState } from '../session/sessionSlice';
import { withSyncedMutations } from './tags';
import { browserTimeZone } from './timeZone';

export const TAG_TYPES = [
  'lend',
  'borrowed',
  'expense',
  /** The signed-in user's recurring expenses. */
  'recurring',
  /** The company's recurring payments. */
  'recurringPayment',
  /** The signed-in user's expense categories. */
  'category',
  /** The signed-in user's budgets. */
  'budget',
  'bank',
  /** The company's reconciliations of its accounts against the banks' statements. */
  'reconciliation',
  /** The company's invoicing: its profile, clients, invoices and credit notes, share links. */
  'invoice',
  'project',
  'users',
  'dashboard',
  /** The signed-in user's sessions, sign-ins and second factor. */
  'account',
  /** The audit trail. */
  'audit',
  /** The signed-in user's notifications (the bell). */
  'notifications',
] as const;
export type TagType = (typeof TAG_TYPES)[number];

/** Calls whose 401 means "wrong credentials", not "session over". */
const SESSIONLESS_ENDPOINTS = new Set([
  'login',
  'loginWithCode',
  'register',
  'logout',
  'confirmEmail',
  'revertEmail',
]);

// Absolute in the browser and in jsdom alike (Node's fetch cannot resolve a relative URL).
const origin = typeof window !== 'undefined' ? window.location.origin : '';

const rawBaseQuery = fetchBaseQuery({
  baseUrl: `${origin}/api`,
  prepareHeaders: async (headers, { getState }) => {
    // The server's "today" and its day filters follow the user's zone, not its own.
    const timeZone = await browserTimeZone();
    if (timeZone) headers.set(TIME_ZONE_HEADER, timeZone);
    // Read after the wait: the session the call goes out with is the one current then.
    const { token } = (getState() as { session: SessionState }).session;
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

/** The base query: adds the bearer token; a 401 on a signed-in call ends the session. */
export const baseQuery: BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  object,
  FetchBaseQueryMeta
> = async (args, api, extraOptions) => {
  const result = await rawBaseQuery(args, api, extraOptions);
  if (result.error?.status === 401 && !SESSIONLESS_ENDPOINTS.has(api.endpoint)) {
    const { token } = (api.getState() as { session: SessionState }).session;
    if (token) api.dispatch(sessionEnded({ reason: 'expired' }));
  }
  return result;
};

/**
 * How long a read of the cache may take before it fails as too slow. RTK Query holds every
 * invalidation's refetch until no call is pending, so one read that never got an answer (a
 * connection that stalled) would keep every list and total stale until the page is reloaded.
 * Writes get no limit: one given up here may still be saved on the server, and trying it
 * again would save it twice. Files (downloads, imports) go through `baseQuery` itself, since
 * a large one may take long on a slow line.
 */
export const READ_TIMEOUT_MS = 30_000;

/** `baseQuery` for the API slice's endpoints: its reads bounded by READ_TIMEOUT_MS. */
const endpointQuery: typeof baseQuery = (args, api, extraOptions) =>
  baseQuery(
    api.type === 'query'
      ? { timeout: READ_TIMEOUT_MS, ...(typeof args === 'string' ? { url: args } : args) }
      : args,
    api,
    extraOptions,
  );

/** The one API of the app; features add endpoints with `injectEndpoints` below. */
export const apiSlice = createApi({
  reducerPath: 'api',
  baseQuery: endpointQuery,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});

/** What an API file defines its endpoints with (`build.query`, `build.mutation`…). */
export type EndpointBuild = Parameters<
  Parameters<typeof apiSlice.injectEndpoints>[0]['endpoints']
>[0];

/**
 * An API file's endpoints, added to the one API slice, with its mutations registered so
 * that what a successful one invalidated here is sent to the other open tabs as well.
 * (Here, with the slice, so that every page's first script has it.)
 */
export const injectEndpoints = <D extends EndpointDefinitions>(
  endpoints: (build: EndpointBuild) => D,
) => apiSlice.injectEndpoints({ endpoints: (build) => withSyncedMutations(endpoints(build)) });
