import type { z } from 'zod';
import type { CounterpartyList, CounterpartyListQuery } from '../../../contract/api/counterparties';
import type { Message } from '../../../contract/api/fields';
import type {
  KhataEntryAnswer,
  KhataEntryFields,
  KhataLedger as KhataLedgerSchema,
  KhataLinkAnswer,
  KhataLinkList,
  KhataPersonAnswer,
  KhataPersonFields,
  KhataPersonUpdate,
  PublicStatement as PublicStatementSchema,
  UpiSettings as UpiSettingsSchema,
} from '../../../contract/api/khata';
import { request } from '../../api/endpoint';
import { injectEndpoints } from '../../api/apiSlice';
import { onRecord, sendBody } from '../../api/recordMutations';
import { invalidates, type Tag } from '../../api/tags';

export type KhataLedger = z.output<typeof KhataLedgerSchema>;
export type KhataEvent = KhataLedger['events'][number];
export type KhataPeoplePage = z.output<typeof CounterpartyList>;
export type KhataPersonSummary = KhataPeoplePage['data'][number];
export type EntryInput = z.input<typeof KhataEntryFields>;
export type UpiSettings = z.output<typeof UpiSettingsSchema>;
export type PublicStatement = z.output<typeof PublicStatementSchema>;
type MessageAnswer = z.output<typeof Message>;

/**
 * The khata is made of the lend and borrowed books: it reads under their people tags (any
 * change of a loan or repayment, here, in another tab or by the server, refreshes it) and an
 * entry changes both books, their totals and the dashboard.
 */
const booksTags: Tag[] = [
  { type: 'lend', id: 'PEOPLE' },
  { type: 'borrowed', id: 'PEOPLE' },
];
const entryTags: Tag[] = [
  ...booksTags,
  { type: 'lend', id: 'LIST' },
  { type: 'borrowed', id: 'LIST' },
  'dashboard',
];
const linksTag = (id: string): Tag => ({ type: 'lend', id: `LINKS-${id}` });

export const khataApi = injectEndpoints((build) => ({
  getKhataPeople: build.query<KhataPeoplePage, z.input<typeof CounterpartyListQuery>>({
    query: (query) => request('listCounterparties', { query }),
    providesTags: booksTags,
  }),
  getKhataLedger: build.query<{ success: boolean; data: KhataLedger }, string>({
    query: (id) => request('getKhataLedger', { params: { id } }),
    providesTags: booksTags,
  }),
  addKhataPerson: build.mutation<
    z.output<typeof KhataPersonAnswer>,
    z.input<typeof KhataPersonFields>
  >(sendBody('addKhataPerson', booksTags)),
  updateKhataPerson: build.mutation<
    z.output<typeof KhataPersonAnswer>,
    { id: string } & z.input<typeof KhataPersonUpdate>
  >(onRecord('updateKhataPerson', () => booksTags)),
  addKhataEntry: build.mutation<z.output<typeof KhataEntryAnswer>, { id: string } & EntryInput>(
    onRecord('addKhataEntry', () => entryTags),
  ),
  settleKhataPerson: build.mutation<
    z.output<typeof KhataEntryAnswer>,
    { id: string; date: string }
  >(onRecord('settleKhataPerson', () => entryTags)),
  recordKhataReminder: build.mutation<MessageAnswer, { id: string; channel: 'whatsapp' | 'sms' }>(
    onRecord('recordKhataReminder', () => booksTags),
  ),
  /** The e-mail reminder of a lend (the spec's sendEmail), recorded on the page. */
  emailKhataReminder: build.mutation<MessageAnswer, string>({
    query: (lendId) => request('sendLendReminder', { body: { _id: lendId } }),
    invalidatesTags: invalidates(() => booksTags),
  }),
  getKhataLinks: build.query<z.output<typeof KhataLinkList>, string>({
    query: (id) => request('listKhataLinks', { params: { id } }),
    providesTags: (_r, _e, id) => [linksTag(id)],
  }),
  createKhataLink: build.mutation<z.output<typeof KhataLinkAnswer>, string>({
    query: (id) => request('createKhataLink', { params: { id }, body: { expiresInDays: 30 } }),
    invalidatesTags: invalidates((_r, id) => [linksTag(id)]),
  }),
  revokeKhataLink: build.mutation<MessageAnswer, { id: string; linkId: string }>({
    query: (params) => request('revokeKhataLink', { params }),
    invalidatesTags: invalidates((_r, { id }) => [linksTag(id)]),
  }),
  /** The user's UPI ID and name, for the reminder's payment link (set in Profile). */
  getKhataUpi: build.query<{ success: boolean; data: UpiSettings }, void>({
    query: () => request('getUpiSettings'),
    providesTags: ['account'],
  }),
  getPublicStatement: build.query<{ success: boolean; data: PublicStatement }, string>({
    query: (token) => request('publicKhataStatement', { params: { token } }),
  }),
}));

export const {
  useGetKhataPeopleQuery,
  useGetKhataLedgerQuery,
  useAddKhataPersonMutation,
  useUpdateKhataPersonMutation,
  useAddKhataEntryMutation,
  useSettleKhataPersonMutation,
  useRecordKhataReminderMutation,
  useEmailKhataReminderMutation,
  useGetKhataLinksQuery,
  useCreateKhataLinkMutation,
  useRevokeKhataLinkMutation,
  useGetKhataUpiQuery,
  useGetPublicStatementQuery,
} = khataApi;
