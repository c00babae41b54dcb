import type { Column } from './DataTable';
import { Money } from './Money';

/**
 * What a row is named by (a description, a name, a remark): sorted on the server by its key,
 * the first line of a narrow screen's card, wrapped when long.
 */
export function titleColumn<T extends Record<K, string>, K extends string>(
  key: K,
  header: string,
): Column<T, K> {
  return {
    key,
    header,
    sortKey: key,
    card: 'primary',
    wrap: true,
    render: (row) => row[key],
  };
}

/** The amount a row is about, in rupees: sorted by its key, right-aligned, kept in view. */
export function amountColumn<T extends Record<K, number>, K extends string>(
  key: K,
  header: string,
): Column<T, K> {
  return {
    key,
    header,
    sortKey: key,
    align: 'right',
    card: 'money',
    render: (row) => <Money value={row[key]} />,
  };
}
