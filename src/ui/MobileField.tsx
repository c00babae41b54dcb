import { Field, type FieldProps } from './Field';

/** An Indian mobile number (a lend's, a khata person's): the phone keypad, an example shown. */
export function MobileField(props: Omit<FieldProps, 'label' | 'type' | 'inputMode'>) {
  return (
    <Field
      label="Mobile"
      type="tel"
      inputMode="tel"
      autoComplete="off"
      placeholder="98765 43210"
      {...props}
    />
  );
}
