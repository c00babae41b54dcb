import type { TagType } from './apiSlice';
import { request, type PlainRoute } from './endpoint';
import { listTags, type Tag } from './tags';

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

/** What every picker asks: the text typed, within the scope's company (an admin's choice). */
export interface PickerSearch {
  search: string;
  companyId?: string;
}

/**
 * A picker's endpoint, for `build.infiniteQuery`: page after page of the list call's rows
 * matching the text typed, within the company ('' = the scope's own: left out), in the order
 * and with the filters `more` adds (sorted by name, by default the server's).
 */
export function pickerEndpoint<A extends PickerSearch>(
  list: PlainRoute | ((arg: A) => PlainRoute),
  providesTags: Tag[] | ((result: { pages: { data: { _id: string }[] }[] } | undefined) => Tag[]),
  more: (arg: A) => object = () => ({ order: 'asc' }),
) {
  return {
    infiniteQueryOptions: pickerPaging,
    query: ({ queryArg, pageParam }: { queryArg: A; pageParam: number }) =>
      request(typeof list === 'string' ? list : list(queryArg), {
        query: {
          companyId: queryArg.companyId || undefined,
          search: searchParam(queryArg.search),
          page: pageParam,
          pageSize: PICKER_PAGE_SIZE,
          ...more(queryArg),
        },
      }),
    providesTags,
  };
}

/** A picker's rows provide their type's list tag and one per row, so an edit refreshes them. */
export const pickedTags =
  (type: TagType) =>
  (result: { pages: { data: { _id: string }[] }[] } | undefined): Tag[] =>
    listTags(type)({ data: result?.pages.flatMap((p) => p.data) ?? [] });
