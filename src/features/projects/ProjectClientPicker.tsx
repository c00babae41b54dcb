import { useState } from 'react';
import type { z } from 'zod';
import { skipToken } from '@reduxjs/toolkit/query';
import type { InvoiceClientData } from '../../../contract/api/invoices';
import { useSearchClientsInfiniteQuery } from '../../api/clientsApi';
import { pickerResults, SearchPicker, type SearchPickerProps } from '../../ui/SearchPicker';

export type ProjectClient = z.output<typeof InvoiceClientData>;

const clientOption = (c: ProjectClient) => ({ value: c._id, label: c.name });

/**
 * A picker of the company's clients, searched on the server as the user types; it hands
 * back the chosen client itself (its name and mobile), or null when cleared.
 */
export function ProjectClientPicker({
  onPick,
  ...picker
}: { onPick: (client: ProjectClient | null) => void } & Omit<
  SearchPickerProps,
  'onSearch' | 'results' | 'onChange'
>) {
  const [search, setSearch] = useState<string | null>(null);
  const list = useSearchClientsInfiniteQuery(search === null ? skipToken : { search });
  const rows = list.currentData?.pages.flatMap((p) => p.data) ?? [];
  return (
    <SearchPicker
      {...picker}
      onSearch={setSearch}
      results={pickerResults(list, clientOption)}
      onChange={(value) => onPick(rows.find((c) => c._id === value) ?? null)}
    />
  );
}
