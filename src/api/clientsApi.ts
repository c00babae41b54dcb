import type { z } from 'zod';
import type { InvoiceClientList } from '../../contract/api/invoices';
import { apiSlice } from './apiSlice';
import { pickerEndpoint, type PickerSearch } from './picker';

/**
 * The company's clients as pickers search them: invoices name one, and so may a project.
 * They hang off the `invoice` tag, which the change feed names for every client change.
 */
export const clientsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** The client pickers page through the clients as the user types. */
    searchClients: build.infiniteQuery<z.output<typeof InvoiceClientList>, PickerSearch, number>(
      pickerEndpoint('listInvoiceClients', [{ type: 'invoice', id: 'CLIENTS' }]),
    ),
  }),
});

export const { useSearchClientsInfiniteQuery } = clientsApi;
