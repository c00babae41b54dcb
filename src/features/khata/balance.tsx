import { styles } from '../../ui/styles';
import { Money } from '../../ui/Money';

/** "Ramesh owes you ₹2,500.00" / "You owe Ramesh ₹800.00" / "All settled with Ramesh". */
export function NetSentence({ name, net }: { name: string; net: number }) {
  if (net > 0)
    return (
      <>
        {name} owes you <Money value={net} className="font-semibold text-green-800" />
      </>
    );
  if (net < 0)
    return (
      <>
        You owe {name} <Money value={-net} className="font-semibold text-red-800" />
      </>
    );
  return <>All settled with {name}</>;
}

/** What each entry of a person's page says, from the user's side. */
export const EVENT_LABELS = {
  lend: 'You gave',
  borrowed: 'You got',
  repayment_lend: 'You got (repayment)',
  repayment_borrowed: 'You gave (repayment)',
  settlement_lend: 'Settled up: you got',
  settlement_borrowed: 'Settled up: you gave',
  reminder: 'Reminder sent',
} as const;

export const CHANNEL_LABELS = {
  whatsapp: 'by WhatsApp',
  sms: 'by SMS',
  email: 'by e-mail',
  scheduled: 'on schedule',
} as const;

/** '+919876543210' -> '+91 98765 43210'. */
export const mobileShown = (mobile: string) => `+91 ${mobile.slice(-10, -5)} ${mobile.slice(-5)}`;

/** A solid action button of its own colour (You gave red, You got and WhatsApp green). */
const solid = `inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 font-semibold text-white transition disabled:cursor-not-allowed ${styles.focus}`;
export const actionStyles = {
  gave: `${solid} bg-red-700 py-3 text-base hover:bg-red-800`,
  got: `${solid} bg-green-700 py-3 text-base hover:bg-green-800`,
  whatsapp: `${solid} bg-green-700 text-sm hover:bg-green-800`,
} as const;
