import { scheduleInWords } from '../../../contract/schedule';
import { accountLabel } from '../../api/accountsApi';
import { notifyMutation } from '../../api/notify';
import { formatYMD } from '../../lib/dates';
import { formatEnum } from '../../lib/labels';
import { useScope } from '../../session/scope';
import { ScopeBar } from '../../ui/CompanyPicker';
import { serialColumn, type Column } from '../../ui/DataTable';
import { DeleteDialog } from '../../ui/DeleteDialog';
import { DetailsModal } from '../../ui/DetailsModal';
import { ListScreen } from '../../ui/ListScreen';
import { Money } from '../../ui/Money';
import { RowMenu } from '../../ui/RowMenu';
import { useListParams } from '../../ui/useListParams';
import { useRecordModals } from '../../ui/useRecordModals';
import { RecurringPaymentForm } from './RecurringPaymentForm';
import {
  useDeleteRecurringPaymentMutation,
  useGetRecurringPaymentsQuery,
  usePauseRecurringPaymentMutation,
  useResumeRecurringPaymentMutation,
  type RecurringPayment,
  type RecurringPaymentSort,
} from './recurringPaymentsApi';

const SORTS: readonly RecurringPaymentSort[] = ['nextDate', 'remark', 'amount'];

/** Where a template stands: posting, paused, or past its end date. */
const statusOf = (row: RecurringPayment) =>
  row.paused ? 'Paused' : row.nextDate === null ? 'Ended' : 'Active';

/** Data Details of a template: its account, its schedule in words, where it stands. */
const details = (row: RecurringPayment) => ({
  account: accountLabel(row.account),
  paymentType: formatEnum(row.paymentType),
  amount: row.amount,
  remark: row.remark,
  schedule: scheduleInWords(row.schedule, row.day),
  startDate: row.startDate,
  endDate: row.endDate,
  nextDate: row.paused ? null : row.nextDate,
  lastDate: row.lastDate,
  skipped: row.skipped,
  lastSkippedDate: row.lastSkippedDate,
  status: statusOf(row),
});
const detailsLabels = {
  paymentType: 'Type',
  lastDate: 'Last Handled',
  nextDate: 'Next Date',
  skipped: 'Days Skipped',
  lastSkippedDate: 'Last Skipped',
};
const detailsRender = { amount: (v: unknown) => <Money value={v as number} /> };

/**
 * Recurring payments: a company's salaries, rent and EMIs, posted on their days by the
 * server (its admin reads them). The payments posted reach the statements through the live
 * change feed as any payment does.
 */
export default function RecurringPaymentsScreen() {
  const scope = useScope();
  const list = useListParams<RecurringPaymentSort>('nextDate', 'asc', { sorts: SORTS });
  const query = useGetRecurringPaymentsQuery({
    ...list.params,
    companyId: scope.companyId || undefined,
  });
  const modals = useRecordModals<RecurringPayment>();
  const [deletePayment, deleting] = useDeleteRecurringPaymentMutation();
  const [pausePayment] = usePauseRecurringPaymentMutation();
  const [resumePayment] = useResumeRecurringPaymentMutation();

  const toggle = (row: RecurringPayment) =>
    row.paused
      ? notifyMutation(resumePayment({ id: row._id, version: row.version }).unwrap(), {
          success: 'Recurring payment resumed',
          failure: 'Failed to resume the recurring payment. Please try again.',
        })
      : notifyMutation(pausePayment({ id: row._id, version: row.version }).unwrap(), {
          success: 'Recurring payment paused',
          failure: 'Failed to pause the recurring payment. Please try again.',
        });

  const columns: Column<RecurringPayment, RecurringPaymentSort>[] = [
    serialColumn(),
    {
      key: 'remark',
      header: 'Remark',
      sortKey: 'remark',
      card: 'primary',
      wrap: true,
      render: (row) => row.remark,
    },
    {
      key: 'account',
      header: 'Account',
      wrap: true,
      render: (row) => accountLabel(row.account),
    },
    { key: 'paymentType', header: 'Type', render: (row) => formatEnum(row.paymentType) },
    {
      key: 'amount',
      header: 'Amount',
      sortKey: 'amount',
      align: 'right',
      card: 'money',
      render: (row) => <Money value={row.amount} />,
    },
    {
      key: 'schedule',
      header: 'Schedule',
      render: (row) => scheduleInWords(row.schedule, row.day),
    },
    {
      key: 'nextDate',
      header: 'Next Date',
      sortKey: 'nextDate',
      render: (row) => (row.paused || row.nextDate === null ? '—' : formatYMD(row.nextDate)),
    },
    {
      key: 'skipped',
      header: 'Skipped',
      align: 'right',
      render: (row) =>
        row.skipped > 0 && row.lastSkippedDate ? (
          <span title={`Last skipped on ${formatYMD(row.lastSkippedDate)}`}>{row.skipped}</span>
        ) : (
          '—'
        ),
    },
    { key: 'status', header: 'Status', render: statusOf },
    {
      key: 'action',
      header: 'Action',
      render: (row) => (
        <RowMenu
          label={row.remark}
          canWrite={scope.isCompany}
          onShow={() => modals.show(row)}
          onEdit={() => modals.openEdit(row)}
          onDelete={() => modals.askDelete(row)}
          extraActions={
            scope.isCompany
              ? [{ label: row.paused ? 'Resume' : 'Pause', onClick: () => void toggle(row) }]
              : []
          }
        />
      ),
    },
  ];

  const page = query.currentData ?? query.data;
  return (
    <>
      <ScopeBar scope={scope} />
      <ListScreen
        title="Recurring Payments"
        addLabel="Add Recurring Payment"
        // An admin reads its companies' templates: no Add.
        onAdd={scope.isCompany ? modals.openCreate : undefined}
        searchLabel="Search recurring payments"
        empty={
          scope.isCompany
            ? {
                hint: 'Salaries, rent, EMIs: add them once, and each is paid on its day.',
                action: 'Add your first recurring payment',
              }
            : { hint: 'No recurring payments here yet.' }
        }
        list={list}
        query={query}
        columns={columns}
        rowKey={(row) => row._id}
        summary={
          page && (
            <>
              {page.total.toLocaleString('en-IN')}{' '}
              {page.total === 1 ? 'recurring payment' : 'recurring payments'}
            </>
          )
        }
      >
        {modals.formOpen && (
          <RecurringPaymentForm payment={modals.editing} onClose={modals.closeForm} />
        )}
        <DetailsModal
          record={modals.showing && details(modals.showing)}
          onClose={modals.closeShow}
          labels={detailsLabels}
          render={detailsRender}
        />
        <DeleteDialog
          record={modals.deleting}
          title="Delete recurring payment"
          message={(row) => (
            <>
              Delete the recurring payment <strong>{row.remark}</strong>? The payments it already
              posted stay.
            </>
          )}
          run={(row) => deletePayment(row._id).unwrap()}
          messages={{
            success: 'Recurring payment deleted successfully',
            failure: 'Failed to delete the recurring payment. Please try again.',
          }}
          onClose={modals.closeDelete}
          busy={deleting.isLoading}
        />
      </ListScreen>
    </>
  );
}
