import { formatYMD } from '../../lib/dates';
import { useCategoryOptions } from '../../api/categoriesApi';
import { UndoableDeleteDialog } from '../../ui/DeleteDialog';
import { serialColumn, type Column } from '../../ui/DataTable';
import { DetailsModal } from '../../ui/DetailsModal';
import { ImportLink } from '../../ui/ImportLink';
import { ListScreen } from '../../ui/ListScreen';
import { CappedCount } from '../../ui/CappedCount';
import { Money } from '../../ui/Money';
import { recordMenuColumn } from '../../ui/RowMenu';
import { useListParams, useUrlParams } from '../../ui/useListParams';
import { PeriodPicker, usePeriod } from '../../ui/PeriodPicker';
import { periodLabel } from '../../ui/period';
import { useRecordModals } from '../../ui/useRecordModals';
import { styles } from '../../ui/styles';
import { BusyButton } from '../../ui/BusyButton';
import { ExpenseForm } from './ExpenseForm';
import { useExportExpensesCsv } from './exportCsv';
import {
  useDeleteExpenseMutation,
  useGetExpensesQuery,
  useRestoreExpenseMutation,
  type Expense,
  type ExpenseSort,
} from './expensesApi';
import { titleColumn, amountColumn } from '../../ui/columns';
import { countOf } from '../../ui/countOf';

const detailsRender = {
  amount: (v: unknown) => <Money value={v as number} />,
};

/** Narrows the list (and its totals and export) to one of the user's categories. */
function CategoryFilter({
  value,
  onChange,
}: {
  value: string;
  onChange: (category: string) => void;
}) {
  const options = useCategoryOptions(value || undefined);
  return (
    <>
      <label htmlFor="expense-category-filter" className="sr-only">
        Category
      </label>
      <select
        id="expense-category-filter"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        // A set width: the categories arrive after the list, and a select as wide as its
        // longest name would move the buttons beside it as they came, under a click aimed at one.
        className={`${styles.inputSized} w-44`}
      >
        <option value="">All categories</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </>
  );
}

const SORTS: readonly ExpenseSort[] = ['date', 'description', 'amount', 'category'];

export default function ExpensesScreen() {
  const list = useListParams<ExpenseSort>('date', 'desc', { sorts: SORTS });
  const [url, patchUrl] = useUrlParams();
  const category = url.get('category') ?? '';
  // This month unless the address names another period (or every date).
  const { period, setPeriod } = usePeriod({ allowAll: true });
  const query = useGetExpensesQuery({
    ...list.params,
    ...(category ? { category } : {}),
    ...(period ?? {}),
  });
  const modals = useRecordModals<Expense>();
  const remove = useDeleteExpenseMutation();
  const [restore] = useRestoreExpenseMutation();
  const { exportCsv, exporting } = useExportExpensesCsv();

  const columns: Column<Expense, ExpenseSort>[] = [
    serialColumn(),
    { key: 'date', header: 'Date', sortKey: 'date', render: (row) => formatYMD(row.date) },
    titleColumn('description', 'Description'),
    amountColumn('amount', 'Amount'),
    {
      key: 'category',
      header: 'Category',
      sortKey: 'category',
      render: (row) => row.category,
    },
    recordMenuColumn(modals, (row) => row.description),
  ];

  const page = query.currentData ?? query.data;
  return (
    <ListScreen
      title="Expenses List"
      addLabel="Add New Expense"
      onAdd={modals.openCreate}
      searchLabel="Search expenses"
      empty={{
        hint: 'Record what you spend, and see where it goes.',
        action: 'Add your first expense',
      }}
      list={list}
      query={query}
      actions={
        <>
          <PeriodPicker period={period} onChange={setPeriod} idPrefix="expenses-period" allowAll />
          <CategoryFilter
            value={category}
            onChange={(next) => patchUrl({ category: next, page: null })}
          />
          <ImportLink kind="expenses" />
          {/* Every expense of the current filter, in the list's order: not only this page. */}
          <BusyButton
            busy={exporting}
            label="Export CSV"
            busyLabel="Exporting…"
            onClick={() => {
              const { search, sort, order } = list.params;
              void exportCsv({
                search,
                category: category || undefined,
                ...(period ?? {}),
                sort,
                order,
              });
            }}
            className={styles.btnSecondary}
          />
        </>
      }
      columns={columns}
      summary={
        page &&
        (page.totalCapped ? (
          // Past the count's bound nothing is summed: say so rather than show a part.
          <CappedCount total={page.total} rows="expenses" />
        ) : (
          <>
            Total Amount: <Money value={page.totalAmount} className="font-semibold text-gray-900" />{' '}
            · {countOf(page.total, 'expense')} ·{' '}
            {/* Which dates the figure covers, said beside it. */}
            {period ? periodLabel(period) : 'all dates'}
          </>
        ))
      }
    >
      {modals.formOpen && <ExpenseForm expense={modals.editing} onClose={modals.closeForm} />}
      <DetailsModal record={modals.showing} onClose={modals.closeShow} render={detailsRender} />
      <UndoableDeleteDialog
        what="expense"
        nameOf={(row) => row.description}
        modals={modals}
        remove={remove}
        restore={restore}
      />
    </ListScreen>
  );
}
