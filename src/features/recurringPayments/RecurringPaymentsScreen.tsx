import { accountLabel } from '../../api/accountsApi';
import { formatYMD } from '../../lib/dates';
import { formatEnum } from '../../lib/labels';
import { useScope } from '../../session/scope';
import { serialColumn, type Column } from '../../ui/DataTable';
import { countOf } from '../../ui/countOf';
import { ScopedListScreen } from '../../ui/ScopedListScreen';
import { recordMenuColumn } from '../../ui/RowMenu';
import {
  TemplateDialogs,
  scheduleColumns,
  scheduleDetails,
  statusColumn,
  statusOf,
  useTemplateList,
} from '../../ui/schedules/scheduleList';
import { RecurringPaymentForm } from './RecurringPaymentForm';
import {
  recurringPaymentRowActions,
  useGetRecurringPaymentsQuery,
  type RecurringPayment,
  type RecurringPaymentSort,
} from './recurringPaymentsApi';
import { titleColumn, amountColumn } from '../../ui/columns';

const SORTS: readonly RecurringPaymentSort[] = ['nextDate', 'remark', 'amount'];

/** Data Details of a template: its account, its schedule in words, where it stands. */
const details = (row: RecurringPayment) => ({
  account: accountLabel(row.account),
  paymentType: formatEnum(row.paymentType),
  amount: row.amount,
  remark: row.remark,
  ...scheduleDetails(row),
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

/**
 * Recurring payments: a company's salaries, rent and EMIs, posted on their days by the
 * server (its admin reads them). The payments posted reach the statements through the live
 * change feed as any payment does.
 */
export default function RecurringPaymentsScreen() {
  const scope = useScope();
  const template = useTemplateList<RecurringPayment, RecurringPaymentSort>({
    what: 'recurring payment',
    sorts: SORTS,
    ...recurringPaymentRowActions,
  });
  const { list, modals, pauseOrResume } = template;
  const query = useGetRecurringPaymentsQuery({
    ...list.params,
    companyId: scope.companyId || undefined,
  });

  const columns: Column<RecurringPayment, RecurringPaymentSort>[] = [
    serialColumn(),
    titleColumn('remark', 'Remark'),
    {
      key: 'account',
      header: 'Account',
      wrap: true,
      render: (row) => accountLabel(row.account),
    },
    { key: 'paymentType', header: 'Type', render: (row) => formatEnum(row.paymentType) },
    amountColumn('amount', 'Amount'),
    ...scheduleColumns<RecurringPayment, RecurringPaymentSort>('nextDate'),
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
    statusColumn(),
    recordMenuColumn(modals, (row) => row.remark, {
      canWrite: scope.isCompany,
      extra: (row) => (scope.isCompany ? [pauseOrResume(row)] : []),
    }),
  ];

  const page = query.currentData ?? query.data;
  return (
    <ScopedListScreen
      scope={scope}
      title="Recurring Payments"
      addLabel="Add Recurring Payment"
      onAdd={modals.openCreate}
      searchLabel="Search recurring payments"
      rows="recurring payments"
      empty={{
        hint: 'Salaries, rent, EMIs: add them once, and each is paid on its day.',
        action: 'Add your first recurring payment',
      }}
      list={list}
      query={query}
      columns={columns}
      summary={page && countOf(page.total, 'recurring payment')}
    >
      {modals.formOpen && (
        <RecurringPaymentForm payment={modals.editing} onClose={modals.closeForm} />
      )}
      <TemplateDialogs
        template={template}
        details={details}
        labels={detailsLabels}
        nameOf={(row) => row.remark}
        made="payments it already posted"
      />
    </ScopedListScreen>
  );
}
