import { formatDMY } from '../../lib/dates';
import { DeleteDialog } from '../../ui/DeleteDialog';
import type { Column } from '../../ui/DataTable';
import { DetailsModal } from '../../ui/DetailsModal';
import { ListScreen } from '../../ui/ListScreen';
import { Money } from '../../ui/Money';
import { RowMenu } from '../../ui/RowMenu';
import { useListParams } from '../../ui/useListParams';
import { useRecordModals } from '../../ui/useRecordModals';
import { refuseAdminCreate, useScope } from '../../session/scope';
import { ScopeBar } from '../../ui/CompanyPicker';
import { BankForm } from './BankForm';
import { useDeleteBankMutation, useGetAccountsQuery, type Account, type BankSort } from './bankApi';

const money = (v: unknown) => <Money value={v as number} />;
const detailsRender = { balance: money, openingBalance: money };

/** All Bank: a company's accounts (its admin reads them). Headings and cells in one order. */
export default function BankScreen() {
  const scope = useScope();
  const list = useListParams<BankSort>('createdAt');
  const query = useGetAccountsQuery({ ...list.params, companyId: scope.companyId });
  const modals = useRecordModals<Account>();
  const [deleteBank, deleting] = useDeleteBankMutation();

  const columns: Column<Account, BankSort>[] = [
    { key: 'sno', header: 'S.no', render: (_row, n) => n },
    {
      key: 'createdAt',
      header: 'Date',
      sortKey: 'createdAt',
      render: (row) => formatDMY(row.createdAt),
    },
    {
      key: 'holder_name',
      header: 'Holder_name',
      sortKey: 'holder_name',
      render: (row) => row.holder_name,
    },
    {
      key: 'account_no',
      header: 'Account_no',
      sortKey: 'account_no',
      render: (row) => row.account_no,
    },
    { key: 'branch', header: 'Branch', sortKey: 'branch', render: (row) => row.branch },
    { key: 'ifsc', header: 'IFSC', render: (row) => row.ifsc },
    { key: 'mobile', header: 'Mobile', render: (row) => row.mobile },
    {
      key: 'defaultStatus',
      header: 'Default',
      render: (row) => (
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
            row.defaultStatus === 'active'
              ? 'bg-green-100 text-green-800'
              : 'bg-gray-200 text-gray-800'
          }`}
        >
          {row.defaultStatus}
        </span>
      ),
    },
    {
      key: 'balance',
      header: 'Balance',
      sortKey: 'balance',
      align: 'right',
      render: (row) => <Money value={row.balance} />,
    },
    {
      key: 'action',
      header: 'Action',
      render: (row) => (
        <RowMenu
          label={`${row.holder_name} ${row.account_no}`}
          canWrite={scope.isCompany}
          onShow={() => modals.show(row)}
          onEdit={() => modals.openEdit(row)}
          onDelete={() => modals.askDelete(row)}
        />
      ),
    },
  ];

  const page = query.currentData ?? query.data;
  return (
    <>
      <ScopeBar scope={scope} />
      <ListScreen
        title="All Bank"
        addLabel="Add New Bank"
        onAdd={scope.isAdmin ? refuseAdminCreate : modals.openCreate}
        searchLabel="Search bank accounts"
        list={list}
        query={query}
        columns={columns}
        rowKey={(row) => row._id}
        summary={
          page && (
            <>
              Total Balance:{' '}
              <Money value={page.totalAmount} className="font-semibold text-gray-900" /> ·{' '}
              {page.total} {page.total === 1 ? 'account' : 'accounts'}
            </>
          )
        }
      >
        {modals.formOpen && <BankForm account={modals.editing} onClose={modals.closeForm} />}
        <DetailsModal record={modals.showing} onClose={modals.closeShow} render={detailsRender} />
        <DeleteDialog
          record={modals.deleting}
          title="Delete bank account"
          message={(row) => (
            <>
              Delete the account <strong>{row.account_no}</strong> of {row.holder_name}? An account
              with payments cannot be deleted: set it deActive instead.
            </>
          )}
          run={(row) => deleteBank(row._id).unwrap()}
          messages={{
            success: 'Bank account deleted successfully',
            failure: 'Failed to delete bank account. Please try again.',
          }}
          onClose={modals.closeDelete}
          busy={deleting.isLoading}
        />
      </ListScreen>
    </>
  );
}
