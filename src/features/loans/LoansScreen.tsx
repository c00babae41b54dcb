import { useState } from 'react';
import type { LoanDirection } from '../../../contract/enums';
import { notifyMutation } from '../../api/notify';
import { todayLocalISO } from '../../lib/dates';
import { DeleteDialog } from '../../ui/DeleteDialog';
import type { Column } from '../../ui/DataTable';
import { DetailsModal } from '../../ui/DetailsModal';
import { ImportLink } from '../../ui/ImportLink';
import { ListScreen } from '../../ui/ListScreen';
import { recordMenuColumn } from '../../ui/RowMenu';
import { useListParams } from '../../ui/useListParams';
import { useRecordModals } from '../../ui/useRecordModals';
import { LoanForm } from './LoanForm';
import { LOAN_COLUMNS, LOAN_DETAILS, LOAN_SORTS } from './loanColumns';
import { LOAN_KINDS, SEND_EMAIL_FAILED } from './loanKinds';
import { LoanTotals } from './LoanTotals';
import {
  useDeleteLoanMutation,
  useGetLoansQuery,
  useRestoreLoanMutation,
  useSendLendReminderMutation,
  type Loan,
  type LoanSort,
} from './loansApi';
import { RepaymentsModal } from './RepaymentsModal';

/** All Lend and All Borrowed: one screen, configured by direction. */
export function LoansScreen({ direction }: { direction: LoanDirection }) {
  const kind = LOAN_KINDS[direction];
  const list = useListParams<LoanSort>('issueDate', 'desc', { sorts: LOAN_SORTS });
  const query = useGetLoansQuery({ direction, ...list.params, today: todayLocalISO() });
  const modals = useRecordModals<Loan>();
  const [repayingId, setRepayingId] = useState<string | null>(null);
  const [deleteLoan, deleting] = useDeleteLoanMutation();
  const [restoreLoan] = useRestoreLoanMutation();
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
    recordMenuColumn(modals, (row) => `${row.name} (${row.issueDate})`, {
      key: 'actions',
      header: 'Actions',
      extra: (row) => [
        { label: 'Repayments', onClick: () => setRepayingId(row._id) },
        ...(direction === 'lend' ? [{ label: 'sendEmail', onClick: () => remind(row) }] : []),
      ],
    }),
  ];

  return (
    <ListScreen
      title={kind.listTitle}
      addLabel={kind.addLabel}
      onAdd={modals.openCreate}
      searchLabel={kind.searchLabel}
      empty={kind.empty}
      actions={<ImportLink kind={direction} />}
      list={list}
      query={query}
      columns={columns}
      summary={page && <LoanTotals page={page} />}
    >
      {modals.formOpen && <LoanForm kind={kind} loan={modals.editing} onClose={modals.closeForm} />}
      {repaying && (
        <RepaymentsModal kind={kind} loan={repaying} onClose={() => setRepayingId(null)} />
      )}
      <DetailsModal record={modals.showing} onClose={modals.closeShow} {...LOAN_DETAILS} />
      <DeleteDialog
        record={modals.deleting}
        title={`Delete ${kind.noun.toLowerCase()}`}
        message={(row) => (
          <>
            Delete the {kind.noun.toLowerCase()} of <strong>{row.name}</strong> and its repayments?
            You can undo it for a few seconds.
          </>
        )}
        run={(row) => deleteLoan({ direction, id: row._id }).unwrap()}
        messages={{ success: kind.success.remove, failure: kind.failure.remove }}
        undo={{
          run: (row) => restoreLoan({ direction, id: row._id }).unwrap(),
          messages: {
            restored: `${kind.noun} restored`,
            restoreFailure: `Failed to restore the ${kind.noun.toLowerCase()}. Please try again.`,
          },
        }}
        onClose={modals.closeDelete}
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
