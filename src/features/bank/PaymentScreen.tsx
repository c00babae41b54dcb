import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import type { PaymentType } from '../../../contract/enums';
import { notifyMutation } from '../../api/notify';
import { amountError, typedRupees } from '../../lib/amount';
import { formatYMD, todayLocalISO } from '../../lib/dates';
import { formatEnum } from '../../lib/labels';
import { formatRupees } from '../../lib/money';
import { AmountField } from '../../ui/AmountField';
import { DataTable, type Column } from '../../ui/DataTable';
import { Field, SelectField } from '../../ui/Field';
import { ImportLink } from '../../ui/ImportLink';
import { Money } from '../../ui/Money';
import { styles } from '../../ui/styles';
import { useFieldErrors } from '../../ui/useFieldErrors';
import { useUrlFilters } from '../../ui/useListParams';
import { useScope, type Scope } from '../../session/scope';
import { CompanyPicker } from '../../ui/CompanyPicker';
import { AccountCard } from './AccountCard';
import { AccountPicker } from '../../ui/AccountPicker';
import { canReverse, EntryLinks, ReverseDialog, TransferDialog } from './Corrections';
import { usePreferredAccount } from './usePreferredAccount';
import {
  accountLabel,
  oneAccount,
  useAddPaymentMutation,
  useGetAccountsQuery,
  useGetPaymentsQuery,
  type Payment,
} from './bankApi';

export const FILL_ALL = 'Please fill in all fields.';
const LATEST = 10;

const TYPE_LABELS: Record<PaymentType, string> = { debit: 'Debit', credit: 'Credit' };
const TYPE_OPTIONS = Object.entries(TYPE_LABELS).map(([value, label]) => ({ value, label }));

const PAYMENT_COLUMNS: ReadonlyArray<Column<Payment>> = [
  { key: 'date', header: 'Date', render: (p) => formatYMD(p.date) },
  {
    key: 'remark',
    header: 'Remark',
    card: 'primary',
    wrap: true,
    render: (p) => (
      <>
        {p.remark}
        <EntryLinks entry={p} />
      </>
    ),
  },
  {
    key: 'type',
    header: 'Type',
    render: (p) => formatEnum(p.paymentType),
  },
  {
    key: 'amount',
    header: 'Amount',
    align: 'right',
    card: 'money',
    render: (p) => (
      <Money
        value={p.amount}
        className={p.paymentType === 'credit' ? 'text-green-800' : 'text-red-700'}
      />
    ),
  },
  {
    key: 'balanceAfter',
    header: 'Balance',
    align: 'right',
    render: (p) => <Money value={p.balanceAfter} />,
  },
];

/** The company's own list also offers to correct a payment. */
const withReverse = (onReverse: (p: Payment) => void): ReadonlyArray<Column<Payment>> => [
  ...PAYMENT_COLUMNS,
  {
    key: 'actions',
    header: 'Correction',
    render: (p) =>
      canReverse(p) ? (
        <button
          type="button"
          onClick={() => onReverse(p)}
          className="text-sm font-medium text-indigo-700 underline hover:text-indigo-900"
          aria-label={`Reverse ${p.paymentType} of ${formatYMD(p.date)}: ${p.remark}`}
        >
          Reverse
        </button>
      ) : null,
  },
];

const emptyForm = () => ({ remark: '', date: todayLocalISO(), paymentType: '', amount: '' });
const FIELDS = ['remark', 'date', 'paymentType', 'amount'] as const;

/**
 * Payment Mode: records a credit or debit on one of the company's open accounts, starting
 * with its default (or only open) account. A closed account is not offered; one opened from
 * the address shows its payments, with no form. An admin picks one of its companies and
 * reads its accounts (closed ones too) and payments: it has no payment form.
 */
export default function PaymentScreen() {
  const scope = useScope();
  const [url, setUrl] = useUrlFilters({ accountId: '' });
  const accountId = url.accountId;
  const setAccountId = (id: string) => setUrl({ accountId: id });
  // The default (or only) account is chosen until the user chooses, even none.
  const [chose, setChose] = useState(accountId !== '');
  const preferred = usePreferredAccount(scope, chose, true);
  useEffect(() => {
    if (!chose && preferred) setUrl({ accountId: preferred._id });
  }, [chose, preferred, setUrl]);
  // The chosen account as the server has it now: its balance changes with each payment.
  const chosen = useGetAccountsQuery(oneAccount(accountId), { skip: !accountId });
  const [form, setForm] = useState(emptyForm);
  const [amountProblem, setAmountProblem] = useState<string>();
  const refused = useFieldErrors(FIELDS);
  const [addPayment, adding] = useAddPaymentMutation();
  const [reversing, setReversing] = useState<Payment>();
  const [transferring, setTransferring] = useState(false);
  const payments = useGetPaymentsQuery(
    { accountId, page: 1, pageSize: LATEST },
    { skip: !accountId },
  );
  const account = chosen.currentData?.data.find((a) => a._id === accountId);
  // A closed account takes no payments, transfers or reversals until it is reopened.
  const writable = scope.isCompany && !account?.closedAt;
  const columns = useMemo(
    () => (writable ? withReverse(setReversing) : PAYMENT_COLUMNS),
    [writable],
  );
  // Another company has other accounts: the account choice starts over.
  const companyScope: Scope = {
    ...scope,
    setCompanyId: (id) => {
      setChose(false);
      setUrl({ accountId: '' }, { companyId: id });
    },
  };

  const set = (key: keyof ReturnType<typeof emptyForm>) => (e: { target: { value: string } }) => {
    // A new payment type starts with an empty amount.
    setForm((f) => ({
      ...f,
      [key]: e.target.value,
      ...(key === 'paymentType' ? { amount: '' } : {}),
    }));
    if (key === 'amount' || key === 'paymentType') setAmountProblem(undefined);
    refused.clear(key);
    if (key === 'paymentType' || key === 'date') refused.clear('amount');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!account || !form.paymentType || !form.amount || !form.remark.trim() || !form.date) {
      toast.error(FILL_ALL);
      return;
    }
    const problem = amountError(form.amount, 'positive');
    setAmountProblem(problem);
    if (problem) return;
    const ok = await notifyMutation(
      addPayment({
        accountId: account._id,
        date: form.date,
        remark: form.remark.trim(),
        paymentType: form.paymentType as PaymentType,
        amount: typedRupees(form.amount),
      }).unwrap(),
      {
        success: 'Payment recorded successfully',
        failure: 'Failed to record the payment. Please try again.',
      },
      refused.capture,
    );
    if (ok) setForm(emptyForm());
  };

  return (
    <section aria-labelledby="payment-title" className={`${styles.card} p-4 sm:p-6`}>
      <h2 id="payment-title" className="text-xl font-semibold text-gray-900">
        Payment Mode
      </h2>
      <div className="mt-4 space-y-4">
        {/* An admin's companies: the accounts of one, or of all. */}
        <CompanyPicker scope={companyScope} className="sm:max-w-md" />
        <AccountPicker
          companyId={scope.companyId}
          id="payment-account"
          label="Account Holder"
          placeholder="Select Account Holder"
          // The company picks where a payment goes; an admin reads closed accounts too.
          state={scope.isCompany ? 'open' : undefined}
          noRows={
            scope.isCompany
              ? 'No open bank accounts: add or reopen one under All Bank.'
              : 'No bank accounts yet.'
          }
          value={accountId}
          selectedLabel={account && accountLabel(account)}
          onChange={(id) => {
            setChose(true);
            setAccountId(id);
            refused.clear('amount');
          }}
          className="sm:max-w-md"
        />
        {account && <AccountCard account={account} />}
        {account?.closedAt && (
          <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            This bank account is closed
            {scope.isCompany ? ': reopen it under All Bank to record payments.' : '.'}
          </p>
        )}
        {account && writable && (
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              onClick={() => setTransferring(true)}
              className={styles.btnSecondary}
            >
              Transfer to another account
            </button>
            <ImportLink kind="payments" accountId={account._id} />
          </div>
        )}
      </div>
      {/* Only the company records payments: an admin reads its companies' books. */}
      {writable && (
        <form onSubmit={submit} aria-label="Payment" noValidate className="mt-4 space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id="payment-remark"
              label="Remark"
              maxLength={200}
              error={refused.errors.remark}
              value={form.remark}
              onChange={set('remark')}
            />
            <Field
              id="payment-date"
              label="Date"
              type="date"
              error={refused.errors.date}
              value={form.date}
              onChange={set('date')}
            />
            <SelectField
              id="payment-type"
              label="Payment Type"
              placeholder="Select Payment Type"
              options={TYPE_OPTIONS}
              error={refused.errors.paymentType}
              value={form.paymentType}
              onChange={set('paymentType')}
            />
            <AmountField
              id="payment-amount"
              required={false}
              error={amountProblem ?? refused.errors.amount}
              note={account && `Available balance: ${formatRupees(account.balance)}`}
              value={form.amount}
              onChange={set('amount')}
            />
          </div>
          <button type="submit" disabled={adding.isLoading} className={styles.btnPrimary}>
            {adding.isLoading ? 'Saving…' : 'Submit'}
          </button>
        </form>
      )}
      {account && (
        <div className="mt-8">
          <h3 className="text-lg font-semibold text-gray-900">Latest payments</h3>
          <div className="mt-2">
            <DataTable
              caption={`Latest payments of ${accountLabel(account)}`}
              columns={columns}
              rows={payments.currentData?.data}
              rowKey={(p) => p._id}
              isLoading={payments.isFetching && !payments.currentData}
              errorMessage={payments.isError ? 'Could not load the payments.' : undefined}
              onRetry={() => payments.refetch()}
            />
          </div>
        </div>
      )}
      {reversing && <ReverseDialog payment={reversing} onClose={() => setReversing(undefined)} />}
      {transferring && account && (
        <TransferDialog from={account} onClose={() => setTransferring(false)} />
      )}
    </section>
  );
}
