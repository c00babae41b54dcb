import { useState, type FormEvent } from 'react';
import { notifyMutation } from '../../api/notify';
import { amountError, typedRupees } from '../../lib/amount';
import { formatYMD, todayLocalISO } from '../../lib/dates';
import { formatRupees } from '../../lib/money';
import { AmountField } from '../../ui/AmountField';
import { DateField } from '../../ui/DateField';
import { Field } from '../../ui/Field';
import { QueryState } from '../../ui/QueryState';
import { PlainTable } from '../../ui/PlainTable';
import { Modal } from '../../ui/Modal';
import { Money } from '../../ui/Money';
import { styles } from '../../ui/styles';
import { useFieldErrors } from '../../ui/useFieldErrors';
import { fieldBinder } from '../../ui/fieldBinding';
import { StatusBadge } from './loanColumns';
import { REPAYMENT_FAILED, type LoanKind } from './loanKinds';
import {
  useAddRepaymentMutation,
  useDeleteRepaymentMutation,
  useGetRepaymentsQuery,
  type Loan,
  type Repayment,
} from './loansApi';
import { BusyButton } from '../../ui/BusyButton';

const EMPTY = () => ({ date: todayLocalISO(), amount: '', remark: '' });
const FIELDS = ['date', 'amount', 'remark'] as const;

/** The repayments of one row: the list (with delete) and a form to record one. */
export function RepaymentsModal({
  kind,
  loan,
  onClose,
}: {
  kind: LoanKind;
  loan: Loan;
  onClose: () => void;
}) {
  const { direction } = kind;
  const query = useGetRepaymentsQuery({ direction, id: loan._id });
  const [addRepayment, adding] = useAddRepaymentMutation();
  const [deleteRepayment, deleting] = useDeleteRepaymentMutation();
  const [form, setForm] = useState(EMPTY);
  const [amountProblem, setAmountProblem] = useState<string>();
  const refused = useFieldErrors(FIELDS);
  const change = (key: keyof ReturnType<typeof EMPTY>) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [key]: e.target.value }));
    refused.clear(key);
  };
  const [confirming, setConfirming] = useState<string | null>(null);
  const rows = query.data?.data ?? [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = amountError(form.amount, 'positive');
    setAmountProblem(problem);
    if (problem) return;
    const input = {
      loanId: loan._id,
      date: form.date,
      amount: typedRupees(form.amount),
      remark: form.remark.trim(),
    };
    const ok = await notifyMutation(
      addRepayment({ direction, input }).unwrap(),
      { success: 'Repayment recorded successfully', failure: REPAYMENT_FAILED },
      refused.capture,
    );
    if (ok) setForm(EMPTY());
  };

  const remove = async (repayment: Repayment) => {
    await notifyMutation(
      deleteRepayment({ direction, id: repayment._id, loanId: loan._id }).unwrap(),
      {
        success: 'Repayment deleted successfully',
        failure: 'Failed to delete the repayment. Please try again.',
      },
    );
    setConfirming(null);
  };

  const bind = fieldBinder('repayment', form, change, { amount: amountProblem }, refused.errors);
  return (
    <Modal open title={`Repayments: ${loan.name}`} onClose={onClose} size="lg">
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        {(
          [
            ['Amount', <Money key="a" value={loan.amount} />],
            ['Repaid', <Money key="r" value={loan.repaid} />],
            ['Outstanding', <Money key="o" value={loan.outstanding} />],
            ['Status', <StatusBadge key="s" status={loan.status} />],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded-md bg-gray-50 p-3">
            <dt className="text-gray-700">{label}</dt>
            <dd className="mt-1 font-semibold text-gray-900">{value}</dd>
          </div>
        ))}
      </dl>

      <div className="mt-4">
        <QueryState query={query}>
          {rows.length === 0 ? (
            <p className="py-4 text-center text-gray-700">No repayments yet</p>
          ) : (
            <PlainTable
              caption={`Repayments of ${loan.name}`}
              headers={['Date', 'Amount', 'Remark', 'Action']}
              right={['Amount']}
            >
              {rows.map((r) => (
                <tr key={r._id}>
                  <td className="whitespace-nowrap px-3 py-2">{formatYMD(r.date)}</td>
                  <td className="whitespace-nowrap px-3 py-2 text-right">
                    <Money value={r.amount} />
                  </td>
                  <td className="px-3 py-2">{r.remark || '—'}</td>
                  <td className="whitespace-nowrap px-3 py-2">
                    {confirming === r._id ? (
                      <span className="inline-flex gap-2">
                        <button
                          type="button"
                          disabled={deleting.isLoading}
                          onClick={() => remove(r)}
                          className={`${styles.btnDanger} px-2 py-1`}
                        >
                          Confirm delete
                        </button>
                        <button
                          type="button"
                          onClick={() => setConfirming(null)}
                          className={`${styles.btnSecondary} px-2 py-1`}
                        >
                          Cancel
                        </button>
                      </span>
                    ) : (
                      <button
                        type="button"
                        aria-label={`Delete repayment of ${formatYMD(r.date)}`}
                        onClick={() => setConfirming(r._id)}
                        className={`${styles.btnGhost} px-2 py-1 text-red-700`}
                      >
                        Delete
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </PlainTable>
          )}
        </QueryState>
      </div>

      <form onSubmit={submit} className="mt-4 border-t border-gray-200 pt-4">
        <h3 className="text-base font-semibold text-gray-900">Record a repayment</h3>
        <div className="mt-3 grid gap-3 sm:grid-cols-3">
          <DateField label="Date" required {...bind('date')} />
          <AmountField
            {...bind('amount')}
            note={`Outstanding: ${formatRupees(loan.outstanding)}`}
          />
          <Field label="Remark" maxLength={200} {...bind('remark')} />
        </div>
        <div className="mt-4 flex justify-end gap-2">
          <button type="button" onClick={onClose} className={styles.btnSecondary}>
            Close
          </button>
          <BusyButton
            busy={adding.isLoading}
            type="submit"
            label="Record Repayment"
            busyLabel="Saving…"
          />
        </div>
      </form>
    </Modal>
  );
}
