import type { z } from 'zod';
import type { InvoiceClientList } from '../../contract/api/invoices';
import { apiSlice } from './apiSlice';
import { request } from './endpoint';
import { pickerPaging, PICKER_PAGE_SIZE, searchParam } from './picker';

/**
 * The company's clients as pickers search them: invoices name one, and so may a project.
 * They hang off the `invoice` tag, which the change feed names for every client change.
 */
export const clientsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** The client pickers page through the clients as the user types. */
    searchClients: build.infiniteQuery<
      z.output<typeof InvoiceClientList>,
      { search: string; companyId?: string },
      number
    >({
      infiniteQueryOptions: pickerPaging,
      query: ({ queryArg: { companyId, search }, pageParam }) =>
        request('listInvoiceClients', {
          query: {
            companyId: companyId || undefined,
            search: searchParam(search),
            page: pageParam,
            pageSize: PICKER_PAGE_SIZE,
            order: 'asc',
          },
        }),
      providesTags: [{ type: 'invoice', id: 'CLIENTS' }],
    }),
  }),
});

export const { useSearchClientsInfiniteQuery } = clientsApi;
