// Client-side checks of the bank form: contract/rules.ts, the rules the server applies.
import { ACCOUNT_NO_PATTERN, IFSC_PATTERN } from '../../../contract/rules';
import { amountError } from '../../lib/amount';

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
  bank_name: string;
  overdraftLimit: string;
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
  // An empty opening balance is sent as 0.
  if (creating && form.openingBalance.trim() !== '') {
    const problem = amountError(form.openingBalance, 'zero');
    if (problem) errors.openingBalance = problem;
  }
  // An empty limit is sent as 0: no overdraft.
  if (form.overdraftLimit.trim() !== '') {
    const problem = amountError(form.overdraftLimit, 'zero');
    if (problem) errors.overdraftLimit = problem;
  }
  return errors;
}
