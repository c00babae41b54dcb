import { useState } from 'react';
import type { LoanDirection } from '../../../contract/enums';
import { notifyMutation } from '../../api/notify';
import { todayLocalISO } from '../../lib/dates';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import type { Column } from '../../ui/DataTable';
import { DetailsModal } from '../../ui/DetailsModal';
import { ListScreen } from '../../ui/ListScreen';
import { RowMenu } from '../../ui/RowMenu';
import { useListParams } from '../../ui/useListParams';
import { useRecordModals } from '../../ui/useRecordModals';
import { LoanForm } from './LoanForm';
import { LOAN_COLUMNS, LOAN_DETAILS } from './loanColumns';
import { LOAN_KINDS, SEND_EMAIL_FAILED } from './loanKinds';
import { LoanTotals } from './LoanTotals';
import {
  useDeleteLoanMutation,
  useGetLoansQuery,
  useSendLendReminderMutation,
  type Loan,
  type LoanSort,
} from './loansApi';
import { RepaymentsModal } from './RepaymentsModal';

/** All Lend and All Borrowed: one screen, configured by direction. */
export function LoansScreen({ direction }: { direction: LoanDirection }) {
  const kind = LOAN_KINDS[direction];
  const list = useListParams<LoanSort>('issueDate');
  const query = useGetLoansQuery({ direction, ...list.params, today: todayLocalISO() });
  const modals = useRecordModals<Loan>();
  const [repayingId, setRepayingId] = useState<string | null>(null);
  const [deleteLoan, deleting] = useDeleteLoanMutation();
  const [sendReminder] = useSendLendReminderMutation();

  const page = query.currentData ?? query.data;
  // The row as the latest list has it, so the modal's figures follow each repayment.
  const repaying = page?.data.find((row) => row._id === repayingId) ?? null;

  const remind = (row: Loan) =>
    notifyMutation(sendReminder(row).unwrap(), {
      success: 'Reminder email sent successfully',
      failure: SEND_EMAIL_FAILED,
    });

  const columns: Column<Loan, LoanSort>[] = [
    ...LOAN_COLUMNS,
    {
      key: 'actions',
      header: 'Actions',
      render: (row) => (
        <RowMenu
          label={`${row.name} (${row.issueDate})`}
          onShow={() => modals.show(row)}
          onEdit={() => modals.openEdit(row)}
          onDelete={() => modals.askDelete(row)}
          extraActions={[
            { label: 'Repayments', onClick: () => setRepayingId(row._id) },
            ...(direction === 'lend' ? [{ label: 'sendEmail', onClick: () => remind(row) }] : []),
          ]}
        />
      ),
    },
  ];

  const confirmDelete = async () => {
    if (!modals.deleting) return;
    await notifyMutation(deleteLoan({ direction, id: modals.deleting._id }).unwrap(), {
      success: kind.success.remove,
      failure: kind.failure.remove,
    });
    modals.closeDelete();
  };

  return (
    <ListScreen
      title={kind.listTitle}
      addLabel={kind.addLabel}
      onAdd={modals.openCreate}
      searchLabel={kind.searchLabel}
      list={list}
      query={query}
      columns={columns}
      rowKey={(row) => row._id}
      summary={page && <LoanTotals page={page} />}
    >
      {modals.formOpen && <LoanForm kind={kind} loan={modals.editing} onClose={modals.closeForm} />}
      {repaying && (
        <RepaymentsModal kind={kind} loan={repaying} onClose={() => setRepayingId(null)} />
      )}
      <DetailsModal record={modals.showing} onClose={modals.closeShow} {...LOAN_DETAILS} />
      <ConfirmDialog
        open={modals.deleting !== null}
        title={`Delete ${kind.noun.toLowerCase()}`}
        message={
          <>
            Delete the {kind.noun.toLowerCase()} of <strong>{modals.deleting?.name}</strong> and its
            repayments? This cannot be undone.
          </>
        }
        onConfirm={confirmDelete}
        onCancel={modals.closeDelete}
        busy={deleting.isLoading}
      />
    </ListScreen>
  );
}

export function LendScreen() {
  return <LoansScreen direction="lend" />;
}

export function BorrowedScreen() {
  return <LoansScreen direction="borrowed" />;
}
