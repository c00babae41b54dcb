import { http, HttpResponse } from 'msw';
import { BankAccountList } from '../../contract/api/bank';
import type { Account } from '../../src/features/bank/bankApi';
import { onePage } from './fixtures/pages';

/** A company's current account, as the server sends it to the company (its number whole). */
export const account: Account = {
  _id: 'a1',
  createdAt: '2026-02-01T09:00:00.000Z',
  holder_name: 'Lotus Current',
  account_no: '123456789012',
  branch: 'Fort, Mumbai',
  ifsc: 'SBIN0001234',
  mobile: '9876501234',
  address: '12 Marine Drive',
  defaultStatus: 'deActive',
  openingBalance: 0,
  balance: 3801,
  version: 1,
  closedAt: null,
  bank_name: '',
  overdraftLimit: 0,
};

/** All Bank's answer: these accounts on one page, their balances summed unless told. */
export const accountPage = (
  data: Account[],
  totalAmount = data.reduce((s, a) => s + a.balance, 0),
) => BankAccountList.parse(onePage(data, { totalAmount }));

/** All Bank's list: these accounts on one page. */
export const accountsHandler = (data: Account[] = [account]) =>
  http.get('/api/company/getallbankbyuserid', () => HttpResponse.json(accountPage(data)));
