import { describe, expect, it } from 'vitest';
import { notifications } from '../../server/db/schema';
import { notifyOverdueLends } from '../../server/services/notifications';
import { runDueRecurringPayments } from '../../server/services/recurringPayments';
import {
  addUser,
  bankAccountBody,
  expenseBody,
  loanBody,
  projectBody,
  signUp,
  type Api,
} from './helpers';
import { useServer } from './fixtures/server';

const server = useServer();

interface Told {
  kind: string;
  message: string;
  target: Record<string, string> | null;
}
const bell = async (api: Api, kind: string) =>
  ((await api.get('/notifications?pageSize=100')).body.data as Told[]).filter(
    (n) => n.kind === kind,
  );

/** A lend of `amount` to `name`, made on 01/01/2020 and due on `repaymentDate`. */
const lendOn2020 = (api: Api, name: string, email: string, amount: number, repaymentDate: string) =>
  api.post(
    '/lend/addlend',
    loanBody({ name, email, amount, issueDate: '2020-01-01', repaymentDate }),
  );

describe('where a notification opens', () => {
  it('opens an overdue lend by its id and name, and nothing once the lend is deleted', async () => {
    const me = await signUp(server);
    const lend = await lendOn2020(me.api, 'Meera Nair', 'meera@example.com', 500, '2020-02-01');
    const id = lend.body.data._id as string;
    await notifyOverdueLends(server.db, 'Asia/Kolkata');
    expect((await bell(me.api, 'lend_overdue'))[0]!.target).toEqual({ id, search: 'Meera Nair' });

    expect((await me.api.post('/lend/deletelend', { id })).status).toBe(200);
    const [gone] = await bell(me.api, 'lend_overdue');
    // Still listed, still saying what it said; it just has nothing left to open.
    expect(gone).toMatchObject({
      message: 'Your lend to Meera Nair is overdue: ₹500.00 was due on 01/02/2020.',
      target: null,
    });
  });

  it('opens the Category Report of the month a budget went over', async () => {
    const me = await signUp(server);
    const categories = (await me.api.get('/category/getcategories')).body.data as {
      _id: string;
      name: string;
    }[];
    const shopping = categories.find((c) => c.name === 'shopping')!;
    expect(
      (await me.api.post('/budget/setbudget', { categoryId: shopping._id, amount: 10 })).status,
    ).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    await me.api.post(
      '/expense/addexpense',
      expenseBody({ date: today, description: 'Lunch', amount: 25, category: shopping.name }),
    );
    const [notice] = await bell(me.api, 'budget_over');
    const month = today.slice(0, 7);
    expect(notice!.target).toEqual({
      from: `${month}-01`,
      to: expect.stringMatching(new RegExp(`^${month}-(28|29|30|31)$`)),
    });
  });

  it("opens a skipped day's recurring payment for its company; nothing once deleted", async () => {
    const admin = await signUp(server);
    const company = await addUser(server, admin.api, 'Acme Skips', 'company');
    const account = await company.api.post(
      '/company/createbank',
      bankAccountBody({ account_no: '700000000001', confirm_no: '700000000001' }),
    );
    const template = await company.api.post('/company/addrecurringpayment', {
      accountId: account.body.data._id,
      paymentType: 'debit',
      amount: 400,
      remark: 'Salary: Ravi',
      schedule: 'monthly',
      day: 5,
      startDate: '2033-01-05',
    });
    expect(template.status, JSON.stringify(template.body)).toBe(201);
    const id = template.body.data._id as string;
    expect(await runDueRecurringPayments(server.db, '2033-01-31')).toMatchObject({ skipped: 1 });

    expect((await bell(company.api, 'recurring_payment_skipped'))[0]!.target).toEqual({
      id,
      search: 'Salary: Ravi',
    });
    expect(await bell(admin.api, 'recurring_payment_skipped')).toEqual([]);
    expect((await company.api.post('/company/deleterecurringpayment', { id })).status).toBe(200);
    expect((await bell(company.api, 'recurring_payment_skipped'))[0]!.target).toBeNull();
  });

  it("opens a deleted project's history to its company, and to no other company", async () => {
    const admin = await signUp(server);
    const acme = await addUser(server, admin.api, 'Acme Histories', 'company');
    const beta = await addUser(server, admin.api, 'Beta Histories', 'company');
    const made = await acme.api.post('/company/createproject', projectBody());
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.data._id as string;
    const told = (company: { id: string }) => ({
      userId: company.id,
      kind: 'project_status',
      recordId: id,
      details: { projectName: 'Website', status: 'completed' },
    });
    const otherAdmin = await signUp(server);
    const pm = await addUser(server, acme.api, 'Pia Histories', 'pm');
    await server.db
      .insert(notifications)
      .values(
        [
          acme,
          beta,
          pm,
          { id: admin.user._id as string },
          { id: otherAdmin.user._id as string },
        ].map(told),
      );
    expect((await acme.api.post('/company/deleteproject', { id })).status).toBe(200);

    // The project is gone; its history in the Audit Trail is not: its company reads it, and
    // its admin with the company named. No other company, admin or a PM does.
    expect((await bell(acme.api, 'project_status'))[0]!.target).toEqual({ id });
    expect((await bell(admin.api, 'project_status'))[0]!.target).toEqual({
      id,
      companyId: acme.id,
    });
    for (const reader of [beta, otherAdmin, pm])
      expect((await bell(reader.api, 'project_status'))[0]!.target).toBeNull();
  });

  it("never opens another user's record, whatever a notification names", async () => {
    const me = await signUp(server);
    const other = await signUp(server);
    const theirs = await lendOn2020(other.api, 'Kiran Rao', 'kiran@example.com', 100, '2199-01-01');
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(201);
    const theirLend = theirs.body.data._id as string;
    const theirPerson = theirs.body.data.counterpartyId as string;
    const userId = me.user._id as string;
    await server.db.insert(notifications).values([
      {
        userId,
        kind: 'lend_overdue',
        recordId: theirLend,
        details: { name: 'Kiran Rao', outstandingPaise: 10000, repaymentDate: '2020-01-01' },
      },
      {
        userId,
        kind: 'lend_reminder',
        recordId: theirLend,
        details: { name: 'Kiran Rao', counterpartyId: theirPerson, outstandingPaise: 10000 },
      },
    ]);
    expect((await bell(me.api, 'lend_overdue'))[0]!.target).toBeNull();
    expect((await bell(me.api, 'lend_reminder'))[0]!.target).toBeNull();
  });

  it('answers a month that is no month with no range, not an error', async () => {
    const me = await signUp(server);
    await server.db.insert(notifications).values({
      userId: me.user._id as string,
      kind: 'budget_over',
      recordId: me.user._id as string,
      details: { month: '2026-13', category: 'Shopping' },
    });
    const res = await me.api.get('/notifications');
    expect(res.status).toBe(200);
    expect((await bell(me.api, 'budget_over'))[0]!.target).toEqual({});
  });
});
