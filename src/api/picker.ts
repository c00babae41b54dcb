/**
 * How a picker pages through a server list: small pages, fetched as the user asks for more,
 * so typing searches the server and any row can be reached however long the list is.
 */
export const PICKER_PAGE_SIZE = 20;

/** The `infiniteQueryOptions` of a picker's endpoint: page 1, then the next while rows remain. */
export const pickerPaging = {
  initialPageParam: 1,
  getNextPageParam: (last: { page: number; pageSize: number; total: number }) =>
    last.page * last.pageSize < last.total ? last.page + 1 : undefined,
};

/** The text a picker searches for: trimmed, and left out when empty. */
export const searchParam = (search: string) => search.trim() || undefined;
