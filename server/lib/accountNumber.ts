import { lastFourOf } from '../../contract/accountNumber';
import type { Caller } from './caller';

/**
 * A bank account's number as `caller` may read it: whole for the company that owns the
 * account (the only role that reads its own accounts), its last four digits for anyone else
 * (an auditing admin). Pickers and cards name an account by those four digits anyway.
 */
export const accountNoFor = (caller: Caller, accountNo: string) =>
  caller.role === 'company' ? accountNo : lastFourOf(accountNo);
