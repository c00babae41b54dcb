/** "12 expenses", "1 client": a count of rows, in Indian digit groups, with its noun. */
export const countOf = (total: number, one: string) => (
  <>
    {total.toLocaleString('en-IN')} {total === 1 ? one : `${one}s`}
  </>
);
