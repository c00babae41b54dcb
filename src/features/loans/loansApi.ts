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
import { apiSlice } from '../../api/apiSlice';
import {
  changedTags,
  createdTags,
  invalidates,
  listTags,
  type Tag,
  withSyncedMutations,
} from '../../api/tags';

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

/** Calls of a direction: /lend/addlend, /borrowed/addborrowed, /lend/getuseralllends… */
export const loanUrl = {
  list: (d: LoanDirection) => `/${d}/getuserall${d}s`,
  add: (d: LoanDirection) => `/${d}/add${d}`,
  update: (d: LoanDirection) => `/${d}/update${d}`,
  remove: (d: LoanDirection) => `/${d}/delete${d}`,
  restore: (d: LoanDirection) => `/${d}/restore${d}`,
  exportCsv: (d: LoanDirection) => `/${d}/export`,
  repayments: (d: LoanDirection) => `/${d}/getrepayments`,
  addRepayment: (d: LoanDirection) => `/${d}/addrepayment`,
  deleteRepayment: (d: LoanDirection) => `/${d}/deleterepayment`,
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

export const loansApi = apiSlice.injectEndpoints({
  endpoints: (build) =>
    withSyncedMutations({
      getLoans: build.query<LoanPage, LoanListArgs>({
        query: ({ direction, ...params }) => ({ url: loanUrl.list(direction), params }),
        providesTags: (result, _error, { direction }) => listTags(direction)(result),
      }),
      /** One entry as it is now, for an edit form's Reload: always fetched, never cached. */
      getLoan: build.query<Loan | null, { direction: LoanDirection; id: string } & Today>({
        query: ({ direction, id, today }) => ({
          url: loanUrl.list(direction),
          params: { id, today },
        }),
        transformResponse: (page: LoanPage) => page.data[0] ?? null,
        keepUnusedDataFor: 0,
      }),
      addLoan: build.mutation<
        z.output<typeof LoanAnswer>,
        { direction: LoanDirection; input: LoanInput }
      >({
        query: ({ direction, input }) => ({
          url: loanUrl.add(direction),
          method: 'POST',
          body: input,
        }),
        invalidatesTags: invalidates((_r, { direction }) => [
          ...createdTags(direction),
          { type: direction, id: 'PEOPLE' },
        ]),
      }),
      updateLoan: build.mutation<
        z.output<typeof LoanAnswer>,
        { direction: LoanDirection; input: z.input<typeof LoanUpdate> }
      >({
        query: ({ direction, input }) => ({
          url: loanUrl.update(direction),
          method: 'POST',
          body: input,
        }),
        invalidatesTags: invalidates((_r, { direction, input }) =>
          loanChanged(direction, input._id),
        ),
      }),
      deleteLoan: build.mutation<MessageAnswer, { direction: LoanDirection; id: string }>({
        query: ({ direction, id }) => ({
          url: loanUrl.remove(direction),
          method: 'POST',
          body: { id },
        }),
        invalidatesTags: invalidates((_r, { direction, id }) => loanChanged(direction, id)),
      }),
      /** Undoes a delete of moments ago: the entry and its repayments come back. */
      restoreLoan: build.mutation<MessageAnswer, { direction: LoanDirection; id: string }>({
        query: ({ direction, id }) => ({
          url: loanUrl.restore(direction),
          method: 'POST',
          body: { id },
        }),
        invalidatesTags: invalidates((_r, { direction, id }) => loanChanged(direction, id)),
      }),
      getRepayments: build.query<
        z.output<typeof RepaymentList>,
        { direction: LoanDirection; id: string }
      >({
        query: ({ direction, id }) => ({ url: loanUrl.repayments(direction), params: { id } }),
        // Tagged with the loan's own tag: any change of the loan refetches its repayments.
        providesTags: (_r, _e, { direction, id }) => [{ type: direction, id }],
      }),
      addRepayment: build.mutation<
        z.output<typeof RepaymentAnswer>,
        { direction: LoanDirection; input: RepaymentInput }
      >({
        query: ({ direction, input }) => ({
          url: loanUrl.addRepayment(direction),
          method: 'POST',
          body: input,
        }),
        invalidatesTags: invalidates((_r, { direction, input }) =>
          loanChanged(direction, input.loanId),
        ),
      }),
      deleteRepayment: build.mutation<
        MessageAnswer,
        { direction: LoanDirection; id: string; loanId: string }
      >({
        query: ({ direction, id }) => ({
          url: loanUrl.deleteRepayment(direction),
          method: 'POST',
          body: { id },
        }),
        invalidatesTags: invalidates((_r, { direction, loanId }) => loanChanged(direction, loanId)),
      }),
      sendLendReminder: build.mutation<MessageAnswer, Loan>({
        // The server builds the mail from the stored lend; the spec's fields ride along.
        query: (lend) => ({
          url: '/user/sendemaillend',
          method: 'POST',
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
        query: ({ search, page, pageSize }) => ({
          url: '/user/getcounterparties',
          params: { search, page, pageSize },
        }),
        providesTags: peopleTags,
      }),
      getCounterparty: build.query<z.output<typeof CounterpartyHistoryAnswer>, string>({
        query: (email) => ({ url: '/user/getcounterparty', params: { email } }),
        providesTags: peopleTags,
      }),
    }),
});

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
