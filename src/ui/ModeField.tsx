import { SelectField, type SelectFieldProps } from './Field';
import { MODE_OPTIONS } from './paymentModes';

/** How money moved: the payment modes to choose from, under Mode. */
export function ModeField(props: Omit<SelectFieldProps, 'label' | 'options'>) {
  return <SelectField label="Mode" options={MODE_OPTIONS} {...props} />;
}
