import { useState } from 'react';
import { skipToken, type SkipToken } from '@reduxjs/toolkit/query';
import { pickerResults, type InfiniteList, type PickerOption } from './SearchPicker';

/**
 * A server-searched picker's `onSearch` and `results`, for SearchPicker: nothing is asked
 * until the list first opens; then `useList` pages through the rows matching the text typed,
 * with `args` (the company, a kind) besides. `list` is the query itself.
 */
export function useServerSearch<A extends object, Row>(
  useList: (arg: (A & { search: string }) | SkipToken) => InfiniteList<Row>,
  args: A,
  toOption: (row: Row) => PickerOption,
) {
  const [search, setSearch] = useState<string | null>(null);
  const list = useList(search === null ? skipToken : { ...args, search });
  return { list, picker: { onSearch: setSearch, results: pickerResults(list, toOption) } };
}
