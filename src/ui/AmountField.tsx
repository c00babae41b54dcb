import { useState } from 'react';
import {
  AMOUNT_GROUPING_MESSAGE,
  parseRupees,
  rupeesToPaise,
  wronglyGrouped,
} from '../../contract/rules';
import { groupRupees, lakhCrore } from '../lib/money';
import { Field, type FieldProps } from './Field';

export interface AmountFieldProps extends Omit<
  FieldProps,
  'label' | 'type' | 'value' | 'onChange' | 'hint'
> {
  label?: string;
  /** The amount as typed, without grouping ('1250000.50'). */
  value: string;
  /**
   * Called with what was typed, spaces and ₹ taken out, and grouping commas too when they
   * group the digits rightly; commas in the wrong places stay, so the form's check
   * (parseRupees) refuses the figure rather than read its digits as another amount.
   */
  onChange: (event: { target: { value: string } }) => void;
  /** A further line under the field (e.g. the balance available). */
  note?: string;
}

/** The typed amount as a number a form may show grouped; undefined when it is not one. */
function readable(value: string): number | undefined {
  const rupees = parseRupees(value);
  return Number.isFinite(rupees) && rupees >= 0 && rupeesToPaise(rupees) !== null
    ? rupees
    : undefined;
}

/**
 * A rupee amount, labelled 'Amount (₹)': a text field with the decimal keypad (the mouse
 * wheel never changes it), shown with Indian grouping (12,50,000.50) except while typed
 * in, and read out in lakh or crore underneath; what it hands on is the plain number as
 * typed. Focusing it changes nothing on screen, so a selection made then (select all, to
 * type over it) holds. The form checks it with the server's own rule (src/lib/amount.ts);
 * commas in the wrong places ('12,34,5') are said under the field as soon as they are typed.
 */
export function AmountField({
  label = 'Amount (₹)',
  value,
  onChange,
  note,
  onBlur,
  error,
  ...props
}: AmountFieldProps) {
  // Typed in since it was last left: shown as typed, not regrouped under the cursor.
  const [editing, setEditing] = useState(false);
  const rupees = readable(value);
  const shown = !editing && rupees !== undefined ? groupRupees(rupees) : value;
  const words = rupees !== undefined ? lakhCrore(rupees) : undefined;
  const hint = [words && `₹${groupRupees(rupees!)} · ${words}`, note].filter(Boolean).join(' · ');
  return (
    <Field
      label={label}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      required
      {...props}
      hint={hint || undefined}
      // Said once the field is left (not at each comma typed on the way to 12,34,567), or with
      // the form's refusal of such a figure, which would only repeat it less clearly.
      error={wronglyGrouped(value) && (!editing || error) ? AMOUNT_GROUPING_MESSAGE : error}
      value={shown}
      onBlur={(event) => {
        setEditing(false);
        onBlur?.(event);
      }}
      onChange={(event) => {
        setEditing(true);
        const typed = event.target.value.replace(/[\s₹]/g, '');
        onChange({ target: { value: wronglyGrouped(typed) ? typed : typed.replace(/,/g, '') } });
      }}
    />
  );
}
