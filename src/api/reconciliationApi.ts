import type { FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { z } from 'zod';
import type {
  BulkAnswer,
  EntryFromLine,
  LineAnswer,
  LineSelection,
  Reconciliation as ReconciliationSchema,
  ReconciliationLine as LineSchema,
  ReconciliationLines,
  ReconciliationList,
  ReconciliationPreview as PreviewSchema,
  UnmatchedEntries,
} from '../../contract/api/reconciliation';
import type { ReconciliationLineStatus } from '../../contract/reconciliation';
import type { Message } from '../../contract/api/fields';
import { apiSlice, baseQuery } from './apiSlice';
import { request } from './endpoint';
import { invalidates, withSyncedMutations, type Tag } from './tags';

/**
 * Reconciliation of a bank account against the bank's download. The file is sent as the
 * body of two calls (a preview, then the start), through the app's one transport but not as
 * RTK Query endpoints: a File has no place in the cache. The work on a reconciliation (its
 * lines, confirming, creating, ignoring, undoing) is ordinary endpoints; every one of them
 * refreshes the reconciliation here and, through the change feed, in the company's other
 * tabs, and follows the account's payments (the ledger's side of the difference).
 */

export type Reconciliation = z.output<typeof ReconciliationSchema>;
export type ReconciliationPreview = z.output<typeof PreviewSchema>;
export type ReconciliationLine = z.output<typeof LineSchema>;
export type LinePage = z.output<typeof ReconciliationLines>;
export type EntryPage = z.output<typeof UnmatchedEntries>;
export type ReconciliationPage = z.output<typeof ReconciliationList>;

const ALL: Tag = { type: 'reconciliation', id: 'LIST' };
/** What a reconciliation's figures follow: its own work, and the account's payments. */
const FOLLOWED: Tag[] = [ALL, { type: 'bank', id: 'LIST' }, 'bank'];

export const reconciliationApi = apiSlice.injectEndpoints({
  endpoints: (build) =>
    withSyncedMutations({
      listReconciliations: build.query<
        ReconciliationPage,
        { accountId: string; page: number; pageSize: number }
      >({
        query: (query) => request('listReconciliations', { query }),
        providesTags: [ALL],
      }),
      getReconciliation: build.query<Reconciliation, string>({
        query: (id) => request('getReconciliation', { params: { id } }),
        transformResponse: (answer: { data: Reconciliation }) => answer.data,
        providesTags: FOLLOWED,
      }),
      listReconciliationLines: build.query<
        LinePage,
        {
          id: string;
          page: number;
          pageSize: number;
          status?: ReconciliationLineStatus;
          search?: string;
        }
      >({
        query: ({ id, ...query }) => request('listReconciliationLines', { params: { id }, query }),
        providesTags: FOLLOWED,
      }),
      listUnmatchedEntries: build.query<EntryPage, { id: string; page: number; pageSize: number }>({
        query: ({ id, ...query }) => request('listUnmatchedEntries', { params: { id }, query }),
        providesTags: FOLLOWED,
      }),
      confirmMatches: build.mutation<
        z.output<typeof BulkAnswer>,
        { id: string } & z.input<typeof LineSelection>
      >({
        query: ({ id, ...body }) =>
          request('confirmReconciliationMatches', { params: { id }, body }),
        invalidatesTags: invalidates(() => [ALL]),
      }),
      ignoreLines: build.mutation<z.output<typeof BulkAnswer>, { id: string; lineIds: string[] }>({
        query: ({ id, ...body }) => request('ignoreReconciliationLines', { params: { id }, body }),
        invalidatesTags: invalidates(() => [ALL]),
      }),
      suggestMatches: build.mutation<z.output<typeof BulkAnswer>, string>({
        query: (id) => request('suggestReconciliationMatches', { params: { id } }),
        invalidatesTags: invalidates(() => [ALL]),
      }),
      createEntryFromLine: build.mutation<
        z.output<typeof LineAnswer>,
        { id: string; lineId: string } & z.input<typeof EntryFromLine>
      >({
        query: ({ id, lineId, ...body }) =>
          request('createEntryFromLine', { params: { id, lineId }, body }),
        invalidatesTags: invalidates(() => [ALL, { type: 'bank', id: 'LIST' }, 'dashboard']),
      }),
      undoLine: build.mutation<z.output<typeof LineAnswer>, { id: string; lineId: string }>({
        query: (params) => request('undoReconciliationLine', { params }),
        invalidatesTags: invalidates(() => [ALL]),
      }),
      deleteReconciliation: build.mutation<z.output<typeof Message>, string>({
        query: (id) => request('deleteReconciliation', { params: { id } }),
        invalidatesTags: invalidates(() => [ALL]),
      }),
    }),
});

export const {
  useListReconciliationsQuery,
  useGetReconciliationQuery,
  useListReconciliationLinesQuery,
  useListUnmatchedEntriesQuery,
  useConfirmMatchesMutation,
  useIgnoreLinesMutation,
  useSuggestMatchesMutation,
  useCreateEntryFromLineMutation,
  useUndoLineMutation,
  useDeleteReconciliationMutation,
} = reconciliationApi;

/** What the calls need of the store: its dispatch (a 401 ends the session) and state. */
export interface StoreAccess {
  dispatch: (action: never) => unknown;
  getState: () => unknown;
}

export type FileOutcome<T> = { ok: true; value: T } | { ok: false; message: string };

/** The body's media type, by the file's name: browsers type a .csv or .xls file variously. */
function bodyType(file: File): string {
  const name = file.name.toLowerCase();
  if (name.endsWith('.csv')) return 'text/csv';
  if (name.endsWith('.xlsx'))
    return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  if (name.endsWith('.xls')) return 'application/vnd.ms-excel';
  return 'application/octet-stream';
}

const UNREACHABLE = 'Could not reach the server. Check the connection and try again.';

function messageOf(error: FetchBaseQueryError): string {
  if (typeof error.status !== 'number') return UNREACHABLE;
  const data = error.data as { message?: unknown } | undefined;
  return typeof data?.message === 'string' && data.message
    ? data.message
    : 'The server could not read the file. Please try again.';
}

async function sendFile<T>(
  store: StoreAccess,
  endpoint: 'previewReconciliation' | 'createReconciliation',
  file: File,
  accountId: string,
  signal: AbortSignal,
): Promise<FileOutcome<T>> {
  const args: FetchArgs = {
    ...request(endpoint, { query: { accountId, fileName: file.name.slice(0, 200) }, body: file }),
    headers: { 'content-type': bodyType(file) },
  };
  const result = await baseQuery(
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
  if (result.error) return { ok: false, message: messageOf(result.error) };
  return { ok: true, value: (result.data as { data: T }).data };
}

/** Reads the bank's file and shows the statement, saving nothing. */
export const previewReconciliation = (
  store: StoreAccess,
  file: File,
  accountId: string,
  signal: AbortSignal,
) => sendFile<ReconciliationPreview>(store, 'previewReconciliation', file, accountId, signal);

/** Starts a reconciliation from the bank's file; the new one's lists are refreshed. */
export async function createReconciliation(
  store: StoreAccess,
  file: File,
  accountId: string,
  signal: AbortSignal,
) {
  const outcome = await sendFile<Reconciliation>(
    store,
    'createReconciliation',
    file,
    accountId,
    signal,
  );
  if (outcome.ok) store.dispatch(apiSlice.util.invalidateTags([ALL]) as never);
  return outcome;
}

/** How each state of a line reads on screen. */
export const LINE_STATUS_LABELS: Record<ReconciliationLineStatus, string> = {
  unmatched: 'Unmatched',
  suggested: 'Suggested',
  matched: 'Matched',
  created: 'Created',
  ignored: 'Ignored',
};
