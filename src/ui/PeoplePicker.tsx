import { useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { useSearchPeopleInfiniteQuery, type PeopleKind, type Person } from '../api/peopleApi';
import { pickerResults, SearchPicker, type SearchPickerProps } from './SearchPicker';

/** A person as a picker lists it. */
export const personOption = (p: Person) => ({ value: p._id, label: p.name });

/**
 * A picker of a company, PM, TL or employee, searched on the server by name. Nothing is
 * asked until the list first opens.
 */
export function PeoplePicker({
  kind,
  companyId,
  ...picker
}: { kind: PeopleKind; companyId?: string } & Omit<SearchPickerProps, 'onSearch' | 'results'>) {
  const [search, setSearch] = useState<string | null>(null);
  const list = useSearchPeopleInfiniteQuery(
    search === null ? skipToken : { kind, search, companyId },
  );
  return (
    <SearchPicker {...picker} onSearch={setSearch} results={pickerResults(list, personOption)} />
  );
}
