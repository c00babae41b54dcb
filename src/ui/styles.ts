/** Tailwind class sets shared by every screen, so buttons and inputs look the same everywhere. */
const focus =
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:ring-offset-2';

// Disabled buttons ('Saving…', 'Confirm all (0)') are grey with white text (4.8:1): still
// readable, never faded, and never darker than the enabled colour, which read as the
// button to press.
const button = `inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold transition disabled:cursor-not-allowed ${focus}`;

/** How every text field and select looks, whatever its width. */
const field =
  'rounded-md border border-gray-400 bg-white px-3 py-2 text-sm text-gray-900 placeholder:text-gray-500 focus:border-indigo-600 focus:outline-none focus:ring-2 focus:ring-indigo-600/40 aria-[invalid=true]:border-red-600';

export const styles = {
  focus,
  btnPrimary: `${button} bg-indigo-700 text-white hover:bg-indigo-800 disabled:bg-gray-500 disabled:text-white`,
  btnSecondary: `${button} border border-gray-300 bg-white text-gray-800 hover:bg-gray-50 disabled:bg-gray-100 disabled:text-gray-600`,
  btnDanger: `${button} bg-red-700 text-white hover:bg-red-800 disabled:bg-gray-500 disabled:text-white`,
  btnGhost: `${button} text-gray-700 hover:bg-gray-100 disabled:text-gray-600 disabled:hover:bg-transparent`,
  link: `font-semibold text-indigo-700 underline-offset-2 hover:underline ${focus} rounded`,
  input: `block w-full ${field}`,
  /** An input of a set width (`w-44`…): a width class beside `w-full` loses to it in the CSS. */
  inputSized: `block ${field}`,
  card: 'rounded-lg border border-gray-200 bg-white shadow-sm',
} as const;
