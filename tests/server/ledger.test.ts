import { describe, expect, it } from 'vitest';
import { openAccount, paymentBody, type Api } from './helpers';
import { useCast } from './fixtures/cast';

/**
 * The books on every date: a debit may not take any day's running balance below zero, a
 * payment is corrected by a linked reversal, a transfer is one pair of entries, and the
 * Payment Mode list shows the statement's running balance.
 */
const { company, other: stranger } = useCast();
let accountNo = 70_000_000;

async function newAccount(openingBalance = 0, api: Api = company) {
  const fields = { account_no: String(++accountNo), openingBalance, defaultStatus: 'deActive' };
  return (await openAccount(api, fields))._id;
}

/** Reverses a payment, as its row's Reverse does. */
const reverse = (payment: { _id: string }, api: Api = company) =>
  api.post(`/company/payments/${payment._id}/reverse`, {});
const pay = (accountId: string, paymentType: 'credit' | 'debit', amount: number, date: string) =>
  company.post(
    '/company/addpayment',
    paymentBody({
      accountId,
      date,
      remark: `${paymentType} ${amount} on ${date}`,
      paymentType,
      amount,
    }),
  );

/** Every entry of the account's statement over 2026: [date, type, amount, balance]. */
async function statementOf(accountId: string) {
  const res = await company.get(
    `/company/statement?accountId=${accountId}&from=2026-01-01&to=2026-12-31&pageSize=100`,
  );
  expect(res.status).toBe(200);
  return res.body.data;
}
const rows = (s: any) => s.entries.map((e: any) => [e.date, e.paymentType, e.amount, e.balance]);

async function balanceOf(accountId: string) {
  const res = await company.get(`/company/getallbankbyuserid?accountId=${accountId}`);
  return res.body.data[0].balance as number;
}

describe('debits on every date', () => {
  it('refuses a backdated debit that would take a later day below zero, naming the day', async () => {
    const acc = await newAccount();
    expect((await pay(acc, 'credit', 100, '2026-03-10')).status).toBe(201);
    expect((await pay(acc, 'debit', 80, '2026-03-20')).status).toBe(201);

    // Today's balance (20) covers 15, and the 15th would still be at 85: the 20th would not.
    const later = await pay(acc, 'debit', 50, '2026-03-15');
    expect(later.status).toBe(400);
    expect(later.body.message).toBe(
      'Insufficient balance: this debit would take the account below zero on 20/03/2026',
    );
    const before = await pay(acc, 'debit', 10, '2026-03-05');
    expect(before.status).toBe(400);
    expect(before.body.message).toContain('on 05/03/2026');

    expect((await pay(acc, 'debit', 20, '2026-03-15')).status).toBe(201);
    const s = await statementOf(acc);
    expect(rows(s)).toEqual([
      ['2026-03-10', 'credit', 100, 100],
      ['2026-03-15', 'debit', 20, 80],
      ['2026-03-20', 'debit', 80, 0],
    ]);
    expect(await balanceOf(acc)).toBe(0);
  });

  it('counts a dip within a later day, not only where the day ends', async () => {
    const acc = await newAccount(100);
    expect((await pay(acc, 'debit', 100, '2026-04-01')).status).toBe(201);
    expect((await pay(acc, 'credit', 100, '2026-04-01')).status).toBe(201);
    // Every day ends at 100 or more, but on 1 April the balance touches 0 between entries.
    const res = await pay(acc, 'debit', 1, '2026-03-31');
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('on 01/04/2026');
    expect((await pay(acc, 'debit', 1, '2026-04-01')).status).toBe(201);
  });

  it("shows Payment Mode's balance as the statement's running balance", async () => {
    const acc = await newAccount(10);
    await pay(acc, 'credit', 100, '2026-05-10');
    await pay(acc, 'credit', 5, '2026-05-01'); // typed later, dated earlier
    await pay(acc, 'debit', 30, '2026-05-10');
    const list = await company.get(`/company/getpayments?accountId=${acc}`);
    expect(list.body.data.map((p: any) => [p.date, p.amount, p.balanceAfter])).toEqual([
      ['2026-05-10', 30, 85],
      ['2026-05-10', 100, 115],
      ['2026-05-01', 5, 15],
    ]);
    const s = await statementOf(acc);
    expect(rows(s).map((r: any[]) => r[3])).toEqual([15, 115, 85]);
  });

  it('keeps amounts exact up to the largest one, with paise', async () => {
    const acc = await newAccount(0);
    const big = await pay(acc, 'credit', 147997766.3, '2026-06-01');
    expect(big.status).toBe(201);
    expect(big.body.data.payment.amount).toBe(147997766.3);
    const max = await pay(acc, 'credit', 999999999.99, '2026-06-02');
    expect(max.status).toBe(201);
    expect(max.body.data.payment.amount).toBe(999999999.99);
    expect(max.body.data.balance).toBe(1147997766.29);
    expect(await balanceOf(acc)).toBe(1147997766.29);
    const s = await statementOf(acc);
    expect(s.closingBalance).toBe(1147997766.29);
    expect(rows(s).at(-1)).toEqual(['2026-06-02', 'credit', 999999999.99, 1147997766.29]);
  });
});

describe('reversals', () => {
  it('corrects a payment with a linked opposite entry; both stay in the books', async () => {
    const acc = await newAccount(100);
    const wrong = (await pay(acc, 'credit', 500, '2026-07-01')).body.data.payment;
    await pay(acc, 'debit', 50, '2026-07-05');

    const res = await reverse(wrong);
    expect(res.status).toBe(201);
    const reversal = res.body.data.payment;
    expect(reversal).toMatchObject({
      date: '2026-07-01',
      paymentType: 'debit',
      amount: 500,
      reversesId: wrong._id,
      remark: 'Reversal: credit 500 on 2026-07-01',
    });
    expect(res.body.data.balance).toBe(50);

    const s = await statementOf(acc);
    expect(rows(s)).toEqual([
      ['2026-07-01', 'credit', 500, 600],
      ['2026-07-01', 'debit', 500, 100],
      ['2026-07-05', 'debit', 50, 50],
    ]);
    expect(s.entries[0].reversedById).toBe(reversal._id);
    expect(s.entries[1].reversesId).toBe(wrong._id);

    const again = await reverse(wrong);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This payment has already been reversed.');
    const ofReversal = await reverse(reversal);
    expect(ofReversal.status).toBe(400);
    expect(await balanceOf(acc)).toBe(50);
  });

  it("refuses a reversal of money already spent, one dated before the payment, and another company's", async () => {
    const acc = await newAccount(0);
    const credit = (await pay(acc, 'credit', 300, '2026-08-01')).body.data.payment;
    await pay(acc, 'debit', 200, '2026-08-03');
    const spent = await reverse(credit);
    expect(spent.status).toBe(400);
    expect(spent.body.message).toContain('on 03/08/2026');

    const debit = (await pay(acc, 'debit', 100, '2026-08-04')).body.data.payment;
    const early = await company.post(`/company/payments/${debit._id}/reverse`, {
      date: '2026-08-02',
    });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe(
      'A reversal must be dated on or after the payment (04/08/2026)',
    );
    const theirs = await reverse(debit, stranger);
    expect(theirs.status).toBe(404);

    const later = await company.post(`/company/payments/${debit._id}/reverse`, {
      date: '2026-08-10',
      remark: 'Paid twice by mistake',
    });
    expect(later.status).toBe(201);
    expect(later.body.data.payment).toMatchObject({
      date: '2026-08-10',
      remark: 'Paid twice by mistake',
      paymentType: 'credit',
    });
    expect(await balanceOf(acc)).toBe(100);
  });
});

describe('transfers', () => {
  it("moves money between two of the company's accounts as one pair", async () => {
    const from = await newAccount(1000);
    const to = await newAccount(0);
    const res = await company.post('/company/transfer', {
      fromAccountId: from,
      toAccountId: to,
      date: '2026-09-01',
      remark: 'Float for the site',
      amount: 250.5,
    });
    expect(res.status).toBe(201);
    expect(res.body.data.from).toMatchObject({ paymentType: 'debit', amount: 250.5 });
    expect(res.body.data.from.transferAccount._id).toBe(to);
    expect(res.body.data.to).toMatchObject({ paymentType: 'credit', amount: 250.5 });
    expect(res.body.data.to.transferAccount._id).toBe(from);
    expect(await balanceOf(from)).toBe(749.5);
    expect(await balanceOf(to)).toBe(250.5);
    expect(rows(await statementOf(to))).toEqual([['2026-09-01', 'credit', 250.5, 250.5]]);

    // Reversing either leg reverses the pair.
    const undo = await reverse(res.body.data.to);
    expect(undo.status).toBe(201);
    expect(await balanceOf(from)).toBe(1000);
    expect(await balanceOf(to)).toBe(0);
    expect(rows(await statementOf(from)).map((r: any[]) => r[3])).toEqual([749.5, 1000]);
  });

  it('writes neither leg when the transfer is refused', async () => {
    const from = await newAccount(100);
    const to = await newAccount(0);
    const theirs = await newAccount(0, stranger);
    const body = { fromAccountId: from, toAccountId: to, date: '2026-09-02', remark: 'x' };
    const over = await company.post('/company/transfer', { ...body, amount: 100.01 });
    expect(over.status).toBe(400);
    expect(over.body.message).toContain('on 02/09/2026');
    const same = await company.post('/company/transfer', { ...body, toAccountId: from, amount: 1 });
    expect(same.status).toBe(400);
    const foreign = await company.post('/company/transfer', {
      ...body,
      toAccountId: theirs,
      amount: 1,
    });
    expect(foreign.status).toBe(404);
    expect(await balanceOf(from)).toBe(100);
    expect(await balanceOf(to)).toBe(0);
    expect((await statementOf(from)).total).toBe(0);
  });

  it('loses nothing and never deadlocks with 200 concurrent transfers both ways', async () => {
    const a = await newAccount(1000);
    const b = await newAccount(1000);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        company.post('/company/transfer', {
          fromAccountId: i % 2 ? a : b,
          toAccountId: i % 2 ? b : a,
          date: '2026-10-01',
          remark: `t${i}`,
          amount: 1.25,
        }),
      ),
    );
    expect(answers.map((r) => r.status).filter((s) => s !== 201)).toEqual([]);
    expect((await balanceOf(a)) + (await balanceOf(b))).toBe(2000);
    const sa = await statementOf(a);
    expect(sa.total).toBe(200);
    expect(sa.closingBalance).toBe(await balanceOf(a));
  });
});
