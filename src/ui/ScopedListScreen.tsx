import { refuseAdminCreate, type Scope } from '../session/scope';
import { ScopeBar } from './CompanyPicker';
import { ListScreen, type ListScreenProps } from './ListScreen';

type ScopedListScreenProps<T extends { _id: string }, S extends string> = ListScreenProps<T, S> & {
  scope: Scope;
  /** What the list holds, as an empty list tells a reader: 'No <rows> here yet.' */
  rows: string;
  /** An admin's Add answers "You can't Create" rather than not being there. */
  refuseAdmin?: boolean;
};

/**
 * A company's list as the company and the people who read it see it: the scope bar first (an
 * admin's company picker); Add, and an empty list's invitation to add, are the company's
 * alone, since the others only read.
 */
export function ScopedListScreen<T extends { _id: string }, S extends string = string>({
  scope,
  rows,
  refuseAdmin,
  onAdd,
  empty,
  ...list
}: ScopedListScreenProps<T, S>) {
  const readerAdd = refuseAdmin && scope.isAdmin ? refuseAdminCreate : undefined;
  return (
    <>
      <ScopeBar scope={scope} />
      <ListScreen<T, S>
        {...list}
        onAdd={scope.isCompany ? onAdd : readerAdd}
        empty={scope.isCompany ? empty : { hint: `No ${rows} here yet.` }}
      />
    </>
  );
}
