import type { z } from 'zod';
import { bankEndpoints, type BankAccountFields } from '../../contract/api/bank';
import type { FastifyRequest } from 'fastify';
import { callerOf } from '../plugins/auth';
import { limitExports } from '../plugins/rateLimit';
import { BODY, errors } from '../lib/schemas';
import { inPaise, signedInRoutes } from './handlers';
import { badRequest } from '../lib/errors';
import {
  createAccount,
  deleteAccount,
  listAccounts,
  setAccountClosed,
  updateAccount,
} from '../services/bank/accounts';
import { listPayments, recordPayment, reversePayment } from '../services/bank/payments';
import { statement } from '../services/bank/statements';
import { transfer } from '../services/bank/transfers';
import { spending, spendingCsv } from '../services/bank/spending';
import { statementCsv } from '../services/exports';

type AccountFields = Partial<z.output<typeof BankAccountFields>>;
type Renamed = 'holder_name' | 'account_no' | 'bank_name' | 'overdraftLimit';

/** An account's fields as the service names them (an edit sends only some). */
const toInput = <Fields extends AccountFields>({
  holder_name,
  account_no,
  bank_name,
  overdraftLimit,
  ...rest
}: Fields) =>
  ({
    ...rest,
    holderName: holder_name,
    accountNo: account_no,
    bankName: bank_name,
    overdraftLimitPaise: overdraftLimit,
  }) as Omit<Fields, Renamed> & {
    holderName: Fields['holder_name'];
    accountNo: Fields['account_no'];
    bankName: Fields['bank_name'];
    overdraftLimitPaise: Fields['overdraftLimit'];
  };

export const bankRoutes = signedInRoutes(bankEndpoints)((
  app,
  { page, read, done, doneToBodyId, csv },
) => {
  const tags = ['bank'];
  /** Closes (or reopens) the account of the path, as read at the body's `version`. */
  const closing =
    (closed: boolean, message: string) =>
    async (request: FastifyRequest<{ Params: { id: string }; Body: { version: number } }>) => {
      const { id } = request.params;
      const data = await setAccountClosed(
        app.db,
        callerOf(request),
        id,
        request.body.version,
        closed,
      );
      return { success: true as const, message, data };
    };

  return {
    listBankAccounts: {
      tags,
      summary: "The company's bank accounts (an admin's companies'; companyId narrows)",
      description: 'Admins and companies only (403).',
      answers: 'One page of the accounts, with the total balance',
      refusals: errors(400, 401, 403),
      handler: page(listAccounts),
    },

    createBankAccount: {
      tags,
      summary: 'A company adds a bank account',
      description:
        "Companies only (403). `confirm_no` must be the same as `account_no` (400), and the company may not have that account number already (409). An account made `active` (the company's default) makes the company's others deActive.",
      answers: 'The new account',
      refusals: errors(...BODY, 401, 403, 409),
      handler: async (request) => {
        const { confirm_no, openingBalance: openingBalancePaise, ...fields } = request.body;
        if (confirm_no !== fields.account_no)
          throw badRequest('Account numbers do not match', { field: 'confirm_no' });
        const data = await createAccount(app.db, callerOf(request), {
          ...toInput(fields),
          openingBalancePaise,
        });
        return { success: true, message: 'Bank account created successfully', data };
      },
    },

    updateBankAccount: {
      tags,
      summary: 'A company edits one of its bank accounts',
      description:
        "Changes only the fields sent, of the account as read at `version` (409 when it changed since, or when the company has that account number already). Companies only (403); another company's account is not found (404). Making it `active` makes the company's others deActive; a closed account cannot be made `active` (400: reopen it first). An `overdraftLimit` less than what the account is drawn (below zero) on any date is refused (400, naming that day).",
      answers: 'The updated account',
      refusals: errors(...BODY, 401, 403, 404, 409),
      handler: async (request) => {
        const { _id, version, ...fields } = request.body;
        const data = await updateAccount(app.db, callerOf(request), _id, version, toInput(fields));
        return { success: true, message: 'Bank account updated successfully', data };
      },
    },

    deleteBankAccount: {
      tags,
      summary: 'Deletes an account that has no payments (otherwise 409: close it instead)',
      description: "Companies only (403); another company's account is not found (404).",
      answers: 'Deleted',
      refusals: errors(...BODY, 401, 403, 404, 409),
      handler: doneToBodyId('Bank account deleted successfully', deleteAccount),
    },

    closeBankAccount: {
      tags,
      summary:
        'Closes an account: it keeps its payments, statement and balance but takes no new payments',
      description:
        "Of the account as read at `version` (409 when it changed since). A closed account stays in the lists (with `closedAt`) and in the totals; payments, transfers and reversals on it are refused (400) until it is reopened. Closing the default account makes it deActive, and a closed account cannot be made the default. Closing a closed account keeps the day it was first closed. Companies only (403); another company's account is not found (404).",
      answers: 'The closed account',
      refusals: errors(...BODY, 401, 403, 404, 409),
      handler: closing(true, 'Bank account closed successfully'),
    },

    reopenBankAccount: {
      tags,
      summary: 'Reopens a closed account: it takes payments again',
      description:
        "Of the account as read at `version` (409 when it changed since). It stays deActive until made the default. Reopening an open account leaves it open. Companies only (403); another company's account is not found (404).",
      answers: 'The reopened account',
      refusals: errors(...BODY, 401, 403, 404, 409),
      handler: closing(false, 'Bank account reopened successfully'),
    },

    recordPayment: {
      tags,
      summary:
        'Records a credit or debit; a debit must keep the running balance at or above the floor (zero, or minus the overdraft limit) on its date and every later one',
      description:
        "Companies only (403); another company's account, and a party (client, vendor, employee) or project that is not the company's, are not found (404). A closed account takes no payments (400: reopen it first). A debit that would take the running balance below zero, or below minus the account's overdraft limit, on its date or any later one is a 400 naming that day. A cheque (`mode`) needs its number in `reference` (400); a `category` must be one of the company's (400). The party's name is kept as it is when the payment is recorded.",
      answers: 'The entry, and the balance of the account after it',
      refusals: errors(...BODY, 401, 403, 404),
      handler: done('Payment recorded successfully', (db, caller, { body }) =>
        recordPayment(db, caller, inPaise(body)),
      ),
    },

    transferBetweenAccounts: {
      tags,
      summary: "Moves money between two of the company's accounts: a debit and a credit, together",
      description:
        'Companies only (403); an account of another company is not found (404). `fromAccountId` and `toAccountId` must differ, neither may be closed, and the debit must keep the running balance of `fromAccountId` at or above its floor (zero, or minus its overdraft limit) on its date and every later one (400). Both legs carry `mode` and `reference`; a cheque needs its number (400).',
      answers: 'Both entries: the debit and the credit',
      refusals: errors(...BODY, 401, 403, 404),
      handler: done('Transfer recorded successfully', (db, caller, { body }) =>
        transfer(db, caller, inPaise(body)),
      ),
    },

    reversePayment: {
      tags,
      summary:
        'Corrects a payment with an opposite entry linked to it (a transfer: both legs); nothing is edited or deleted',
      description:
        "Companies only (403); another company's payment is not found (404). `date` may not be before the payment's (400); a reversal is not reversed (400), nor a payment of a closed account (400: reopen it first), and a payment is reversed once (409). Reversing a credit is a debit: it must keep every day's running balance at zero or above (400).",
      answers: "The reversal, and the balance of the payment's account after it",
      refusals: errors(...BODY, 401, 403, 404, 409),
      handler: async (request) => {
        const data = await reversePayment(
          app.db,
          callerOf(request),
          request.params.id,
          request.body ?? {},
        );
        return { success: true, message: 'Payment reversed', data };
      },
    },

    listPayments: {
      tags,
      summary: "An account's payments, newest first; filtered by mode, party, project or text",
      description:
        "Admins and companies only (403); an account that is not the caller's to read is not found (404). `search` matches the remark, the reference or the party's name.",
      answers: 'One page of the payments',
      refusals: errors(400, 401, 403, 404),
      handler: page(listPayments),
    },

    bankStatement: {
      tags,
      summary:
        "Opening balance, the range's credits, debits, closing balance and entry count, and one page of its payments in date order with their running balances",
      description: [
        "Admins and companies only (403); an account that is not the caller's to read is not",
        'found (404). `to` must be on or after `from` (400). `after` (or `before`) is the',
        '`cursors.last` (or `cursors.first`) of a page of the same statement: the next (or',
        'previous) page is then read from that entry rather than by summing every entry in',
        "front of it; `page` only numbers it. A malformed position (not an entry's day and order) is a 400.",
        'A filter (`mode`, `partyKind`, `partyId`, `projectId`, `search`) keeps only its entries,',
        "each with the account's running balance after it; `total` and `matching` are then theirs.",
      ].join(' '),
      answers: 'The statement',
      refusals: errors(400, 401, 403, 404),
      handler: read(statement),
    },

    bankStatementCsv: {
      tags,
      summary: 'The statement as CSV',
      description:
        "Admins and companies only (403); an account that is not the caller's to read is not found (404). `to` must be on or after `from` (400). Counts against the export limit (429). A filter writes only its entries, each with the account's running balance after it, and closes with their credits and debits.",
      answers: 'A CSV file (attachment statement-….csv)',
      refusals: errors(400, 401, 403, 404, 429),
      options: { preHandler: limitExports(app) },
      // The account and the range are checked before the first byte (404, 400); then the
      // entries are read and written a batch at a time.
      handler: csv(statementCsv),
    },

    spending: {
      tags,
      summary:
        "The company's spending by party or by project over a range of days, most paid first",
      description:
        "Admins (`companyId` narrows to one of theirs) and companies only (403). `to` must be on or after `from` (400). Paid is debits less their reversals, received is credits less theirs; transfers between the company's own accounts are neither. Payments naming no party (or project) are one row with `kind` null.",
      answers: 'One page of the rows, with the totals of all of them',
      refusals: errors(400, 401, 403),
      handler: page(spending),
    },

    spendingCsv: {
      tags,
      summary: 'Spending by party or by project as CSV',
      description:
        'As the list, every row, with a line of totals. Admins and companies only (403); `to` must be on or after `from` (400). Counts against the export limit (429).',
      answers: 'A CSV file (attachment spending-by-….csv)',
      refusals: errors(400, 401, 403, 429),
      options: { preHandler: limitExports(app) },
      handler: csv(spendingCsv),
    },
  };
});
