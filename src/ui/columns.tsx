import type { Column } from './DataTable';
import { Money } from './Money';

/** A column of the field `key`, under `header`, sorted on the server by that field. */
const sortedBy = <K extends string>(key: K, header: string) => ({ key, header, sortKey: key });

/**
 * What a row is named by (a description, a name, a reference): the first line of a narrow
 * screen's card, wrapped when long.
 */
export const nameColumn = <T extends Record<K, string>, K extends string>(
  key: K,
  header: string,
): Column<T, never> => ({ key, header, card: 'primary', wrap: true, render: (row) => row[key] });

/** What a row is named by, in a list sorted on the server by it (its key). */
export const titleColumn = <T extends Record<K, string>, K extends string>(
  key: K,
  header: string,
): Column<T, K> => ({ ...nameColumn(key, header), sortKey: key });

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
