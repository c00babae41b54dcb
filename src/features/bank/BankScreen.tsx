import { formatDMY } from '../../lib/dates';
import { AccountNumber, lastFourOf } from '../../ui/AccountNumber';
import { DeleteDialog } from '../../ui/DeleteDialog';
import { amountColumn } from '../../ui/columns';
import { serialColumn, type Column } from '../../ui/DataTable';
import { DetailsModal } from '../../ui/DetailsModal';
import { ScopedListScreen } from '../../ui/ScopedListScreen';
import { Money } from '../../ui/Money';
import { RowMenu } from '../../ui/RowMenu';
import { useListParams } from '../../ui/useListParams';
import { useRecordModals } from '../../ui/useRecordModals';
import { useScope } from '../../session/scope';
import { BankForm } from './BankForm';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { notifyMutation } from '../../api/notify';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import {
  useCloseBankMutation,
  useDeleteBankMutation,
  useGetAccountsQuery,
  useReopenBankMutation,
  type Account,
  type BankSort,
} from './bankApi';

const money = (v: unknown) => <Money value={v as number} />;
const detailsLabels = { closedAt: 'Closed On' };

/** Kept in the books, taking no new payments. */
function ClosedBadge() {
  return (
    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
      Closed
    </span>
  );
}

/** A close or reopen waiting for the user to confirm it. */
type Pending = { action: 'close' | 'reopen'; account: Account };

const SORTS: readonly BankSort[] = ['createdAt', 'holder_name', 'account_no', 'branch', 'balance'];

/** All Bank: a company's accounts (its admin reads them). Headings and cells in one order. */
export default function BankScreen() {
  const scope = useScope();
  const list = useListParams<BankSort>('createdAt', 'desc', { sorts: SORTS });
  const query = useGetAccountsQuery({ ...list.params, companyId: scope.companyId });
  const modals = useRecordModals<Account>();
  const [deleteBank, deleting] = useDeleteBankMutation();
  const [closeBank, closing] = useCloseBankMutation();
  const [reopenBank, reopening] = useReopenBankMutation();
  const [pending, setPending] = useState<Pending | null>(null);
  const navigate = useNavigate();

  /**
   * An account with payments stays in the books (the server refuses to delete it): it is
   * closed instead, and a closed one reopened; each may be reconciled. Only the company writes:
   * an admin gets none of these.
   */
  const rowActions = (row: Account) => {
    if (!scope.isCompany) return {};
    // Reconciling writes (a reconciliation, its matches), so it is the company's too; a
    // closed account may still be reconciled against its last statements.
    const reconcile = {
      label: 'Reconcile',
      onClick: () => navigate(`/app/reconciliation?accountId=${row._id}`),
    };
    if (row.closedAt)
      return {
        extraActions: [
          reconcile,
          {
            label: 'Reopen account',
            onClick: () => setPending({ action: 'reopen', account: row }),
          },
        ],
        onDelete: row.hasPayments ? undefined : () => modals.askDelete(row),
      };
    if (row.hasPayments)
      return {
        extraActions: [reconcile],
        deleteLabel: 'Close account',
        onDelete: () => setPending({ action: 'close', account: row }),
      };
    return { extraActions: [reconcile], onDelete: () => modals.askDelete(row) };
  };
  const confirmPending = async () => {
    if (!pending) return;
    const { action, account } = pending;
    const change = { id: account._id, version: account.version };
    await notifyMutation(
      (action === 'close' ? closeBank(change) : reopenBank(change)).unwrap(),
      action === 'close'
        ? {
            success: 'Bank account closed successfully',
            failure: 'Failed to close bank account. Please try again.',
          }
        : {
            success: 'Bank account reopened successfully',
            failure: 'Failed to reopen bank account. Please try again.',
          },
    );
    setPending(null);
  };
  const named = pending && (
    <>
      The account <strong>{lastFourOf(pending.account.account_no)}</strong> of{' '}
      {pending.account.holder_name}
    </>
  );

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
      render: (row) =>
        row.closedAt ? (
          <span className="flex flex-wrap items-center gap-2">
            {row.holder_name}
            <ClosedBadge />
          </span>
        ) : (
          row.holder_name
        ),
    },
    {
      key: 'account_no',
      header: 'Account_no',
      sortKey: 'account_no',
      render: (row) => <AccountNumber value={row.account_no} of={row.holder_name} />,
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
    amountColumn('balance', 'Balance'),
    {
      key: 'action',
      header: 'Action',
      render: (row) => (
        <RowMenu
          label={`${row.holder_name} ${lastFourOf(row.account_no)}`}
          canWrite={scope.isCompany}
          onShow={() => modals.show(row)}
          onEdit={() => modals.openEdit(row)}
          {...rowActions(row)}
        />
      ),
    },
  ];

  // The number read whole only on asking, as in the list: the holder's name is the record's.
  const showing = modals.showing;
  const detailsRender = {
    balance: money,
    openingBalance: money,
    account_no: (v: unknown) => (
      <AccountNumber value={v as string} of={showing?.holder_name ?? ''} />
    ),
  };

  const page = query.currentData ?? query.data;
  return (
    // An admin reads its companies' accounts: no Add.
    <ScopedListScreen
      scope={scope}
      rows="bank accounts"
      title="All Bank"
      addLabel="Add New Bank"
      onAdd={modals.openCreate}
      empty={{
        hint: 'Add the bank accounts the company pays from and into.',
        action: 'Add your first bank account',
      }}
      searchLabel="Search bank accounts"
      list={list}
      query={query}
      columns={columns}
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
      <DetailsModal
        record={modals.showing}
        onClose={modals.closeShow}
        labels={detailsLabels}
        render={detailsRender}
      />
      <DeleteDialog
        record={modals.deleting}
        title="Delete bank account"
        message={(row) => (
          <>
            Delete the account <strong>{lastFourOf(row.account_no)}</strong> of {row.holder_name}?
            This cannot be undone.
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
        open={pending !== null}
        title={pending?.action === 'reopen' ? 'Reopen bank account' : 'Close bank account'}
        confirmLabel={pending?.action === 'reopen' ? 'Reopen account' : 'Close account'}
        message={
          pending?.action === 'reopen' ? (
            <p>
              {named} will take payments again. It stays deActive until you make it the default.
            </p>
          ) : (
            <>
              <p>
                {named} has payments, so it stays in the books: its payments, statement and balance
                are kept, and it stays in All Bank and in the totals.
              </p>
              <p className="mt-3">
                A closed account refuses new payments, transfers and reversals
                {pending?.account.defaultStatus === 'active'
                  ? ' and is no longer the default account'
                  : ''}
                . You can reopen it at any time.
              </p>
            </>
          )
        }
        onConfirm={confirmPending}
        onCancel={() => setPending(null)}
        busy={closing.isLoading || reopening.isLoading}
      />
    </ScopedListScreen>
  );
}
