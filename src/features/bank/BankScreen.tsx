import { formatDMY } from '../../lib/dates';
import { DeleteDialog } from '../../ui/DeleteDialog';
import { serialColumn, type Column } from '../../ui/DataTable';
import { DetailsModal } from '../../ui/DetailsModal';
import { ListScreen } from '../../ui/ListScreen';
import { Money } from '../../ui/Money';
import { RowMenu } from '../../ui/RowMenu';
import { useListParams } from '../../ui/useListParams';
import { useRecordModals } from '../../ui/useRecordModals';
import { useScope } from '../../session/scope';
import { ScopeBar } from '../../ui/CompanyPicker';
import { BankForm } from './BankForm';
import { useState } from 'react';
import { notifyMutation } from '../../api/notify';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import {
  useDeleteBankMutation,
  useGetAccountsQuery,
  useUpdateBankMutation,
  type Account,
  type BankSort,
} from './bankApi';

const money = (v: unknown) => <Money value={v as number} />;
const detailsRender = { balance: money, openingBalance: money };

const SORTS: readonly BankSort[] = ['createdAt', 'holder_name', 'account_no', 'branch', 'balance'];

/** All Bank: a company's accounts (its admin reads them). Headings and cells in one order. */
export default function BankScreen() {
  const scope = useScope();
  const list = useListParams<BankSort>('createdAt', 'desc', { sorts: SORTS });
  const query = useGetAccountsQuery({ ...list.params, companyId: scope.companyId });
  const modals = useRecordModals<Account>();
  const [deleteBank, deleting] = useDeleteBankMutation();
  const [updateBank, updating] = useUpdateBankMutation();
  const [deactivating, setDeactivating] = useState<Account | null>(null);

  /**
   * An account with payments stays in the books: instead of a Delete that the server
   * refuses, the default account offers Deactivate (deActive), and any other nothing.
   */
  const removal = (row: Account) => {
    if (!row.hasPayments) return { onDelete: () => modals.askDelete(row) };
    if (row.defaultStatus === 'active')
      return { deleteLabel: 'Deactivate', onDelete: () => setDeactivating(row) };
    return {};
  };
  const deactivate = async () => {
    if (!deactivating) return;
    await notifyMutation(
      updateBank({
        _id: deactivating._id,
        version: deactivating.version,
        defaultStatus: 'deActive',
      }).unwrap(),
      {
        success: 'Bank account updated successfully',
        failure: 'Failed to update bank account. Please try again.',
      },
    );
    setDeactivating(null);
  };

  const columns: Column<Account, BankSort>[] = [
    serialColumn(),
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
      card: 'primary',
      wrap: true,
      render: (row) => row.holder_name,
    },
    {
      key: 'account_no',
      header: 'Account_no',
      sortKey: 'account_no',
      render: (row) => row.account_no,
    },
    {
      key: 'branch',
      header: 'Branch',
      sortKey: 'branch',
      wrap: true,
      render: (row) => row.branch,
    },
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
      card: 'money',
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
          {...removal(row)}
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
        // An admin reads its companies' accounts: no Add.
        onAdd={scope.isCompany ? modals.openCreate : undefined}
        searchLabel="Search bank accounts"
        empty={
          scope.isCompany
            ? {
                hint: 'Add the bank accounts the company pays from and into.',
                action: 'Add your first bank account',
              }
            : { hint: 'No bank accounts here yet.' }
        }
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
              Delete the account <strong>{row.account_no}</strong> of {row.holder_name}? This cannot
              be undone.
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
        <ConfirmDialog
          open={deactivating !== null}
          title="Deactivate bank account"
          confirmLabel="Deactivate"
          message={
            <>
              The account <strong>{deactivating?.account_no}</strong> of {deactivating?.holder_name}{' '}
              has payments, so it stays in the books. Deactivate sets it deActive: it is no longer
              the company&apos;s default account.
            </>
          }
          onConfirm={deactivate}
          onCancel={() => setDeactivating(null)}
          busy={updating.isLoading}
        />
      </ListScreen>
    </>
  );
}
