import type { Column } from './DataTable';
import { Money } from './Money';

/** A column of the field `key`, under `header`, sorted on the server by that field. */
const sortedBy = <K extends string>(key: K, header: string) => ({ key, header, sortKey: key });

/**
 * What a row is named by (a description, a name, a remark): sorted on the server by its key,
 * the first line of a narrow screen's card, wrapped when long.
 */
export const titleColumn = <T extends Record<K, string>, K extends string>(
  key: K,
  header: string,
): Column<T, K> => ({
  ...sortedBy(key, header),
  card: 'primary',
  wrap: true,
  render: (row) => row[key],
});

/** The amount a row is about, in rupees: sorted by its key, right-aligned, kept in view. */
export const amountColumn = <T extends Record<K, number>, K extends string>(
  key: K,
  header: string,
): Column<T, K> => ({
  ...sortedBy(key, header),
  align: 'right',
  card: 'money',
  render: (row) => <Money value={row[key]} />,
});
