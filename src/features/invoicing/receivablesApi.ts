import type { z } from 'zod';
import type {
  Receipt as ReceiptSchema,
  Receivable as ReceivableSchema,
} from '../../../contract/api/receipts';
import type { AnswerOf, BodyOf, QueryOf } from '../../api/contractTypes';
import { pathOf, request } from '../../api/endpoint';
import { injectEndpoints } from '../../api/apiSlice';
import { onRecord, sendBody } from '../../api/recordMutations';
import type { Tag } from '../../api/tags';

/**
 * Money received from clients, what each client and project still owes, and a client's
 * statement. Receipts change invoices (part paid, paid), the company's bank account (one
 * credit through the ledger) and its figures; the change feed names `invoice` for them.
 */

export type Receipt = z.output<typeof ReceiptSchema>;
export type Receivable = z.output<typeof ReceivableSchema>;
export type ReceivablePage = AnswerOf<'listReceivables'>;
export type Statement = AnswerOf<'clientStatement'>['data'];
export type ReceivableArgs = QueryOf<'listReceivables'>;

/** A receipt moves invoices, receivables, the account's balance and the dashboard. */
const moved: Tag[] = ['invoice', 'bank', 'dashboard'];

export const receivablesApi = injectEndpoints((build) => ({
  getReceipts: build.query<AnswerOf<'listReceipts'>, QueryOf<'listReceipts'>>({
    query: (query) => request('listReceipts', { query }),
    providesTags: ['invoice'],
  }),
  addReceipt: build.mutation<AnswerOf<'addReceipt'>, BodyOf<'addReceipt'>>(
    sendBody('addReceipt', moved),
  ),
  reverseReceipt: build.mutation<AnswerOf<'reverseReceipt'>, { id: string; version: number }>(
    onRecord('reverseReceipt', () => moved),
  ),
  getReceivables: build.query<ReceivablePage, ReceivableArgs>({
    query: (query) => request('listReceivables', { query }),
    providesTags: ['invoice'],
  }),
  getClientStatement: build.query<
    Statement,
    { clientId: string; from: string; to: string; companyId?: string }
  >({
    query: ({ clientId, ...query }) =>
      request('clientStatement', { params: { id: clientId }, query }),
    transformResponse: (answer: AnswerOf<'clientStatement'>) => answer.data,
    providesTags: ['invoice'],
  }),
}));

export const {
  useGetReceiptsQuery,
  useAddReceiptMutation,
  useReverseReceiptMutation,
  useGetReceivablesQuery,
  useGetClientStatementQuery,
} = receivablesApi;

/** A client statement's file (CSV or PDF) for a range, through the download helper. */
export function statementFilePath(
  kind: 'csv' | 'pdf',
  clientId: string,
  range: { from: string; to: string; companyId?: string },
): string {
  const path = pathOf(kind === 'csv' ? 'clientStatementCsv' : 'clientStatementPdf', {
    params: { id: clientId },
  });
  const query = new URLSearchParams({ from: range.from, to: range.to });
  if (range.companyId) query.set('companyId', range.companyId);
  return `${path}?${query}`;
}
