import type { z } from 'zod';
import type {
  InvoiceAnswer,
  InvoiceCancel,
  InvoiceClientAnswer,
  InvoiceClientData,
  InvoiceClientInput,
  InvoiceClientList,
  InvoiceClientListQuery,
  InvoiceClientUpdate,
  InvoiceDetail,
  InvoiceDraftInput,
  InvoiceDraftUpdate,
  InvoiceEmailAnswer,
  InvoiceLinkAnswer,
  InvoiceLinkData,
  InvoiceLinkList,
  InvoiceList,
  InvoiceListQuery,
  InvoiceProfileAnswer,
  InvoiceProfileData,
  InvoiceProfileInput,
  InvoiceSummary,
} from '../../../contract/api/invoices';
import type { Message } from '../../../contract/api/fields';
import type { ProjectList } from '../../../contract/api/projects';
import { apiSlice } from '../../api/apiSlice';
import { pathOf, request } from '../../api/endpoint';
import { pickerPaging, PICKER_PAGE_SIZE, searchParam } from '../../api/picker';
import { invalidates, listTags, withSyncedMutations, type Tag } from '../../api/tags';

/**
 * Invoicing's calls: the company's invoicing profile, its clients, invoices and credit notes
 * (draft, issue, cancel), share links and e-mail. Everything hangs off the `invoice` tag,
 * which the change feed names for every change of these tables.
 */

/** The client pickers' search lives in src/api, shared with the project form. */
export { useSearchClientsInfiniteQuery } from '../../api/clientsApi';

export type InvoiceProfile = z.output<typeof InvoiceProfileData>;
export type Client = z.output<typeof InvoiceClientData>;
export type ClientPage = z.output<typeof InvoiceClientList>;
export type InvoiceRow = z.output<typeof InvoiceSummary>;
export type Invoice = z.output<typeof InvoiceDetail>;
export type InvoicePage = z.output<typeof InvoiceList>;
export type InvoiceLink = z.output<typeof InvoiceLinkData>;
export type InvoiceListArgs = z.input<typeof InvoiceListQuery>;
type MessageAnswer = z.output<typeof Message>;
type Answer = z.output<typeof InvoiceAnswer>;

const LIST: Tag = { type: 'invoice', id: 'LIST' };
const row = (id: string): Tag => ({ type: 'invoice', id });
/** A change to invoices moves the company's figures too. */
const changed = (...ids: string[]): Tag[] => [LIST, ...ids.map(row), 'dashboard'];

/** The scope's company for an admin ('' = none chosen: left out). */
const scoped = (companyId?: string) => ({ companyId: companyId || undefined });

export const invoicingApi = apiSlice.injectEndpoints({
  endpoints: (build) =>
    withSyncedMutations({
      getInvoiceProfile: build.query<z.output<typeof InvoiceProfileAnswer>, string | undefined>({
        query: (companyId) => request('getInvoiceProfile', { query: scoped(companyId) }),
        providesTags: [row('PROFILE')],
      }),
      saveInvoiceProfile: build.mutation<
        z.output<typeof InvoiceProfileAnswer>,
        InvoiceProfileInput
      >({
        query: (body) => request('saveInvoiceProfile', { body }),
        invalidatesTags: invalidates(() => [row('PROFILE')]),
      }),
      getClients: build.query<ClientPage, z.input<typeof InvoiceClientListQuery>>({
        query: ({ companyId, search, page, pageSize, order }) =>
          request('listInvoiceClients', {
            query: { ...scoped(companyId), search: search || undefined, page, pageSize, order },
          }),
        providesTags: (result) => [
          { type: 'invoice', id: 'CLIENTS' },
          ...listTags('invoice')(result),
        ],
      }),
      /** The project pickers of invoices: the company's projects by name. */
      searchInvoiceProjects: build.infiniteQuery<
        z.output<typeof ProjectList>,
        { search: string; companyId?: string },
        number
      >({
        infiniteQueryOptions: pickerPaging,
        query: ({ queryArg: { companyId, search }, pageParam }) =>
          request('listProjects', {
            query: {
              ...scoped(companyId),
              search: searchParam(search),
              page: pageParam,
              pageSize: PICKER_PAGE_SIZE,
              sort: 'projectName',
              order: 'asc',
            },
          }),
        providesTags: [{ type: 'project', id: 'LIST' }],
      }),
      /** One project's name, for a saved draft's project picker. */
      getInvoiceProject: build.query<string | null, string>({
        query: (id) => request('listProjects', { query: { id } }),
        transformResponse: (page: z.output<typeof ProjectList>) =>
          page.data[0]?.projectName ?? null,
      }),
      getClient: build.query<Client, string>({
        query: (id) => request('getInvoiceClient', { params: { id } }),
        transformResponse: (answer: z.output<typeof InvoiceClientAnswer>) => answer.data,
        providesTags: (_r, _e, id) => [row(id)],
      }),
      addClient: build.mutation<z.output<typeof InvoiceClientAnswer>, InvoiceClientInput>({
        query: (body) => request('addInvoiceClient', { body }),
        invalidatesTags: invalidates(() => [{ type: 'invoice', id: 'CLIENTS' }]),
      }),
      updateClient: build.mutation<
        z.output<typeof InvoiceClientAnswer>,
        { id: string } & z.input<typeof InvoiceClientUpdate>
      >({
        query: ({ id, ...body }) => request('updateInvoiceClient', { params: { id }, body }),
        invalidatesTags: invalidates((_r, { id }) => [{ type: 'invoice', id: 'CLIENTS' }, row(id)]),
      }),
      deleteClient: build.mutation<MessageAnswer, string>({
        query: (id) => request('deleteInvoiceClient', { params: { id } }),
        invalidatesTags: invalidates((_r, id) => [{ type: 'invoice', id: 'CLIENTS' }, row(id)]),
      }),
      getInvoices: build.query<InvoicePage, InvoiceListArgs>({
        query: (query) => request('listInvoices', { query }),
        providesTags: (result) => listTags('invoice')(result),
      }),
      getInvoice: build.query<Invoice, string>({
        query: (id) => request('getInvoice', { params: { id } }),
        transformResponse: (answer: Answer) => answer.data,
        providesTags: (_r, _e, id) => [row(id)],
      }),
      addInvoice: build.mutation<Answer, InvoiceDraftInput>({
        query: (body) => request('addInvoice', { body }),
        invalidatesTags: invalidates(() => changed()),
      }),
      updateInvoice: build.mutation<Answer, { id: string } & z.input<typeof InvoiceDraftUpdate>>({
        query: ({ id, ...body }) => request('updateInvoice', { params: { id }, body }),
        invalidatesTags: invalidates((_r, { id }) => changed(id)),
      }),
      deleteInvoice: build.mutation<MessageAnswer, string>({
        query: (id) => request('deleteInvoice', { params: { id } }),
        invalidatesTags: invalidates((_r, id) => changed(id)),
      }),
      issueInvoice: build.mutation<Answer, { id: string; version: number }>({
        query: ({ id, version }) => request('issueInvoice', { params: { id }, body: { version } }),
        invalidatesTags: invalidates((_r, { id }) => changed(id)),
      }),
      /** Cancels by a credit note for the whole invoice: the answer is the credit note. */
      cancelInvoice: build.mutation<Answer, { id: string } & z.input<typeof InvoiceCancel>>({
        query: ({ id, ...body }) => request('cancelInvoice', { params: { id }, body }),
        invalidatesTags: invalidates((_r, { id }) => changed(id)),
      }),
      emailInvoice: build.mutation<z.output<typeof InvoiceEmailAnswer>, string>({
        query: (id) => request('emailInvoice', { params: { id }, body: {} }),
        invalidatesTags: invalidates((_r, id) => [{ type: 'invoice', id: `LINKS-${id}` }]),
      }),
      createInvoiceLink: build.mutation<z.output<typeof InvoiceLinkAnswer>, string>({
        query: (id) => request('createInvoiceLink', { params: { id }, body: {} }),
        invalidatesTags: invalidates((_r, id) => [{ type: 'invoice', id: `LINKS-${id}` }]),
      }),
      getInvoiceLinks: build.query<z.output<typeof InvoiceLinkList>, string>({
        query: (id) => request('listInvoiceLinks', { params: { id } }),
        providesTags: (_r, _e, id) => [{ type: 'invoice', id: `LINKS-${id}` }],
      }),
      revokeInvoiceLink: build.mutation<MessageAnswer, { id: string; linkId: string }>({
        query: (params) => request('revokeInvoiceLink', { params }),
        invalidatesTags: invalidates((_r, { id }) => [{ type: 'invoice', id: `LINKS-${id}` }]),
      }),
    }),
});

export const {
  useGetInvoiceProfileQuery,
  useLazyGetInvoiceProfileQuery,
  useSaveInvoiceProfileMutation,
  useGetClientsQuery,
  useSearchInvoiceProjectsInfiniteQuery,
  useGetClientQuery,
  useGetInvoiceProjectQuery,
  useLazyGetClientQuery,
  useAddClientMutation,
  useUpdateClientMutation,
  useDeleteClientMutation,
  useGetInvoicesQuery,
  useGetInvoiceQuery,
  useLazyGetInvoiceQuery,
  useAddInvoiceMutation,
  useUpdateInvoiceMutation,
  useDeleteInvoiceMutation,
  useIssueInvoiceMutation,
  useCancelInvoiceMutation,
  useEmailInvoiceMutation,
  useCreateInvoiceLinkMutation,
  useGetInvoiceLinksQuery,
  useRevokeInvoiceLinkMutation,
} = invoicingApi;

/** Where an invoice's PDF is downloaded from (through the download helper). */
export const invoicePdfPath = (id: string) => pathOf('invoicePdf', { params: { id } });
