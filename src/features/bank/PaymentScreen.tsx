import { useEffect, useMemo, useState, type FormEvent } from 'react';
import type { PaymentType } from '../../../contract/enums';
import { notifyMutation } from '../../api/notify';
import { amountError, typedRupees } from '../../lib/amount';
import { formatDMY, todayLocalISO } from '../../lib/dates';
import { formatEnum } from '../../lib/labels';
import { formatRupees } from '../../lib/money';
import { AmountField } from '../../ui/AmountField';
import { DataTable, type Column } from '../../ui/DataTable';
import { DateField } from '../../ui/DateField';
import { Field, SelectField } from '../../ui/Field';
import { ImportLink } from '../../ui/ImportLink';
import { Money } from '../../ui/Money';
import { BusyButton } from '../../ui/BusyButton';
import { ScreenCard } from '../../ui/ScreenCard';
import { styles } from '../../ui/styles';
import { useFieldErrors } from '../../ui/useFieldErrors';
import { useUrlFilters } from '../../ui/useListParams';
import { useScope, type Scope } from '../../session/scope';
import { CompanyPicker } from '../../ui/CompanyPicker';
import { AccountCard, addRupees } from './AccountCard';
import { AccountPicker } from '../../ui/AccountPicker';
import { canReverse, entryColumns, ReverseDialog, TransferDialog } from './Corrections';
import {
  detailsBody,
  emptyDetails,
  missingDetails,
  PaymentDetailsFields,
  type DetailsField,
  type DetailsForm,
} from './PaymentDetails';
import { usePreferredAccount } from './usePreferredAccount';
import {
  accountLabel,
  oneAccount,
  useAddPaymentMutation,
  useGetAccountsQuery,
  useGetPaymentsQuery,
  type Payment,
} from './bankApi';

const LATEST = 10;

/** The element each field's message is said under, to focus the first one missing. */
const FIELD_IDS: Record<FormField, string> = {
  accountId: 'payment-account',
  remark: 'payment-remark',
  date: 'payment-date',
  paymentType: 'payment-type',
  amount: 'payment-amount',
  mode: 'payment-mode',
  reference: 'payment-reference',
  party: 'payment-party-kind',
  projectId: 'payment-project',
  category: 'payment-category',
};

const TYPE_LABELS: Record<PaymentType, string> = { debit: 'Debit', credit: 'Credit' };
const TYPE_OPTIONS = Object.entries(TYPE_LABELS).map(([value, label]) => ({ value, label }));

const PAYMENT_COLUMNS: ReadonlyArray<Column<Payment>> = [
  ...entryColumns<Payment>(),
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
          aria-label={`Reverse ${p.paymentType} of ${formatDMY(p.date)}: ${p.remark}`}
        >
          Reverse
        </button>
      ) : p.reconciled && !p.reversesId && !p.reversedById ? (
        // Why there is no Reverse: the database refuses it while a statement line holds it.
        <span className="text-xs text-gray-700">Undo its reconciliation to reverse it</span>
      ) : null,
  },
];

const emptyForm = () => ({
  remark: '',
  date: todayLocalISO(),
  paymentType: '',
  amount: '',
  ...emptyDetails(),
});
type PaymentForm = ReturnType<typeof emptyForm>;
const FIELDS = [
  'accountId',
  'remark',
  'date',
  'paymentType',
  'amount',
  'mode',
  'reference',
  'party',
  'projectId',
  'category',
] as const;
type FormField = (typeof FIELDS)[number];

/** The fields still empty that a payment needs, each with what to say under it. */
function missingFields(form: PaymentForm, hasAccount: boolean) {
  const missing: Partial<Record<FormField, string>> = missingDetails(form);
  if (!hasAccount) missing.accountId = 'Choose the account.';
  if (!form.remark.trim()) missing.remark = 'Enter a remark.';
  if (!form.date) missing.date = 'Enter the date.';
  if (!form.paymentType) missing.paymentType = 'Choose Credit or Debit.';
  if (!form.amount) missing.amount = 'Enter the amount.';
  return missing;
}

/**
 * What the amount field says under it: what the account has (with its overdraft limit),
 * then, once a type and a valid amount are given, the balance before and after.
 */
function balanceNote(account: { balance: number; overdraftLimit: number }, form: PaymentForm) {
  const available = addRupees(account.balance, account.overdraftLimit);
  const has = account.overdraftLimit
    ? `Available balance: ${formatRupees(available)} (with the overdraft limit of ${formatRupees(account.overdraftLimit)})`
    : `Available balance: ${formatRupees(account.balance)}`;
  if (!form.paymentType || !form.amount || amountError(form.amount, 'positive')) return has;
  const amount = typedRupees(form.amount);
  const after = addRupees(account.balance, form.paymentType === 'credit' ? amount : -amount);
  return `Balance before: ${formatRupees(account.balance)}, after: ${formatRupees(after)}`;
}

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
  // The fields Submit found empty, each named under itself until it changes.
  const [missing, setMissing] = useState<Partial<Record<FormField, string>>>({});
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

  const forget = (field: FormField) => {
    setMissing(({ [field]: _gone, ...rest }) => rest);
    refused.clear(field);
  };
  /** Changes some fields and forgets what was said under `field`; every other field stays. */
  const change = (values: Partial<PaymentForm>, field: FormField) => {
    setForm((f) => ({ ...f, ...values }));
    forget(field);
    if (field === 'amount' || field === 'paymentType') setAmountProblem(undefined);
    // The ledger's refusal of the amount was about the old type or day.
    if (field === 'paymentType' || field === 'date') refused.clear('amount');
  };
  const set =
    (key: 'remark' | 'date' | 'paymentType' | 'amount') => (e: { target: { value: string } }) =>
      change({ [key]: e.target.value }, key);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const empty = missingFields(form, !!account);
    setMissing(empty);
    const first = FIELDS.find((f) => empty[f]);
    if (first || !account) {
      if (first) document.getElementById(FIELD_IDS[first])?.focus();
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
        ...detailsBody(form),
      }).unwrap(),
      {
        success: 'Payment recorded successfully',
        failure: 'Failed to record the payment. Please try again.',
      },
      refused.capture,
    );
    if (ok) setForm(emptyForm());
  };
  const errorOf = (field: FormField) => missing[field] ?? refused.errors[field];
  /** A field's id, value, change and message. */
  const bind = (key: 'remark' | 'date' | 'paymentType' | 'amount') => ({
    id: FIELD_IDS[key],
    error: errorOf(key),
    value: form[key],
    onChange: set(key),
  });

  return (
    <ScreenCard title="Payment Mode" back={false}>
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
            forget('accountId');
            refused.clear('amount');
          }}
          error={scope.isCompany ? errorOf('accountId') : undefined}
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
            <Field label="Remark" maxLength={200} {...bind('remark')} />
            <DateField label="Date" {...bind('date')} />
            <SelectField
              label="Payment Type"
              placeholder="Select Payment Type"
              options={TYPE_OPTIONS}
              {...bind('paymentType')}
            />
            <AmountField
              required={false}
              {...bind('amount')}
              error={amountProblem ?? errorOf('amount')}
              note={account && balanceNote(account, form)}
            />
            <PaymentDetailsFields
              value={form}
              errors={{ ...refused.errors, ...missing }}
              onChange={(values: Partial<DetailsForm>, field: DetailsField) =>
                change(values, field)
              }
            />
          </div>
          <BusyButton type="submit" busy={adding.isLoading} label="Submit" busyLabel="Saving…" />
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
    </ScreenCard>
  );
}
