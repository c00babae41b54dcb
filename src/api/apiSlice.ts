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
import { WRITE_TIMED_OUT } from './errors';

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
 * How long an endpoint's call may take before it fails as too slow. RTK Query holds every
 * refetch that an edit or a live event asks for until no call is open, so one call that never
 * got an answer (a connection that stalled) would keep every list and total stale until the
 * page is reloaded. A read is given 30 s. A write is given longer, and its failure says it may
 * still have been saved (the server may have committed it after the tab stopped waiting), so
 * that nobody sends it twice unseen; it refetches what it would have changed (`invalidates`
 * in tags.ts), which shows whether it was. An endpoint may set its own `timeout`. Files
 * (downloads, imports) go through `baseQuery` itself, since a large one may take long on a
 * slow line, and hold no refetch.
 */
export const READ_TIMEOUT_MS = 30_000;
export const WRITE_TIMEOUT_MS = 120_000;

/** `baseQuery` for the API slice's endpoints, bounded as above. */
const endpointQuery: typeof baseQuery = async (args, api, extraOptions) => {
  const read = api.type === 'query';
  const result = await baseQuery(
    {
      timeout: read ? READ_TIMEOUT_MS : WRITE_TIMEOUT_MS,
      ...(typeof args === 'string' ? { url: args } : args),
    },
    api,
    extraOptions,
  );
  if (!read && result.error?.status === 'TIMEOUT_ERROR')
    return { error: { status: 'TIMEOUT_ERROR', error: WRITE_TIMED_OUT }, meta: result.meta };
  return result;
};

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
