import type { z } from 'zod';
import type {
  VendorAnswer,
  VendorData,
  VendorFields,
  VendorList,
  VendorListQuery,
  VendorUpdate,
} from '../../contract/api/vendors';
import type { Message } from '../../contract/api/fields';
import { apiSlice } from './apiSlice';
import { request, scopedList } from './endpoint';
import { pickerEndpoint, type PickerSearch } from './picker';
import { onRecord, onRecordId, sendBody } from './recordMutations';
import { withSyncedMutations, type Tag } from './tags';

/**
 * The company's vendors: the Vendors screen lists and edits them, Payment Mode picks one as
 * a payment's party. They hang off the `bank` tag (the change feed names it for every vendor
 * change), under their own id.
 */
export type Vendor = z.output<typeof VendorData>;
export type VendorPage = z.output<typeof VendorList>;

const VENDORS: Tag = { type: 'bank', id: 'VENDORS' };

export const vendorsApi = apiSlice.injectEndpoints({
  endpoints: (build) =>
    withSyncedMutations({
      getVendors: build.query<VendorPage, z.input<typeof VendorListQuery>>({
        query: scopedList('listVendors'),
        providesTags: [VENDORS],
      }),
      /** One vendor as it is now, for an edit form's Reload: always fetched, never cached. */
      getVendor: build.query<Vendor, string>({
        query: (id) => request('getVendor', { params: { id } }),
        transformResponse: (answer: z.output<typeof VendorAnswer>) => answer.data,
        keepUnusedDataFor: 0,
      }),
      /** The vendor pickers page through the vendors as the user types. */
      searchVendors: build.infiniteQuery<VendorPage, PickerSearch, number>(
        pickerEndpoint('listVendors', [VENDORS]),
      ),
      addVendor: build.mutation<z.output<typeof VendorAnswer>, z.input<typeof VendorFields>>(
        sendBody('addVendor', [VENDORS]),
      ),
      updateVendor: build.mutation<
        z.output<typeof VendorAnswer>,
        { id: string } & z.input<typeof VendorUpdate>
      >(onRecord('updateVendor', () => [VENDORS])),
      deleteVendor: build.mutation<z.output<typeof Message>, string>(
        onRecordId('deleteVendor', () => [VENDORS]),
      ),
    }),
});

export const { useGetVendorsQuery, useSearchVendorsInfiniteQuery, useDeleteVendorMutation } =
  vendorsApi;

/** A vendor's calls, as its form takes them (useCompanyRecordForm). */
export const vendorFormCalls = {
  useOne: vendorsApi.useLazyGetVendorQuery,
  useAdd: vendorsApi.useAddVendorMutation,
  useUpdate: vendorsApi.useUpdateVendorMutation,
  tags: () => [VENDORS],
};
