import { useState } from 'react';
import { formatYMD } from '../../lib/dates';
import { serialColumn, type Column } from '../../ui/DataTable';
import { ListScreen } from '../../ui/ListScreen';
import { QueryState } from '../../ui/QueryState';
import { PlainTable } from '../../ui/PlainTable';
import { Modal } from '../../ui/Modal';
import { Money } from '../../ui/Money';
import { styles } from '../../ui/styles';
import { useListParams } from '../../ui/useListParams';
import {
  useGetCounterpartiesQuery,
  useGetCounterpartyQuery,
  type Counterparty,
  type CounterpartyEventKind,
} from './loansApi';

const EVENT_LABELS: Record<CounterpartyEventKind, string> = {
  lend: 'Lent to them',
  borrowed: 'Borrowed from them',
  repayment_lend: 'Repayment received',
  repayment_borrowed: 'Repayment made',
};

const strong = 'font-semibold text-gray-900';

/** 'Ravi owes you ₹500.00' / 'You owe Ravi ₹500.00' / 'All settled with Ravi'. */
export function BalanceSentence({ name, balance }: { name: string; balance: number }) {
  if (balance > 0)
    return (
      <>
        {name} owes you <Money value={balance} className={strong} />
      </>
    );
  if (balance < 0)
    return (
      <>
        You owe {name} <Money value={-balance} className={strong} />
      </>
    );
  return <>All settled with {name}</>;
}

/** One person's lends, borrowings and repayments in date order, with the running balance. */
function HistoryModal({ person, onClose }: { person: Counterparty; onClose: () => void }) {
  const query = useGetCounterpartyQuery(person.email);
  const history = query.data?.data;
  return (
    <Modal open title={`History: ${person.name}`} onClose={onClose} size="lg">
      <p className="text-sm text-gray-700">{person.email}</p>
      <QueryState query={query}>
        {history && (
          <>
            <p className="mt-2 text-gray-900">
              <BalanceSentence name={history.name} balance={history.balance} />
            </p>
            <PlainTable
              caption={`History with ${history.name}`}
              headers={['Date', 'Entry', 'Amount', 'Change', 'Balance', 'Remark']}
              right={['Amount', 'Change', 'Balance']}
              className="mt-4"
            >
              {history.events.map((e, i) => (
                <tr key={`${e.loanId}-${e.kind}-${i}`}>
                  <td className="whitespace-nowrap px-3 py-2">{formatYMD(e.date)}</td>
                  <td className="whitespace-nowrap px-3 py-2">{EVENT_LABELS[e.kind]}</td>
                  <td className="whitespace-nowrap px-3 py-2 text-right">
                    <Money value={e.amount} />
                  </td>
                  <td className="whitespace-nowrap px-3 py-2 text-right">
                    {e.change > 0 ? '+' : ''}
                    <Money value={e.change} />
                  </td>
                  <td className="whitespace-nowrap px-3 py-2 text-right">
                    <Money value={e.balance} />
                  </td>
                  <td className="px-3 py-2">{e.remark || '—'}</td>
                </tr>
              ))}
            </PlainTable>
            <p className="mt-2 text-xs text-gray-600">
              Balance: positive when they owe you, negative when you owe them.
            </p>
          </>
        )}
      </QueryState>
    </Modal>
  );
}

/**
 * Personal → People: everyone the user lent to or borrowed from (by e-mail), with what each
 * side owes, and one person's history of lends, borrowings and repayments.
 */
export function CounterpartiesScreen() {
  const list = useListParams<'name'>('name', 'asc', { sorts: ['name'] });
  const query = useGetCounterpartiesQuery(list.params);
  const [open, setOpen] = useState<Counterparty | null>(null);
  const page = query.currentData ?? query.data;

  const columns: Column<Counterparty, 'name'>[] = [
    serialColumn(),
    {
      key: 'name',
      header: 'Name',
      card: 'primary',
      wrap: true,
      render: (row) => (
        <button type="button" className={styles.link} onClick={() => setOpen(row)}>
          {row.name}
        </button>
      ),
    },
    { key: 'email', header: 'Email', wrap: true, render: (row) => row.email },
    {
      key: 'theyOwe',
      header: 'They owe',
      align: 'right',
      render: (row) => <Money value={row.theyOwe} />,
    },
    { key: 'iOwe', header: 'I owe', align: 'right', render: (row) => <Money value={row.iOwe} /> },
    {
      key: 'net',
      header: 'Net',
      align: 'right',
      card: 'money',
      render: (row) => <Money value={row.net} className="font-semibold" />,
    },
    {
      key: 'history',
      header: 'Actions',
      render: (row) => (
        <button
          type="button"
          onClick={() => setOpen(row)}
          aria-label={`History of ${row.name}`}
          className={`${styles.btnSecondary} px-3 py-1`}
        >
          History
        </button>
      ),
    },
  ];

  return (
    <ListScreen
      title="People"
      searchLabel="Search people by name or email"
      empty={{
        hint: 'Everyone you lend to or borrow from shows here, with what each side owes.',
      }}
      list={list}
      query={query}
      columns={columns}
      rowKey={(row) => row.email}
      summary={
        page && (
          <>
            They owe: <Money value={page.theyOweAmount} className={strong} /> · I owe:{' '}
            <Money value={page.iOweAmount} className={strong} /> · Net:{' '}
            <Money value={page.netAmount} className={strong} />
          </>
        )
      }
    >
      {open && <HistoryModal person={open} onClose={() => setOpen(null)} />}
    </ListScreen>
  );
}

export default CounterpartiesScreen;
