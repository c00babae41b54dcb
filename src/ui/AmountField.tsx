import { Field, type FieldProps } from './Field';

/** A rupee amount: a number in paise steps, above zero, required; labelled 'Amount (₹)'. */
export function AmountField({
  label = 'Amount (₹)',
  ...props
}: Omit<FieldProps, 'label' | 'type'> & { label?: string }) {
  return (
    <Field
      label={label}
      type="number"
      inputMode="decimal"
      step="0.01"
      min="0.01"
      required
      {...props}
    />
  );
}
