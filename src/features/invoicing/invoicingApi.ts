import type { z } from 'zod';
import type {
  InvoiceClientData,
  InvoiceDetail,
  InvoiceProfileData,
  InvoiceSummary,
} from '../../../contract/api/invoices';
import type { AnswerOf, BodyOf, QueryOf } from '../../api/contractTypes';
import { pathOf, request, type IdRoute } from '../../api/endpoint';
import { injectEndpoints } from '../../api/apiSlice';
import { onRecord, onRecordId, sendBody } from '../../api/recordMutations';
import { invalidates, listTags, type Tag } from '../../api/tags';

/**
 * Invoicing's calls: the company's invoicing profile, its clients, invoices and credit notes
 * (draft, issue, cancel), share links and e-mail. Everything hangs off the `invoice` tag,
 * which the change feed names for every change of these tables.
 */

export type InvoiceProfile = z.output<typeof InvoiceProfileData>;
export type Client = z.output<typeof InvoiceClientData>;
export type InvoiceRow = z.output<typeof InvoiceSummary>;
export type Invoice = z.output<typeof InvoiceDetail>;
type Answer = AnswerOf<'getInvoice'>;

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

export const invoicingApi = injectEndpoints((build) => ({
  getInvoiceProfile: build.query<AnswerOf<'getInvoiceProfile'>, string | undefined>({
    query: (companyId) => request('getInvoiceProfile', { query: scoped(companyId) }),
    providesTags: [row('PROFILE')],
  }),
  saveInvoiceProfile: build.mutation<AnswerOf<'saveInvoiceProfile'>, BodyOf<'saveInvoiceProfile'>>(
    sendBody('saveInvoiceProfile', [row('PROFILE')]),
  ),
  getClients: build.query<AnswerOf<'listInvoiceClients'>, QueryOf<'listInvoiceClients'>>({
    query: ({ companyId, search, page, pageSize, order }) =>
      request('listInvoiceClients', {
        query: { ...scoped(companyId), search: search || undefined, page, pageSize, order },
      }),
    providesTags: (result) => [CLIENTS, ...listTags('invoice')(result)],
  }),
  /** One project's name, for a saved draft's project picker. */
  getInvoiceProject: build.query<string | null, string>({
    query: (id) => request('listProjects', { query: { id } }),
    transformResponse: (page: AnswerOf<'listProjects'>) => page.data[0]?.projectName ?? null,
  }),
  getClient: build.query<Client, string>({
    query: (id) => request('getInvoiceClient', { params: { id } }),
    transformResponse: (answer: AnswerOf<'getInvoiceClient'>) => answer.data,
    providesTags: (_r, _e, id) => [row(id)],
  }),
  addClient: build.mutation<AnswerOf<'addInvoiceClient'>, BodyOf<'addInvoiceClient'>>(
    sendBody('addInvoiceClient', [CLIENTS]),
  ),
  updateClient: build.mutation<
    AnswerOf<'updateInvoiceClient'>,
    { id: string } & BodyOf<'updateInvoiceClient'>
  >(onRecord('updateInvoiceClient', clientChanged)),
  deleteClient: build.mutation<AnswerOf<'deleteInvoiceClient'>, string>(
    onRecordId('deleteInvoiceClient', clientChanged),
  ),
  getInvoices: build.query<AnswerOf<'listInvoices'>, QueryOf<'listInvoices'>>({
    query: (query) => request('listInvoices', { query }),
    providesTags: (result) => listTags('invoice')(result),
  }),
  getInvoice: build.query<Invoice, string>({
    query: (id) => request('getInvoice', { params: { id } }),
    transformResponse: (answer: Answer) => answer.data,
    providesTags: (_r, _e, id) => [row(id)],
  }),
  addInvoice: build.mutation<Answer, BodyOf<'addInvoice'>>(sendBody('addInvoice', changed())),
  updateInvoice: build.mutation<Answer, { id: string } & BodyOf<'updateInvoice'>>(
    onRecord('updateInvoice', changed),
  ),
  deleteInvoice: build.mutation<AnswerOf<'deleteInvoice'>, string>(
    onRecordId('deleteInvoice', changed),
  ),
  issueInvoice: build.mutation<Answer, { id: string; version: number }>(
    onRecord('issueInvoice', changed),
  ),
  /** Cancels by a credit note for the whole invoice: the answer is the credit note. */
  cancelInvoice: build.mutation<Answer, { id: string } & BodyOf<'cancelInvoice'>>(
    onRecord('cancelInvoice', changed),
  ),
  emailInvoice: build.mutation<AnswerOf<'emailInvoice'>, string>(linkCall('emailInvoice')),
  createInvoiceLink: build.mutation<AnswerOf<'createInvoiceLink'>, string>(
    linkCall('createInvoiceLink'),
  ),
  getInvoiceLinks: build.query<AnswerOf<'listInvoiceLinks'>, string>({
    query: (id) => request('listInvoiceLinks', { params: { id } }),
    providesTags: (_r, _e, id) => links(id),
  }),
  revokeInvoiceLink: build.mutation<AnswerOf<'revokeInvoiceLink'>, { id: string; linkId: string }>({
    query: (params) => request('revokeInvoiceLink', { params }),
    invalidatesTags: invalidates((_r, { id }) => links(id)),
  }),
}));

export const {
  useGetInvoiceProfileQuery,
  useLazyGetInvoiceProfileQuery,
  useSaveInvoiceProfileMutation,
  useGetClientQuery,
  useGetInvoiceProjectQuery,
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

/** The clients' calls, as their list takes them (CompanyRecordsScreen). */
export const clientListCalls = {
  useList: invoicingApi.useGetClientsQuery,
  useDelete: invoicingApi.useDeleteClientMutation,
};

/** A client's calls, as its form takes them (useCompanyRecordForm). */
export const clientFormCalls = {
  useOne: invoicingApi.useLazyGetClientQuery,
  useAdd: invoicingApi.useAddClientMutation,
  useUpdate: invoicingApi.useUpdateClientMutation,
  tags: (client: { _id: string }) => [row(client._id)],
};

/** Where an invoice's PDF is downloaded from (through the download helper). */
export const invoicePdfPath = (id: string) => pathOf('invoicePdf', { params: { id } });
