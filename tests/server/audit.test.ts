import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/client';
import { addUser, bankAccountBody, signUp, startTestServer, type TestServer } from './helpers';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('audit trail', () => {
  it('records who changed what, before and after, readable by the company and its admin only', async () => {
    const admin = await signUp(server, { name: 'Auditor' });
    const other = await signUp(server, { name: 'Other admin' });
    const acme = await addUser(server, admin.api, 'Acme', 'company');
    const beta = await addUser(server, other.api, 'Beta', 'company');

    const project = await acme.api.post('/company/createproject', {
      projectName: 'Website',
      clientName: 'Client',
      clientNumber: '1',
      duration: '1 month',
      price: 1000,
      paymentStatus: 'pending',
    });
    const id = project.body.data._id;
    await acme.api.post('/company/updateproject', {
      _id: id,
      projectName: 'Website v2',
      clientName: 'Client',
      clientNumber: '1',
      duration: '1 month',
      price: 1500.5,
      paymentStatus: 'paid',
    });
    await acme.api.post('/company/deleteproject', { id });
    await beta.api.post('/company/createproject', {
      projectName: 'Secret',
      clientName: 'X',
      clientNumber: '1',
      duration: '1',
      price: 1,
      paymentStatus: 'x',
    });

    const trail = await acme.api.get('/audit/getaudit?kind=projects');
    expect(trail.status).toBe(200);
    expect(trail.body.data.map((e: any) => e.action)).toEqual(['delete', 'update', 'create']);
    const [deleted, updated, created] = trail.body.data;
    expect(created).toMatchObject({ actor: 'Acme', recordId: id, before: null });
    expect(created.after).toMatchObject({ project_name: 'Website', price_paise: 100000 });
    expect(updated.before).toMatchObject({ project_name: 'Website', price_paise: 100000 });
    expect(updated.after).toMatchObject({ project_name: 'Website v2', price_paise: 150050 });
    expect(deleted).toMatchObject({ after: null });

    // The admin reads its company's trail, and sees nothing of another admin's company.
    const byAdmin = await admin.api.get(`/audit/getaudit?companyId=${acme.id}&kind=projects`);
    expect(byAdmin.body.total).toBe(3);
    // The company's creation by its admin is part of the company's own trail.
    const creation = await acme.api.get('/audit/getaudit?kind=users');
    expect(creation.body.data.at(-1)).toMatchObject({
      action: 'create',
      actor: 'Auditor',
      recordId: acme.id,
    });
    const leak = await admin.api.get(`/audit/getaudit?companyId=${beta.id}`);
    expect(leak.body.total).toBe(0);
    expect(
      JSON.stringify((await admin.api.get('/audit/getaudit?pageSize=100')).body),
    ).not.toContain('Secret');
    expect(JSON.stringify((await admin.api.get('/audit/getaudit?pageSize=100')).body)).not.toMatch(
      /argon2|password_hash/,
    );
  });

  it('cannot be changed or deleted, even from inside the database', async () => {
    await expect(server.db.execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
    await expect(server.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    const me = await signUp(server);
    expect((await me.api.post('/audit/deleteaudit', {})).status).toBe(404);
  });

  it('names the company as the actor of a payment and of the balance it moves', async () => {
    const admin = await signUp(server);
    const acme = await addUser(server, admin.api, 'Payer Co', 'company');
    const created = await acme.api.post(
      '/company/createbank',
      bankAccountBody({ openingBalance: 100 }),
    );
    const paid = await acme.api.post('/company/addpayment', {
      accountId: created.body.data._id,
      date: '2026-11-01',
      remark: 'rent',
      paymentType: 'debit',
      amount: 40.5,
    });
    expect(paid.status).toBe(201);
    const payments = (await acme.api.get('/audit/getaudit?kind=payments')).body.data;
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ action: 'create', actor: 'Payer Co' });
    expect(payments[0].after).toMatchObject({ remark: 'rent', amount_paise: 4050 });
    const [moved] = (await acme.api.get('/audit/getaudit?kind=bank_accounts')).body.data;
    expect(moved).toMatchObject({ action: 'update', actor: 'Payer Co' });
    expect(moved.after).toMatchObject({ balance_paise: 5950 });
    // The admin reads it in the company's trail.
    const byAdmin = await admin.api.get(`/audit/getaudit?companyId=${acme.id}&kind=payments`);
    expect(byAdmin.body.total).toBe(1);
  });

  it('leaves the lowercase copies kept for search out of the trail', async () => {
    const me = await signUp(server);
    await me.api.post('/expense/addexpense', {
      date: '2026-11-01',
      description: 'Taxi',
      amount: 5,
      category: 'other',
    });
    await me.api.post('/lend/addlend', {
      name: 'Ravi',
      email: 'Ravi@Example.com',
      amount: 10,
      issueDate: '2026-11-01',
      repaymentDate: '2026-12-01',
    });
    const rows = rowsOf<{ kind: string; after: Record<string, unknown> }>(
      await server.db.execute(
        sql`select kind, after from audit_log where actor_id = ${me.user._id} and kind in ('expenses', 'loans') order by id`,
      ),
    );
    expect(rows.map((r) => r.kind)).toEqual(['expenses', 'loans']);
    expect(rows[0]!.after).toMatchObject({ description: 'Taxi' });
    expect(rows[1]!.after).toMatchObject({ name: 'Ravi', email: 'Ravi@Example.com' });
    for (const { after } of rows)
      expect(Object.keys(after).filter((k) => k.endsWith('_lower'))).toEqual([]);
  });

  it('keeps a failed change out of the trail', async () => {
    const admin = await signUp(server);
    const acme = await addUser(server, admin.api, 'Gamma', 'company');
    const before = (await acme.api.get('/audit/getaudit')).body.total;
    const bad = await acme.api.post('/company/createbank', bankAccountBody({ openingBalance: 0 }));
    const acc = bad.body.data._id;
    const refused = await acme.api.post('/company/addpayment', {
      accountId: acc,
      date: '2026-11-01',
      remark: 'x',
      paymentType: 'debit',
      amount: 1,
    });
    expect(refused.status).toBe(400);
    const after = (await acme.api.get('/audit/getaudit')).body;
    expect(after.total).toBe(before + 1);
    expect(after.data[0]).toMatchObject({ kind: 'bank_accounts', action: 'create' });
  });
});
