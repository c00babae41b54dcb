import type { SkipToken } from '@reduxjs/toolkit/query';
import { useSearchClientsInfiniteQuery } from '../api/clientsApi';
import type { PickerSearch } from '../api/picker';
import { useSearchProjectsInfiniteQuery } from '../api/projectPickerApi';
import { useSearchVendorsInfiniteQuery } from '../api/vendorsApi';
import {
  SearchPicker,
  type InfiniteList,
  type PickerOption,
  type SearchPickerProps,
} from './SearchPicker';
import { useServerSearch } from './useServerSearch';

export type CompanyPickerProps = { companyId?: string } & Omit<
  SearchPickerProps,
  'onSearch' | 'results'
>;

/**
 * A picker of one of a company's records, searched on the server as the user types (an
 * admin's `companyId` narrows; nothing is asked until the list first opens).
 */
function companyPicker<Row>(
  useList: (arg: PickerSearch | SkipToken) => InfiniteList<Row>,
  toOption: (row: Row) => PickerOption,
) {
  return function CompanyPicker({ companyId, ...picker }: CompanyPickerProps) {
    const search = useServerSearch(useList, { companyId }, toOption);
    return <SearchPicker {...picker} {...search.picker} />;
  };
}

const byName = (r: { _id: string; name: string }) => ({ value: r._id, label: r.name });

/** A picker of the company's clients (an invoice's, a receipt's, a payment's party). */
export const ClientPicker = companyPicker(useSearchClientsInfiniteQuery, byName);

/** A picker of the company's vendors (a payment's party). */
export const VendorPicker = companyPicker(useSearchVendorsInfiniteQuery, byName);

/** A picker of the company's projects (a payment's, a statement's filter, an invoice's). */
export const ProjectPicker = companyPicker(useSearchProjectsInfiniteQuery, (p) => ({
  value: p._id,
  label: p.projectName,
}));
