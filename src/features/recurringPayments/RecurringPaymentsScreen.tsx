import { accountLabel } from '../../api/accountsApi';
import { formatYMD } from '../../lib/dates';
import { formatEnum } from '../../lib/labels';
import { useScope } from '../../session/scope';
import { serialColumn, type Column } from '../../ui/DataTable';
import { recordMenuColumn } from '../../ui/RowMenu';
import {
  TemplateListScreen,
  scheduleColumns,
  scheduleDetails,
  statusColumn,
  statusOf,
  useTemplateList,
} from '../../ui/schedules/scheduleList';
import { RecurringPaymentForm } from './RecurringPaymentForm';
import {
  recurringPayments,
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
    ...recurringPayments.rowActions,
  });
  const { list, modals, pauseOrResume } = template;
  const query = recurringPayments.useList({
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

  return (
    <TemplateListScreen
      template={template}
      scope={scope}
      title="Recurring Payments"
      hint="Salaries, rent, EMIs: add them once, and each is paid on its day."
      query={query}
      columns={columns}
      form={(editing, onClose) => <RecurringPaymentForm payment={editing} onClose={onClose} />}
      details={details}
      labels={detailsLabels}
      nameOf={(row) => row.remark}
      made="payments it already posted"
    />
  );
}
