import type { z } from 'zod';
import { lastFourOf } from '../../contract/accountNumber';
import type { AccountState, BankAccount, BankAccountList } from '../../contract/api/bank';
import { reloadOf } from './endpoint';
import { apiSlice } from './apiSlice';
import { pickedTags, pickerEndpoint, type PickerSearch } from './picker';

/**
 * The company's bank accounts as other screens than Banking's need them (a picker, one
 * account by id): Payment Mode, the report and the import screen all choose an account.
 */

export type Account = z.output<typeof BankAccount>;
/** One page, with `totalAmount` the sum of the balances over the filter. */
export type AccountPage = z.output<typeof BankAccountList>;

/** A picker's search: the scope's accounts whose holder, number, branch or IFSC has `search`. */
export interface AccountSearch extends PickerSearch {
  /** Only the open accounts (a payment's), or only the closed ones; all when left out. */
  state?: AccountState;
  /** Every account but this one (a transfer's source is not its destination). */
  exclude?: string;
}

export const accountsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** One account as it is now, for an edit form's Reload: always fetched, never cached. */
    getAccount: build.query<Account | null, string>(
      reloadOf<Account>('listBankAccounts', 'accountId'),
    ),
    /** The account pickers page through the accounts by holder, as the user types and asks for more. */
    searchAccounts: build.infiniteQuery<AccountPage, AccountSearch, number>(
      pickerEndpoint('listBankAccounts', pickedTags('bank'), ({ state, exclude }) => ({
        sort: 'holder_name',
        order: 'asc',
        state,
        excludeId: exclude || undefined,
      })),
    ),
  }),
});

export const { useGetAccountQuery, useLazyGetAccountQuery, useSearchAccountsInfiniteQuery } =
  accountsApi;

/**
 * The label of an account in a picker: its bank (when given), holder and the last four digits
 * of its number (Lotus Current · ••9012), which a search by the whole number still finds.
 */
export const accountLabel = (
  a: Pick<Account, 'holder_name' | 'account_no'> & { bank_name?: string },
) => [a.bank_name, a.holder_name, lastFourOf(a.account_no)].filter(Boolean).join(' · ');
