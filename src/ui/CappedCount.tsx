/**
 * A list's count past the server's bound (totalCapped): "10,000+ entries", and why no sum is
 * shown, rather than a part of the sum passed off as the whole.
 */
export function CappedCount({ total, rows }: { total: number; rows: string }) {
  return (
    <>
      {total.toLocaleString('en-IN')}+ {rows} · narrow the search to see their total
    </>
  );
}
