import type { LoanDirection, LoanStatus } from '../../../contract/enums';
import { apiSlice } from '../../api/apiSlice';
import { changedTags, createdTags, invalidates, listTags, type Tag } from '../../api/tags';
import type { Envelope, ListParams, Page } from '../../api/types';

/** A lend (money the user lent) or a borrowed (money the user borrowed): one shape, two tables. */
export interface Loan {
  _id: string;
  name: string;
  email: string;
  amount: number;
  repaid: number;
  outstanding: number;
  status: LoanStatus;
  issueDate: string;
  repaymentDate: string;
  createdAt: string;
}

export type LoanInput = Pick<Loan, 'name' | 'email' | 'amount' | 'issueDate' | 'repaymentDate'>;
export type LoanSort = 'issueDate' | 'repaymentDate' | 'amount' | 'name' | 'email' | 'createdAt';

/** What a loan list or report asks for: `today` is the user's local date (due/overdue). */
export interface LoanFilter {
  search?: string;
  from?: string;
  to?: string;
  today: string;
}

export type LoanListArgs = { direction: LoanDirection } & LoanFilter &
  Partial<ListParams<LoanSort>>;

export interface LoanPage extends Page<Loan> {
  /** Sums over every row matching the filter, not just this page. */
  totalAmount: number;
  repaidAmount: number;
  outstandingAmount: number;
}

export interface Repayment {
  _id: string;
  loanId: string;
  date: string;
  amount: number;
  remark: string;
  createdAt: string;
}

export interface RepaymentInput {
  loanId: string;
  date: string;
  amount: number;
  remark: string;
}

export interface Counterparty {
  name: string;
  email: string;
  theyOwe: number;
  iOwe: number;
  net: number;
}

export interface CounterpartyPage extends Page<Counterparty> {
  theyOweAmount: number;
  iOweAmount: number;
  netAmount: number;
}

export type CounterpartyEventKind = LoanDirection | `repayment_${LoanDirection}`;

export interface CounterpartyHistory {
  name: string;
  email: string;
  /** Positive: they owe the user. */
  balance: number;
  events: Array<{
    date: string;
    kind: CounterpartyEventKind;
    loanId: string;
    amount: number;
    change: number;
    balance: number;
    remark: string;
  }>;
}

/** Calls of a direction: /lend/addlend, /borrowed/addborrowed, /lend/getuseralllends… */
export const loanUrl = {
  list: (d: LoanDirection) => `/${d}/getuserall${d}s`,
  add: (d: LoanDirection) => `/${d}/add${d}`,
  update: (d: LoanDirection) => `/${d}/update${d}`,
  remove: (d: LoanDirection) => `/${d}/delete${d}`,
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
  endpoints: (build) => ({
    getLoans: build.query<LoanPage, LoanListArgs>({
      query: ({ direction, ...params }) => ({ url: loanUrl.list(direction), params }),
      providesTags: (result, _error, { direction }) => listTags(direction)(result),
    }),
    addLoan: build.mutation<Envelope<Loan>, { direction: LoanDirection; input: LoanInput }>({
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
      Envelope<Loan>,
      { direction: LoanDirection; input: LoanInput & { _id: string } }
    >({
      query: ({ direction, input }) => ({
        url: loanUrl.update(direction),
        method: 'POST',
        body: input,
      }),
      invalidatesTags: invalidates((_r, { direction, input }) => loanChanged(direction, input._id)),
    }),
    deleteLoan: build.mutation<Envelope, { direction: LoanDirection; id: string }>({
      query: ({ direction, id }) => ({
        url: loanUrl.remove(direction),
        method: 'POST',
        body: { id },
      }),
      invalidatesTags: invalidates((_r, { direction, id }) => loanChanged(direction, id)),
    }),
    getRepayments: build.query<Envelope<Repayment[]>, { direction: LoanDirection; id: string }>({
      query: ({ direction, id }) => ({ url: loanUrl.repayments(direction), params: { id } }),
      // Tagged with the loan's own tag: any change of the loan refetches its repayments.
      providesTags: (_r, _e, { direction, id }) => [{ type: direction, id }],
    }),
    addRepayment: build.mutation<
      Envelope<Repayment>,
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
      Envelope,
      { direction: LoanDirection; id: string; loanId: string }
    >({
      query: ({ direction, id }) => ({
        url: loanUrl.deleteRepayment(direction),
        method: 'POST',
        body: { id },
      }),
      invalidatesTags: invalidates((_r, { direction, loanId }) => loanChanged(direction, loanId)),
    }),
    sendLendReminder: build.mutation<Envelope, Loan>({
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
        },
      }),
    }),
    getCounterparties: build.query<
      CounterpartyPage,
      Pick<ListParams, 'search' | 'page' | 'pageSize'>
    >({
      query: ({ search, page, pageSize }) => ({
        url: '/user/getcounterparties',
        params: { search, page, pageSize },
      }),
      providesTags: peopleTags,
    }),
    getCounterparty: build.query<Envelope<CounterpartyHistory>, string>({
      query: (email) => ({ url: '/user/getcounterparty', params: { email } }),
      providesTags: peopleTags,
    }),
  }),
});

export const {
  useGetLoansQuery,
  useAddLoanMutation,
  useUpdateLoanMutation,
  useDeleteLoanMutation,
  useGetRepaymentsQuery,
  useAddRepaymentMutation,
  useDeleteRepaymentMutation,
  useSendLendReminderMutation,
  useGetCounterpartiesQuery,
  useGetCounterpartyQuery,
} = loansApi;
