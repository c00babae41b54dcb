import type { z } from 'zod';
import type {
  Counterparty as CounterpartySchema,
  CounterpartyEvent,
  CounterpartyHistory as CounterpartyHistorySchema,
  CounterpartyHistoryAnswer,
  CounterpartyList,
  CounterpartyListQuery,
} from '../../../contract/api/counterparties';
import type { Message } from '../../../contract/api/fields';
import type {
  LOAN_NOUNS,
  LendReminder,
  Loan as LoanSchema,
  LoanAnswer,
  LoanFields,
  LoanFilter as LoanFilterSchema,
  LoanList,
  LoanListQuery,
  LoanUpdate,
  Repayment as RepaymentSchema,
  RepaymentAnswer,
  RepaymentFields,
  RepaymentList,
} from '../../../contract/api/loans';
import type { LoanDirection } from '../../../contract/enums';
import { pathOf, request } from '../../api/endpoint';
import type { RouteId } from '../../../contract/routes';
import { injectEndpoints } from '../../api/apiSlice';
import { changedTags, createdTags, invalidates, listTags, type Tag } from '../../api/tags';

export type { LoanSort } from '../../../contract/api/loans';

/** A lend (money the user lent) or a borrowed (money the user borrowed): one shape, two tables. */
export type Loan = z.output<typeof LoanSchema>;
/** What the form sends: the amount in rupees. */
export type LoanInput = z.input<typeof LoanFields>;

/** Optional to the server, always sent by the SPA: the user's local date decides due/overdue. */
interface Today {
  today: string;
}

/** What a loan list or report asks for. */
export type LoanFilter = z.output<typeof LoanFilterSchema> & Today;
export type LoanListArgs = { direction: LoanDirection } & z.output<typeof LoanListQuery> & Today;

/** One page, with the sums over every row matching the filter. */
export type LoanPage = z.output<typeof LoanList>;

export type Repayment = z.output<typeof RepaymentSchema>;
export type RepaymentInput = z.input<typeof RepaymentFields>;

export type Counterparty = z.output<typeof CounterpartySchema>;
export type CounterpartyPage = z.output<typeof CounterpartyList>;
export type CounterpartyEventKind = z.output<typeof CounterpartyEvent>['kind'];
/** One person's history; `balance` is positive when they owe the user. */
export type CounterpartyHistory = z.output<typeof CounterpartyHistorySchema>;

type MessageAnswer = z.output<typeof Message>;

/** Each direction's noun in its calls' operation ids: 'add' and lend -> addLend. */
const NOUNS: typeof LOAN_NOUNS = { lend: 'Lend', borrowed: 'Borrowed' };
/** The operations each direction has ('add', 'list', ...). */
type LoanOperation = RouteId extends infer Id ? (Id extends `${infer Op}Lend` ? Op : never) : never;
/** The call of an operation of a direction ('add', 'lend' -> addLend). */
const loanCall = <Op extends LoanOperation>(op: Op, d: LoanDirection) =>
  `${op}${NOUNS[d]}` as `${Op}${(typeof LOAN_NOUNS)[LoanDirection]}`;

/** Addresses of a direction's calls that are not API slice endpoints: its CSV export. */
export const loanUrl = {
  exportCsv: (d: LoanDirection) => pathOf(loanCall('export', d)),
};

/** A loan changed (or one of its repayments): its row, both lists' totals, people, dashboard. */
const loanChanged = (d: LoanDirection, id: string): Tag[] => [
  ...changedTags(d, id),
  { type: d, id: 'PEOPLE' },
];

/** The people view is made of both tables: any loan change refreshes it. */
const peopleTags: Tag[] = [
  { type: 'lend', id: 'PEOPLE' },
  { type: 'borrowed', id: 'PEOPLE' },
];

export const loansApi = injectEndpoints((build) => ({
  getLoans: build.query<LoanPage, LoanListArgs>({
    query: ({ direction, ...params }) => request(loanCall('list', direction), { query: params }),
    providesTags: (result, _error, { direction }) => listTags(direction)(result),
  }),
  /** One entry as it is now, for an edit form's Reload: always fetched, never cached. */
  getLoan: build.query<Loan | null, { direction: LoanDirection; id: string } & Today>({
    query: ({ direction, id, today }) =>
      request(loanCall('list', direction), { query: { id, today } }),
    transformResponse: (page: LoanPage) => page.data[0] ?? null,
    keepUnusedDataFor: 0,
  }),
  addLoan: build.mutation<
    z.output<typeof LoanAnswer>,
    { direction: LoanDirection; input: LoanInput }
  >({
    query: ({ direction, input }) => request(loanCall('add', direction), { body: input }),
    invalidatesTags: invalidates((_r, { direction }) => [
      ...createdTags(direction),
      { type: direction, id: 'PEOPLE' },
    ]),
  }),
  updateLoan: build.mutation<
    z.output<typeof LoanAnswer>,
    { direction: LoanDirection; input: z.input<typeof LoanUpdate> }
  >({
    query: ({ direction, input }) => request(loanCall('update', direction), { body: input }),
    invalidatesTags: invalidates((_r, { direction, input }) => loanChanged(direction, input._id)),
  }),
  deleteLoan: build.mutation<MessageAnswer, { direction: LoanDirection; id: string }>({
    query: ({ direction, id }) => request(loanCall('delete', direction), { body: { id } }),
    invalidatesTags: invalidates((_r, { direction, id }) => loanChanged(direction, id)),
  }),
  /** Undoes a delete of moments ago: the entry and its repayments come back. */
  restoreLoan: build.mutation<MessageAnswer, { direction: LoanDirection; id: string }>({
    query: ({ direction, id }) => request(loanCall('restore', direction), { body: { id } }),
    invalidatesTags: invalidates((_r, { direction, id }) => loanChanged(direction, id)),
  }),
  getRepayments: build.query<
    z.output<typeof RepaymentList>,
    { direction: LoanDirection; id: string }
  >({
    query: ({ direction, id }) =>
      request(loanCall('listRepaymentsOf', direction), { query: { id } }),
    // Tagged with the loan's own tag: any change of the loan refetches its repayments.
    providesTags: (_r, _e, { direction, id }) => [{ type: direction, id }],
  }),
  addRepayment: build.mutation<
    z.output<typeof RepaymentAnswer>,
    { direction: LoanDirection; input: RepaymentInput }
  >({
    query: ({ direction, input }) =>
      request(loanCall('addRepaymentTo', direction), { body: input }),
    invalidatesTags: invalidates((_r, { direction, input }) =>
      loanChanged(direction, input.loanId),
    ),
  }),
  deleteRepayment: build.mutation<
    MessageAnswer,
    { direction: LoanDirection; id: string; loanId: string }
  >({
    query: ({ direction, id }) =>
      request(loanCall('deleteRepaymentOf', direction), { body: { id } }),
    invalidatesTags: invalidates((_r, { direction, loanId }) => loanChanged(direction, loanId)),
  }),
  sendLendReminder: build.mutation<MessageAnswer, Loan>({
    // The server builds the mail from the stored lend; the spec's fields ride along.
    query: (lend) =>
      request('sendLendReminder', {
        body: {
          _id: lend._id,
          email: lend.email,
          amount: lend.amount,
          issueDate: lend.issueDate,
          repaymentDate: lend.repaymentDate,
        } satisfies z.input<typeof LendReminder>,
      }),
  }),
  getCounterparties: build.query<CounterpartyPage, z.output<typeof CounterpartyListQuery>>({
    query: ({ search, page, pageSize }) =>
      request('listCounterparties', { query: { search, page, pageSize } }),
    providesTags: peopleTags,
  }),
  getCounterparty: build.query<z.output<typeof CounterpartyHistoryAnswer>, string>({
    query: (email) => request('counterpartyHistory', { query: { email } }),
    providesTags: peopleTags,
  }),
}));

export const {
  useGetLoansQuery,
  useLazyGetLoanQuery,
  useAddLoanMutation,
  useUpdateLoanMutation,
  useDeleteLoanMutation,
  useRestoreLoanMutation,
  useGetRepaymentsQuery,
  useAddRepaymentMutation,
  useDeleteRepaymentMutation,
  useSendLendReminderMutation,
  useGetCounterpartiesQuery,
  useGetCounterpartyQuery,
} = loansApi;
