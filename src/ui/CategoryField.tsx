import { useCategoryOptions } from '../api/categoriesApi';
import { SelectField } from './Field';

/**
 * An expense's Category, required, from the user's categories; `current` (the record's own
 * when editing, perhaps renamed away since) stays offered.
 */
export function CategoryField({
  id,
  current,
  error,
  value,
  onChange,
}: {
  id: string;
  current?: string;
  error?: string;
  value: string;
  onChange: (e: { target: { value: string } }) => void;
}) {
  const options = useCategoryOptions(current);
  return (
    <SelectField
      id={id}
      label="Category"
      placeholder="Select Category"
      options={options}
      required
      error={error}
      value={value}
      onChange={onChange}
    />
  );
}
