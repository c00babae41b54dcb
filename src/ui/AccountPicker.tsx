import { useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import type { AccountState } from '../../contract/api/bank';
import { accountLabel, useSearchAccountsInfiniteQuery, type Account } from '../api/accountsApi';
import { pickerResults, SearchPicker, type SearchPickerProps } from './SearchPicker';

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
  const [search, setSearch] = useState<string | null>(null);
  const list = useSearchAccountsInfiniteQuery(
    search === null ? skipToken : { search, companyId, state, exclude },
  );
  return (
    <SearchPicker {...picker} onSearch={setSearch} results={pickerResults(list, accountOption)} />
  );
}
