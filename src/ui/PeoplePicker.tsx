import { useSearchPeopleInfiniteQuery, type PeopleKind, type Person } from '../api/peopleApi';
import { SearchPicker, type SearchPickerProps } from './SearchPicker';
import { useServerSearch } from './useServerSearch';

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
  const search = useServerSearch(useSearchPeopleInfiniteQuery, { kind, companyId }, personOption);
  return <SearchPicker {...picker} {...search.picker} />;
}
