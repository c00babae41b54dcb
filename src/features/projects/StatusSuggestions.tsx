import type { SUGGESTED_FIELDS } from '../../../contract/api/projects';
import { useGetProjectSuggestionsQuery } from './projectsApi';

type SuggestedField = (typeof SUGGESTED_FIELDS)[number];

/** The free-text fields offered the company's earlier values, as the form names them. */
export const SUGGESTED: ReadonlySet<string> = new Set<SuggestedField>([
  'status',
  'paymentStatus',
  'risk',
]);

/** The id of a field's list of suggestions (its input's `list`). */
export const suggestionsId = (field: string) => `project-${field}-suggestions`;

function Suggestions({ field }: { field: SuggestedField }) {
  const { data } = useGetProjectSuggestionsQuery({ field });
  return (
    <datalist id={suggestionsId(field)}>
      {data?.data.map((value) => (
        <option key={value} value={value} />
      ))}
    </datalist>
  );
}

/**
 * The company's earlier Status, Payment Status and Risk values (the most used first, a
 * bounded few from the server) as each field's suggestions: the fields stay free text.
 */
export function StatusSuggestionLists() {
  return (
    <>
      <Suggestions field="status" />
      <Suggestions field="paymentStatus" />
      <Suggestions field="risk" />
    </>
  );
}
