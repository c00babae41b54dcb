import { describe, expect, it } from 'vitest';
import { notifyOverdueLends } from '../../server/services/notifications';
import {
  PASSWORD,
  loanBody,
  managedProjectBody,
  openAccount,
  paymentBody,
  signUp,
  type Api,
} from './helpers';
import { useCast } from './fixtures/cast';
import { openStream } from '../../support/liveStream';

let outsider: { token: string; api: Api };
const cast = useCast(async (started) => {
  outsider = await signUp(started);
});
const { server, admin, pm, company: acme } = cast;

const list = async (api: Api) => (await api.get('/notifications')).body;

describe('notifications', () => {
  it('tells the admin, live, of a payment the company recorded; not the company itself', async () => {
    const stream = await openStream(server.origin, admin.token);
    await stream.next('ready');
    const account = await openAccount(acme.api, {
      holder_name: 'Acme Current',
      openingBalance: 100,
    });
    const paid = await acme.api.post(
      '/company/addpayment',
      paymentBody({
        accountId: account._id,
        date: '2026-11-10',
        remark: 'Invoice 7',
        amount: 250.5,
      }),
    );
    expect(paid.status).toBe(201);
    await stream.next('change', 'notifications');
    stream.close();

    const mine = await list(admin.api);
    expect(mine).toMatchObject({ success: true, total: 1, unread: 1 });
    expect(mine.data[0]).toMatchObject({
      kind: 'payment',
      recordId: paid.body.data.payment._id,
      read: false,
      message: 'Credit payment of ₹250.50 recorded on Acme Current (••9012) by Acme.',
      target: { id: paid.body.data.payment._id, companyId: acme.id },
    });
    expect((await admin.api.get('/notifications/unread')).body).toEqual({
      success: true,
      unread: 1,
    });
    // The company recorded it; the PM does not read bank accounts; the other admin is not its.
    for (const api of [acme.api, pm.api, outsider.api]) expect((await list(api)).total).toBe(0);
  });

  it('tells the company of its PM’s status updates, one per project, the latest unread', async () => {
    const project = await acme.api.post(
      '/company/createproject',
      managedProjectBody(pm.id, { clientName: 'Globex' }),
    );
    const id = project.body.data._id as string;
    const update = (version: number, statusByPm: string) =>
      pm.api.post('/company/updateprojectstatus', { _id: id, version, statusByPm });
    expect((await update(1, 'Design done')).status).toBe(200);
    let company = await list(acme.api);
    expect(company.data).toHaveLength(1);
    expect(company.data[0].message).toBe('Priya updated the status of Website: Design done');

    await acme.api.post('/notifications/read', {});
    expect((await update(2, 'Build started')).status).toBe(200);
    company = await list(acme.api);
    expect(company).toMatchObject({ total: 1, unread: 1 });
    expect(company.data[0]).toMatchObject({
      recordId: id,
      read: false,
      message: 'Priya updated the status of Website: Build started',
    });
    // The company's own edit of the project tells nobody; the admin is not told of statuses.
    expect((await list(admin.api)).data.map((n: { kind: string }) => n.kind)).toEqual(['payment']);
  });

  it('tells a lender once of each lend that became overdue, and nobody else', async () => {
    const lend = (repaymentDate: string, amount = 1000) =>
      pm.api.post(
        '/lend/addlend',
        loanBody({ name: 'Ravi Kumar', amount, issueDate: '2020-01-01', repaymentDate }),
      );
    const overdue = await lend('2020-02-01');
    await lend('2999-01-01');
    const repaid = await lend('2020-03-01', 50);
    await pm.api.post('/lend/addrepayment', {
      loanId: repaid.body.data._id,
      date: '2020-02-15',
      amount: 50,
    });

    expect(await notifyOverdueLends(server.db, 'Asia/Kolkata')).toBe(1);
    expect(await notifyOverdueLends(server.db, 'Asia/Kolkata')).toBe(0);
    const mine = await list(pm.api);
    expect(mine.data).toHaveLength(1);
    expect(mine.data[0]).toMatchObject({
      kind: 'lend_overdue',
      recordId: overdue.body.data._id,
      message: 'Your lend to Ravi Kumar is overdue: ₹1,000.00 was due on 01/02/2020.',
    });
    // Personal: not the PM's company, not the admin.
    expect(
      (await list(acme.api)).data.some((n: { kind: string }) => n.kind === 'lend_overdue'),
    ).toBe(false);
    expect(
      (await list(admin.api)).data.some((n: { kind: string }) => n.kind === 'lend_overdue'),
    ).toBe(false);
  });

  it('marks read those named or all, only the caller’s, and the caller’s other devices hear of it', async () => {
    const device = await server.api().post('/user/loginuser', {
      email: acme.email,
      password: PASSWORD,
      userType: 'company',
    });
    const stream = await openStream(server.origin, device.body.data.token);
    await stream.next('ready');

    const adminNote = (await list(admin.api)).data[0]._id as string;
    const companyNote = (await list(acme.api)).data[0]._id as string;
    // Someone else's notification changes nothing.
    expect((await acme.api.post('/notifications/read', { ids: [adminNote] })).body.unread).toBe(1);
    expect((await admin.api.get('/notifications/unread')).body.unread).toBe(1);

    const read = await acme.api.post('/notifications/read', { ids: [companyNote] });
    expect(read.body).toEqual({ success: true, message: 'Marked as read', unread: 0 });
    await stream.next('change', 'notifications');
    stream.close();
    expect((await list(acme.api)).data[0].read).toBe(true);

    expect((await admin.api.post('/notifications/read', {})).body.unread).toBe(0);
    expect((await acme.api.post('/notifications/read', { ids: [] })).status).toBe(400);
  });
});
