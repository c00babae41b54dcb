/**
 * A form's values of a record's text fields (`keys`): each as the record has it, and empty
 * for a field it leaves blank (null) or for a new record (null).
 */
export function textValues<K extends string>(
  record: Partial<Record<K, string | null>> | null,
  keys: readonly K[],
): Record<K, string> {
  return Object.fromEntries(keys.map((key) => [key, record?.[key] ?? ''])) as Record<K, string>;
}
