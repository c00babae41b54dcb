/** Client-side checks of the bank form, the same rules the server applies. */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const ACCOUNT_NO_PATTERN = /^[0-9]{6,18}$/;

export interface AccountForm {
  holder_name: string;
  account_no: string;
  confirm_no: string;
  branch: string;
  ifsc: string;
  mobile: string;
  address: string;
  defaultStatus: string;
  openingBalance: string;
}

export type AccountErrors = Partial<Record<keyof AccountForm, string>>;

/** The problems of a filled form by field; empty when it may be sent. */
export function accountErrors(form: AccountForm, creating: boolean): AccountErrors {
  const errors: AccountErrors = {};
  const accountNo = form.account_no.trim();
  if (!ACCOUNT_NO_PATTERN.test(accountNo)) errors.account_no = 'Must be 6 to 18 digits.';
  if (creating && form.confirm_no.trim() !== accountNo)
    errors.confirm_no = 'Account numbers do not match';
  if (!IFSC_PATTERN.test(form.ifsc.trim().toUpperCase()))
    errors.ifsc = 'Must be 4 letters, a 0, then 6 letters or digits (e.g. SBIN0001234).';
  if (creating && form.openingBalance.trim() !== '') {
    const n = Number(form.openingBalance);
    if (!Number.isFinite(n) || n < 0 || Math.round(n * 100) !== n * 100)
      errors.openingBalance = 'Must be 0 or more, with at most 2 decimals.';
  }
  return errors;
}
