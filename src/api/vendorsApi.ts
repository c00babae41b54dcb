import type { z } from 'zod';
import type { VendorData } from '../../contract/api/vendors';
import type { AnswerOf, BodyOf, QueryOf } from './contractTypes';
import { request, scopedList } from './endpoint';
import { injectEndpoints } from './apiSlice';
import { pickerEndpoint, type PickerSearch } from './picker';
import { onRecord, onRecordId, sendBody } from './recordMutations';
import type { Tag } from './tags';

/**
 * The company's vendors: the Vendors screen lists and edits them, Payment Mode picks one as
 * a payment's party. They hang off the `bank` tag (the change feed names it for every vendor
 * change), under their own id.
 */
export type Vendor = z.output<typeof VendorData>;
export type VendorPage = AnswerOf<'listVendors'>;

const VENDORS: Tag = { type: 'bank', id: 'VENDORS' };

export const vendorsApi = injectEndpoints((build) => ({
  getVendors: build.query<VendorPage, QueryOf<'listVendors'>>({
    query: scopedList('listVendors'),
    providesTags: [VENDORS],
  }),
  /** One vendor as it is now, for an edit form's Reload: always fetched, never cached. */
  getVendor: build.query<Vendor, string>({
    query: (id) => request('getVendor', { params: { id } }),
    transformResponse: (answer: AnswerOf<'getVendor'>) => answer.data,
    keepUnusedDataFor: 0,
  }),
  /** The vendor pickers page through the vendors as the user types. */
  searchVendors: build.infiniteQuery<VendorPage, PickerSearch, number>(
    pickerEndpoint('listVendors', [VENDORS]),
  ),
  addVendor: build.mutation<AnswerOf<'addVendor'>, BodyOf<'addVendor'>>(
    sendBody('addVendor', [VENDORS]),
  ),
  updateVendor: build.mutation<AnswerOf<'updateVendor'>, { id: string } & BodyOf<'updateVendor'>>(
    onRecord('updateVendor', () => [VENDORS]),
  ),
  deleteVendor: build.mutation<AnswerOf<'deleteVendor'>, string>(
    onRecordId('deleteVendor', () => [VENDORS]),
  ),
}));

export const { useSearchVendorsInfiniteQuery } = vendorsApi;

/** The vendors' calls, as their list takes them (CompanyRecordsScreen). */
export const vendorListCalls = {
  useList: vendorsApi.useGetVendorsQuery,
  useDelete: vendorsApi.useDeleteVendorMutation,
};

/** A vendor's calls, as its form takes them (useCompanyRecordForm). */
export const vendorFormCalls = {
  useOne: vendorsApi.useLazyGetVendorQuery,
  useAdd: vendorsApi.useAddVendorMutation,
  useUpdate: vendorsApi.useUpdateVendorMutation,
  tags: () => [VENDORS],
};
