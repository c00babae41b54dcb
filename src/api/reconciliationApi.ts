import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
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
import { apiSlice, injectEndpoints } from './apiSlice';
import { request } from './endpoint';
import { sendFile, UNREACHABLE, type StoreAccess } from './fileUpload';
import { onRecord, onRecordId } from './recordMutations';
import { invalidates, type Tag } from './tags';

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

const ALL: Tag = { type: 'reconciliation', id: 'LIST' };
/** What a reconciliation's figures follow: its own work, and the account's payments. */
const FOLLOWED: Tag[] = [ALL, { type: 'bank', id: 'LIST' }, 'bank'];
/** What the work on a reconciliation changes: the reconciliations. */
const worked = () => [ALL];

export const reconciliationApi = injectEndpoints((build) => ({
  listReconciliations: build.query<
    z.output<typeof ReconciliationList>,
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
    z.output<typeof ReconciliationLines>,
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
  listUnmatchedEntries: build.query<
    z.output<typeof UnmatchedEntries>,
    { id: string; page: number; pageSize: number }
  >({
    query: ({ id, ...query }) => request('listUnmatchedEntries', { params: { id }, query }),
    providesTags: FOLLOWED,
  }),
  confirmMatches: build.mutation<
    z.output<typeof BulkAnswer>,
    { id: string } & z.input<typeof LineSelection>
  >(onRecord('confirmReconciliationMatches', worked)),
  ignoreLines: build.mutation<z.output<typeof BulkAnswer>, { id: string; lineIds: string[] }>(
    onRecord('ignoreReconciliationLines', worked),
  ),
  suggestMatches: build.mutation<z.output<typeof BulkAnswer>, string>(
    onRecordId('suggestReconciliationMatches', worked),
  ),
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
  deleteReconciliation: build.mutation<z.output<typeof Message>, string>(
    onRecordId('deleteReconciliation', worked),
  ),
}));

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

export type { StoreAccess };

export type FileOutcome<T> = { ok: true; value: T } | { ok: false; message: string };

function messageOf(error: FetchBaseQueryError): string {
  if (typeof error.status !== 'number') return UNREACHABLE;
  const data = error.data as { message?: unknown } | undefined;
  return typeof data?.message === 'string' && data.message
    ? data.message
    : 'The server could not read the file. Please try again.';
}

async function sendStatement<T>(
  store: StoreAccess,
  endpoint: 'previewReconciliation' | 'createReconciliation',
  file: File,
  accountId: string,
  signal: AbortSignal,
): Promise<FileOutcome<T>> {
  const query = { accountId, fileName: file.name.slice(0, 200) };
  const result = await sendFile(store, endpoint, file, query, signal);
  if (result.error) return { ok: false, message: messageOf(result.error) };
  return { ok: true, value: (result.data as { data: T }).data };
}

/** Reads the bank's file and shows the statement, saving nothing. */
export const previewReconciliation = (
  store: StoreAccess,
  file: File,
  accountId: string,
  signal: AbortSignal,
) => sendStatement<ReconciliationPreview>(store, 'previewReconciliation', file, accountId, signal);

/** Starts a reconciliation from the bank's file; the new one's lists are refreshed. */
export async function createReconciliation(
  store: StoreAccess,
  file: File,
  accountId: string,
  signal: AbortSignal,
) {
  const outcome = await sendStatement<Reconciliation>(
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
