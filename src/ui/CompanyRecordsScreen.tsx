import type { ComponentType, ReactNode } from 'react';
import type { SortOrder } from '../api/types';
import { useScope } from '../session/scope';
import { countOf } from './countOf';
import { serialColumn, type Column } from './DataTable';
import { nameColumn } from './columns';
import { DeleteDialog } from './DeleteDialog';
import { DetailsModal } from './DetailsModal';
import type { ListQuery } from './PagedTable';
import { recordMenuColumn } from './RowMenu';
import { ScopedListScreen } from './ScopedListScreen';
import { scopedListArgs, useListParams } from './useListParams';
import { useRecordModals } from './useRecordModals';

/** A company's record known by its name (a client, a vendor). */
type Named = { _id: string; name: string };

/** What such a list is asked: the scope's company, the search, the page, A to Z or Z to A. */
export interface NamedListArgs {
  companyId?: string;
  search?: string;
  page: number;
  pageSize: number;
  order: SortOrder;
}

export interface CompanyRecordsScreenProps<T extends Named> {
  /** e.g. 'Clients'. */
  title: string;
  /** The record's name in the singular, in lower case ('client'). */
  noun: string;
  /** What the list is for, said when the company has none yet. */
  hint: string;
  /** Why a delete may be refused (what still names the record). */
  deleteNote: string;
  useList: (args: NamedListArgs) => ListQuery<T>;
  useDelete: () => readonly [
    (id: string) => { unwrap: () => Promise<{ message?: string }> },
    { isLoading: boolean },
  ];
  /** The columns between the name and the row's menu. */
  columns: Column<T, 'name'>[];
  /** The add/edit form: `record` null adds one. */
  Form: ComponentType<{ record: T | null; onClose: () => void }>;
}

/**
 * The list screen of a company's records known by name (clients, vendors): searched and paged
 * on the server, A to Z; the company adds, edits and deletes them, its admin reads them.
 */
export function CompanyRecordsScreen<T extends Named>({
  title,
  noun,
  hint,
  deleteNote,
  useList,
  useDelete,
  columns,
  Form,
}: CompanyRecordsScreenProps<T>) {
  const scope = useScope();
  const list = useListParams<'name'>('name', 'asc');
  const query = useList(scopedListArgs(scope.companyId, list.params));
  const modals = useRecordModals<T>();
  const [remove, deleting] = useDelete();
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);
  const data = query.currentData ?? query.data;
  return (
    <ScopedListScreen<T, 'name'>
      scope={scope}
      rows={title.toLowerCase()}
      title={title}
      addLabel={`Add ${noun}`}
      onAdd={modals.openCreate}
      empty={{ hint, action: `Add your first ${noun}` }}
      searchLabel={`Search ${title.toLowerCase()}`}
      list={list}
      query={query}
      columns={[
        serialColumn(),
        nameColumn('name', 'Name'),
        ...columns,
        recordMenuColumn(modals, (r) => r.name, { canWrite: scope.isCompany }),
      ]}
      summary={data && countOf(data.total, noun)}
    >
      {modals.formOpen && <Form record={modals.editing} onClose={modals.closeForm} />}
      <DetailsModal record={modals.showing} onClose={modals.closeShow} />
      <DeleteDialog
        record={modals.deleting}
        title={`Delete ${noun}`}
        message={(r): ReactNode => (
          <>
            Delete the {noun} <strong>{r.name}</strong>? {deleteNote}
          </>
        )}
        run={(r) => remove(r._id).unwrap()}
        messages={{ success: `${Noun} deleted`, failure: `Could not delete the ${noun}.` }}
        onClose={modals.closeDelete}
        busy={deleting.isLoading}
      />
    </ScopedListScreen>
  );
}
