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
import { pathOf, request, type IdRoute } from '../../api/endpoint';
import { onRecord, onRecordId, sendBody } from '../../api/recordMutations';
import { invalidates, listTags, withSyncedMutations, type Tag } from '../../api/tags';

/**
 * Invoicing's calls: the company's invoicing profile, its clients, invoices and credit notes
 * (draft, issue, cancel), share links and e-mail. Everything hangs off the `invoice` tag,
 * which the change feed names for every change of these tables.
 */

export type InvoiceProfile = z.output<typeof InvoiceProfileData>;
export type Client = z.output<typeof InvoiceClientData>;
export type InvoiceRow = z.output<typeof InvoiceSummary>;
export type Invoice = z.output<typeof InvoiceDetail>;
type MessageAnswer = z.output<typeof Message>;
type Answer = z.output<typeof InvoiceAnswer>;

const LIST: Tag = { type: 'invoice', id: 'LIST' };
const row = (id: string): Tag => ({ type: 'invoice', id });
const CLIENTS: Tag = { type: 'invoice', id: 'CLIENTS' };
const clientChanged = (id: string) => [CLIENTS, row(id)];
/** A change to invoices moves the company's figures too. */
const changed = (...ids: string[]): Tag[] => [LIST, ...ids.map(row), 'dashboard'];

/** An invoice's share links (and the e-mails that send one). */
const links = (id: string): Tag[] => [{ type: 'invoice', id: `LINKS-${id}` }];
/** A call that makes an invoice's link (e-mailing makes one too): its list refreshes. */
const linkCall = (call: IdRoute) => ({
  query: (id: string) => request(call, { params: { id }, body: {} }),
  invalidatesTags: invalidates((_r, id: string) => links(id)),
});

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
      >(sendBody('saveInvoiceProfile', [row('PROFILE')])),
      getClients: build.query<
        z.output<typeof InvoiceClientList>,
        z.input<typeof InvoiceClientListQuery>
      >({
        query: ({ companyId, search, page, pageSize, order }) =>
          request('listInvoiceClients', {
            query: { ...scoped(companyId), search: search || undefined, page, pageSize, order },
          }),
        providesTags: (result) => [CLIENTS, ...listTags('invoice')(result)],
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
      addClient: build.mutation<z.output<typeof InvoiceClientAnswer>, InvoiceClientInput>(
        sendBody('addInvoiceClient', [CLIENTS]),
      ),
      updateClient: build.mutation<
        z.output<typeof InvoiceClientAnswer>,
        { id: string } & z.input<typeof InvoiceClientUpdate>
      >(onRecord('updateInvoiceClient', clientChanged)),
      deleteClient: build.mutation<MessageAnswer, string>(
        onRecordId('deleteInvoiceClient', clientChanged),
      ),
      getInvoices: build.query<z.output<typeof InvoiceList>, z.input<typeof InvoiceListQuery>>({
        query: (query) => request('listInvoices', { query }),
        providesTags: (result) => listTags('invoice')(result),
      }),
      getInvoice: build.query<Invoice, string>({
        query: (id) => request('getInvoice', { params: { id } }),
        transformResponse: (answer: Answer) => answer.data,
        providesTags: (_r, _e, id) => [row(id)],
      }),
      addInvoice: build.mutation<Answer, InvoiceDraftInput>(sendBody('addInvoice', changed())),
      updateInvoice: build.mutation<Answer, { id: string } & z.input<typeof InvoiceDraftUpdate>>(
        onRecord('updateInvoice', changed),
      ),
      deleteInvoice: build.mutation<MessageAnswer, string>(onRecordId('deleteInvoice', changed)),
      issueInvoice: build.mutation<Answer, { id: string; version: number }>(
        onRecord('issueInvoice', changed),
      ),
      /** Cancels by a credit note for the whole invoice: the answer is the credit note. */
      cancelInvoice: build.mutation<Answer, { id: string } & z.input<typeof InvoiceCancel>>(
        onRecord('cancelInvoice', changed),
      ),
      emailInvoice: build.mutation<z.output<typeof InvoiceEmailAnswer>, string>(
        linkCall('emailInvoice'),
      ),
      createInvoiceLink: build.mutation<z.output<typeof InvoiceLinkAnswer>, string>(
        linkCall('createInvoiceLink'),
      ),
      getInvoiceLinks: build.query<z.output<typeof InvoiceLinkList>, string>({
        query: (id) => request('listInvoiceLinks', { params: { id } }),
        providesTags: (_r, _e, id) => links(id),
      }),
      revokeInvoiceLink: build.mutation<MessageAnswer, { id: string; linkId: string }>({
        query: (params) => request('revokeInvoiceLink', { params }),
        invalidatesTags: invalidates((_r, { id }) => links(id)),
      }),
    }),
});

export const {
  useGetInvoiceProfileQuery,
  useLazyGetInvoiceProfileQuery,
  useSaveInvoiceProfileMutation,
  useGetClientsQuery,
  useGetClientQuery,
  useGetInvoiceProjectQuery,
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

/** A client's calls, as its form takes them (useCompanyRecordForm). */
export const clientFormCalls = {
  useOne: invoicingApi.useLazyGetClientQuery,
  useAdd: invoicingApi.useAddClientMutation,
  useUpdate: invoicingApi.useUpdateClientMutation,
  tags: (client: { _id: string }) => [row(client._id)],
};

/** Where an invoice's PDF is downloaded from (through the download helper). */
export const invoicePdfPath = (id: string) => pathOf('invoicePdf', { params: { id } });
