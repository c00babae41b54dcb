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
import { request } from './endpoint';
import { pickerPaging, PICKER_PAGE_SIZE, searchParam } from './picker';
import { invalidates, withSyncedMutations, type Tag } from './tags';

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
        query: ({ companyId, ...query }) =>
          request('listVendors', { query: { ...query, companyId: companyId || undefined } }),
        providesTags: [VENDORS],
      }),
      /** One vendor as it is now, for an edit form's Reload: always fetched, never cached. */
      getVendor: build.query<Vendor, string>({
        query: (id) => request('getVendor', { params: { id } }),
        transformResponse: (answer: z.output<typeof VendorAnswer>) => answer.data,
        keepUnusedDataFor: 0,
      }),
      /** The vendor pickers page through the vendors as the user types. */
      searchVendors: build.infiniteQuery<
        VendorPage,
        { search: string; companyId?: string },
        number
      >({
        infiniteQueryOptions: pickerPaging,
        query: ({ queryArg: { companyId, search }, pageParam }) =>
          request('listVendors', {
            query: {
              companyId: companyId || undefined,
              search: searchParam(search),
              page: pageParam,
              pageSize: PICKER_PAGE_SIZE,
              order: 'asc',
            },
          }),
        providesTags: [VENDORS],
      }),
      addVendor: build.mutation<z.output<typeof VendorAnswer>, z.input<typeof VendorFields>>({
        query: (body) => request('addVendor', { body }),
        invalidatesTags: invalidates(() => [VENDORS]),
      }),
      updateVendor: build.mutation<
        z.output<typeof VendorAnswer>,
        { id: string } & z.input<typeof VendorUpdate>
      >({
        query: ({ id, ...body }) => request('updateVendor', { params: { id }, body }),
        invalidatesTags: invalidates(() => [VENDORS]),
      }),
      deleteVendor: build.mutation<z.output<typeof Message>, string>({
        query: (id) => request('deleteVendor', { params: { id } }),
        invalidatesTags: invalidates(() => [VENDORS]),
      }),
    }),
});

export const {
  useGetVendorsQuery,
  useLazyGetVendorQuery,
  useSearchVendorsInfiniteQuery,
  useAddVendorMutation,
  useUpdateVendorMutation,
  useDeleteVendorMutation,
} = vendorsApi;
