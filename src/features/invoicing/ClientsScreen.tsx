import { serialColumn, type Column } from '../../ui/DataTable';
import { DeleteDialog } from '../../ui/DeleteDialog';
import { DetailsModal } from '../../ui/DetailsModal';
import { ListScreen } from '../../ui/ListScreen';
import { recordMenuColumn } from '../../ui/RowMenu';
import { useListParams } from '../../ui/useListParams';
import { useRecordModals } from '../../ui/useRecordModals';
import { useScope } from '../../session/scope';
import { ScopeBar } from '../../ui/CompanyPicker';
import { ClientForm } from './ClientForm';
import { useDeleteClientMutation, useGetClientsQuery, type Client } from './invoicingApi';
import { stateLabel } from './parts';
import { countOf } from '../../ui/countOf';

/** Clients: the company's (its admin reads them), searched and paged on the server. */
export default function ClientsScreen() {
  const scope = useScope();
  const list = useListParams<'name'>('name', 'asc');
  const { search, page, pageSize, order } = list.params;
  const query = useGetClientsQuery({
    companyId: scope.companyId || undefined,
    search: search || undefined,
    page,
    pageSize,
    order,
  });
  const modals = useRecordModals<Client>();
  const [deleteClient, deleting] = useDeleteClientMutation();

  const columns: Column<Client, 'name'>[] = [
    serialColumn(),
    { key: 'name', header: 'Name', card: 'primary', wrap: true, render: (c) => c.name },
    { key: 'gstin', header: 'GSTIN', render: (c) => c.gstin ?? 'Unregistered' },
    { key: 'state', header: 'State', render: (c) => stateLabel(c.stateCode) },
    { key: 'email', header: 'E-mail', wrap: true, render: (c) => c.email ?? '' },
    { key: 'mobile', header: 'Mobile', render: (c) => c.mobile ?? '' },
    recordMenuColumn(modals, (c) => c.name, { canWrite: scope.isCompany }),
  ];
  const data = query.currentData ?? query.data;
  return (
    <>
      <ScopeBar scope={scope} />
      <ListScreen
        title="Clients"
        addLabel="Add client"
        onAdd={scope.isCompany ? modals.openCreate : undefined}
        searchLabel="Search clients"
        empty={
          scope.isCompany
            ? { hint: 'Add the clients you invoice.', action: 'Add your first client' }
            : { hint: 'No clients here yet.' }
        }
        list={list}
        query={query}
        columns={columns}
        summary={data && countOf(data.total, 'client')}
      >
        {modals.formOpen && <ClientForm client={modals.editing} onClose={modals.closeForm} />}
        <DetailsModal record={modals.showing} onClose={modals.closeShow} />
        <DeleteDialog
          record={modals.deleting}
          title="Delete client"
          message={(c) => (
            <>
              Delete the client <strong>{c.name}</strong>? A client with invoices cannot be deleted.
            </>
          )}
          run={(c) => deleteClient(c._id).unwrap()}
          messages={{ success: 'Client deleted', failure: 'Could not delete the client.' }}
          onClose={modals.closeDelete}
          busy={deleting.isLoading}
        />
      </ListScreen>
    </>
  );
}
