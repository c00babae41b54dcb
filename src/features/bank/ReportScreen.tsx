import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { useDownload } from '../../api/download';
import { END_BEFORE_START, formatYMD, isBackwards, todayLocalISO } from '../../lib/dates';
import { Field, SelectField } from '../../ui/Field';
import { LoadState } from '../../ui/LoadState';
import { Money } from '../../ui/Money';
import { styles } from '../../ui/styles';
import { CompanyPicker, useScope } from '../people/scope';
import { AccountCard } from './AccountCard';
import {
  accountLabel,
  ALL_ACCOUNTS,
  useGetAccountsQuery,
  useGetStatementQuery,
  type Statement,
  type StatementArgs,
} from './bankApi';

/** The statement: opening, each payment with its running balance, closing, totals. */
export function StatementView({ statement: s }: { statement: Statement }) {
  const cell = 'whitespace-nowrap px-3 py-2';
  return (
    <div className="space-y-4">
      <AccountCard account={s.account} balanceLabel="Current Balance" />
      <p className="text-sm text-gray-700">
        Statement from <strong>{formatYMD(s.from)}</strong> to <strong>{formatYMD(s.to)}</strong>
      </p>
      <div className="overflow-x-auto">
        <table className="min-w-full divide-y divide-gray-200 text-sm">
          <caption className="sr-only">Statement entries</caption>
          <thead className="bg-gray-50 text-left">
            <tr>
              {['Date', 'Remark', 'Credit', 'Debit', 'Balance'].map((h, i) => (
                <th
                  key={h}
                  scope="col"
                  className={`${cell} font-semibold ${i > 1 ? 'text-right' : ''}`}
                >
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            <tr className="bg-gray-50 font-medium">
              <td className={cell}>{formatYMD(s.from)}</td>
              <th scope="row" className={`${cell} text-left`}>
                Opening Balance
              </th>
              <td className={cell} />
              <td className={cell} />
              <td className={`${cell} text-right`}>
                <Money value={s.openingBalance} />
              </td>
            </tr>
            {s.entries.map((e) => (
              <tr key={e._id}>
                <td className={cell}>{formatYMD(e.date)}</td>
                <td className={`${cell} whitespace-normal`}>{e.remark}</td>
                <td className={`${cell} text-right text-green-800`}>
                  {e.paymentType === 'credit' && <Money value={e.amount} />}
                </td>
                <td className={`${cell} text-right text-red-700`}>
                  {e.paymentType === 'debit' && <Money value={e.amount} />}
                </td>
                <td className={`${cell} text-right`}>
                  <Money value={e.balance} />
                </td>
              </tr>
            ))}
            {s.entries.length === 0 && (
              <tr>
                <td colSpan={5} className={`${cell} text-center text-gray-700`}>
                  No payments in this period
                </td>
              </tr>
            )}
          </tbody>
          <tfoot className="border-t-2 border-gray-300 font-semibold">
            <tr>
              <td className={cell}>{formatYMD(s.to)}</td>
              <th scope="row" className={`${cell} text-left`}>
                Closing Balance
              </th>
              <td className={`${cell} text-right`}>
                <Money value={s.totalCredits} />
              </td>
              <td className={`${cell} text-right`}>
                <Money value={s.totalDebits} />
              </td>
              <td className={`${cell} text-right`}>
                <Money value={s.closingBalance} />
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      <dl className="grid gap-2 text-sm sm:grid-cols-4">
        {(
          [
            ['Opening Balance', s.openingBalance],
            ['Total Credits', s.totalCredits],
            ['Total Debits', s.totalDebits],
            ['Closing Balance', s.closingBalance],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded-md border border-gray-200 p-3">
            <dt className="text-gray-700">{label}</dt>
            <dd className="text-base font-semibold text-gray-900">
              <Money value={value} />
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** Report List: a real statement of one account over a date range; print or CSV. */
export default function ReportScreen() {
  const scope = useScope();
  const downloadFile = useDownload();
  const accounts = useGetAccountsQuery({ ...ALL_ACCOUNTS, companyId: scope.companyId });
  const [form, setForm] = useState(() => ({
    accountId: '',
    from: todayLocalISO(),
    to: todayLocalISO(),
  }));
  const [applied, setApplied] = useState<StatementArgs | null>(null);
  const statement = useGetStatementQuery(applied ?? { accountId: '', from: '', to: '' }, {
    skip: applied === null,
  });
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.accountId || !form.from || !form.to)
      return void toast.error('Please fill in all fields.');
    if (isBackwards(form.from, form.to)) return void toast.error(END_BEFORE_START);
    setApplied({ ...form });
  };
  const download = () => {
    if (!applied) return;
    void downloadFile(`/company/statement/export?${new URLSearchParams({ ...applied })}`, {
      filename: `statement-${applied.from}-to-${applied.to}.csv`,
      failure: 'Failed to download the statement. Please try again.',
    });
  };

  const data = statement.currentData?.data;
  return (
    <section
      aria-labelledby="report-title"
      className={`${styles.card} p-4 sm:p-6 print:border-0 print:shadow-none`}
    >
      <h2 id="report-title" className="text-xl font-semibold text-gray-900">
        Report List
      </h2>
      <form
        onSubmit={submit}
        aria-label="Report filter"
        className="mt-4 grid items-end gap-4 sm:grid-cols-2 lg:grid-cols-4 print:hidden"
      >
        {scope.isAdmin && <CompanyPicker scope={scope} id="report-company" />}
        <SelectField
          id="report-account"
          label="Bank Account"
          placeholder={accounts.isLoading ? 'Loading…' : 'Select Bank Account'}
          options={(accounts.data?.data ?? []).map((a) => ({
            value: a._id,
            label: accountLabel(a),
          }))}
          value={form.accountId}
          onChange={set('accountId')}
        />
        <Field
          id="report-from"
          label="Start Date"
          type="date"
          value={form.from}
          onChange={set('from')}
        />
        <Field id="report-to" label="End Date" type="date" value={form.to} onChange={set('to')} />
        <div className="flex gap-2">
          <button type="submit" className={styles.btnPrimary}>
            Submit
          </button>
        </div>
      </form>
      {applied && (
        <div className="mt-6">
          <LoadState
            isLoading={statement.isFetching && !data}
            isError={statement.isError}
            error={statement.error}
            onRetry={statement.refetch}
          >
            {data && (
              <>
                <div className="mb-4 flex flex-wrap gap-2 print:hidden">
                  <button
                    type="button"
                    onClick={() => window.print()}
                    className={styles.btnSecondary}
                  >
                    Print
                  </button>
                  <button type="button" onClick={download} className={styles.btnSecondary}>
                    Download CSV
                  </button>
                </div>
                <StatementView statement={data} />
              </>
            )}
          </LoadState>
        </div>
      )}
    </section>
  );
}
