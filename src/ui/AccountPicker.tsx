import type { AccountState } from '../../contract/api/bank';
import { accountLabel, useSearchAccountsInfiniteQuery, type Account } from '../api/accountsApi';
import { SearchPicker, type SearchPickerProps } from './SearchPicker';
import { useServerSearch } from './useServerSearch';

const accountOption = (a: Account) => ({ value: a._id, label: accountLabel(a) });

/**
 * A picker of one of the scope's bank accounts (an admin's `companyId` narrows), searched on
 * the server by holder, number, branch or IFSC; `state` 'open' leaves out the closed ones
 * (which take no payments). Nothing is asked until the list first opens.
 */
export function AccountPicker({
  companyId,
  state,
  exclude,
  ...picker
}: { companyId?: string; state?: AccountState; exclude?: string } & Omit<
  SearchPickerProps,
  'onSearch' | 'results'
>) {
  const search = useServerSearch(
    useSearchAccountsInfiniteQuery,
    { companyId, state, exclude },
    accountOption,
  );
  return <SearchPicker {...picker} {...search.picker} />;
}
