import { useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { pickerResults, SearchPicker, type SearchPickerProps } from '../../ui/SearchPicker';
import { accountLabel, useSearchAccountsInfiniteQuery, type Account } from './bankApi';

const accountOption = (a: Account) => ({ value: a._id, label: accountLabel(a) });

/**
 * A picker of one of the scope's bank accounts (an admin's `companyId` narrows), searched on
 * the server by holder, number, branch or IFSC. Nothing is asked until the list first opens.
 */
export function AccountPicker({
  companyId,
  ...picker
}: { companyId?: string } & Omit<SearchPickerProps, 'onSearch' | 'results'>) {
  const [search, setSearch] = useState<string | null>(null);
  const list = useSearchAccountsInfiniteQuery(search === null ? skipToken : { search, companyId });
  return (
    <SearchPicker {...picker} onSearch={setSearch} results={pickerResults(list, accountOption)} />
  );
}
