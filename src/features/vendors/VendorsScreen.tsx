import { useDeleteVendorMutation, useGetVendorsQuery, type Vendor } from '../../api/vendorsApi';
import { serialColumn, type Column } from '../../ui/DataTable';
import { DeleteDialog } from '../../ui/DeleteDialog';
import { DetailsModal } from '../../ui/DetailsModal';
import { ListScreen } from '../../ui/ListScreen';
import { recordMenuColumn } from '../../ui/RowMenu';
import { useListParams } from '../../ui/useListParams';
import { useRecordModals } from '../../ui/useRecordModals';
import { useScope } from '../../session/scope';
import { ScopeBar } from '../../ui/CompanyPicker';
import { VendorForm } from './VendorForm';

/**
 * Vendors: whom the company pays, named as a payment's party. The company's own (its admin
 * reads them), searched and paged on the server, by name.
 */
export default function VendorsScreen() {
  const scope = useScope();
  const list = useListParams<'name'>('name', 'asc');
  const { search, page, pageSize, order } = list.params;
  const query = useGetVendorsQuery({
    companyId: scope.companyId || undefined,
    search: search || undefined,
    page,
    pageSize,
    order,
  });
  const modals = useRecordModals<Vendor>();
  const [deleteVendor, deleting] = useDeleteVendorMutation();

  const columns: Column<Vendor, 'name'>[] = [
    serialColumn(),
    { key: 'name', header: 'Name', card: 'primary', wrap: true, render: (v) => v.name },
    { key: 'gstin', header: 'GSTIN', render: (v) => v.gstin ?? 'Unregistered' },
    { key: 'email', header: 'E-mail', wrap: true, render: (v) => v.email ?? '' },
    { key: 'mobile', header: 'Mobile', render: (v) => v.mobile ?? '' },
    { key: 'address', header: 'Address', wrap: true, render: (v) => v.address },
    recordMenuColumn(modals, (v) => v.name, { canWrite: scope.isCompany }),
  ];
  const data = query.currentData ?? query.data;
  return (
    <>
      <ScopeBar scope={scope} />
      <ListScreen
        title="Vendors"
        addLabel="Add vendor"
        onAdd={scope.isCompany ? modals.openCreate : undefined}
        searchLabel="Search vendors"
        empty={
          scope.isCompany
            ? { hint: 'Add the vendors you pay.', action: 'Add your first vendor' }
            : { hint: 'No vendors here yet.' }
        }
        list={list}
        query={query}
        columns={columns}
        rowKey={(v) => v._id}
        summary={data && `${data.total} ${data.total === 1 ? 'vendor' : 'vendors'}`}
      >
        {modals.formOpen && <VendorForm vendor={modals.editing} onClose={modals.closeForm} />}
        <DetailsModal record={modals.showing} onClose={modals.closeShow} />
        <DeleteDialog
          record={modals.deleting}
          title="Delete vendor"
          message={(v) => (
            <>
              Delete the vendor <strong>{v.name}</strong>? A vendor that payments name cannot be
              deleted.
            </>
          )}
          run={(v) => deleteVendor(v._id).unwrap()}
          messages={{ success: 'Vendor deleted', failure: 'Could not delete the vendor.' }}
          onClose={modals.closeDelete}
          busy={deleting.isLoading}
        />
      </ListScreen>
    </>
  );
}
