import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { backup, restore } from '../../server/db/backup';
import { rowsOf } from '../../server/db/client';
import { accountName } from '../../server/services/auditNames';
import {
  addUser,
  bankAccountBody,
  companyWithAccount,
  expenseBody,
  loanBody,
  openAccount,
  paymentBody,
  projectBody,
  signUp,
  type Api,
} from './helpers';
import { withNewDatabase } from './fixtures/databases';
import { useServer } from './fixtures/server';
import { migrationsBeforeFunctions } from './migrationsBeforeFunctions';

const server = useServer();

describe('audit trail', () => {
  it('records who changed what, before and after, readable by the company and its admin only', async () => {
    const admin = await signUp(server, { name: 'Auditor' });
    const other = await signUp(server, { name: 'Other admin' });
    const acme = await addUser(server, admin.api, 'Acme', 'company');
    const beta = await addUser(server, other.api, 'Beta', 'company');

    const project = await acme.api.post('/company/createproject', projectBody());
    const id = project.body.data._id;
    await acme.api.post(
      '/company/updateproject',
      projectBody({
        _id: id,
        version: 1,
        projectName: 'Website v2',
        price: 1500.5,
        paymentStatus: 'paid',
      }),
    );
    await acme.api.post('/company/deleteproject', { id });
    await beta.api.post(
      '/company/createproject',
      projectBody({
        projectName: 'Secret',
        clientName: 'X',
        duration: '1',
        price: 1,
        paymentStatus: 'x',
      }),
    );

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

  it("pages a long trail from an entry's position and counts it up to 10,000, across an admin's companies", async () => {
    const admin = await signUp(server, { name: 'Long trail admin' });
    const other = await signUp(server, { name: 'Long trail other' });
    const acme = await addUser(server, admin.api, 'Acme Long', 'company');
    const beta = await addUser(server, admin.api, 'Beta Long', 'company');
    const gamma = await addUser(server, other.api, 'Gamma Long', 'company');
    // 6,000 entries for each company, four to a moment (the id orders them), interleaved;
    // 30 of the admin's own acts outside any company; and another admin's company's entries.
    await server.database.query(
      `insert into audit_log (at, actor_id, tenant_id, kind, record_id, action, after)
         select timestamptz '2026-01-01' + (g / 4) * interval '1 second', t.id, t.id, 'projects',
                gen_random_uuid(), 'update', jsonb_build_object('n', g)
           from generate_series(1, 6000) g, unnest(array[$1::uuid, $2::uuid, $3::uuid]) t(id)
       union all
         select timestamptz '2026-01-01' + g * interval '3 minutes', $4::uuid, null, 'users',
                gen_random_uuid(), 'update', jsonb_build_object('n', g)
           from generate_series(1, 30) g`,
      [acme.id, beta.id, gamma.id, admin.user._id],
    );
    const ids = (page: { body: { data: { _id: string }[] } }) => page.body.data.map((e) => e._id);
    const get = (api: Api, query: string) => api.get(`/audit/getaudit?pageSize=50&${query}`);

    const first = await get(admin.api, '');
    expect(first.body).toMatchObject({ total: 10_000, totalCapped: true });
    // Page 2 by Next is page 2 by number; page 3 by Next, then back by Previous, too.
    const second = await get(admin.api, 'page=2');
    const next = await get(admin.api, `page=2&after=${first.body.cursors.last}`);
    expect(ids(next)).toEqual(ids(second));
    const third = await get(admin.api, `page=3&after=${next.body.cursors.last}`);
    expect(ids(third)).toEqual(ids(await get(admin.api, 'page=3')));
    const back = await get(admin.api, `page=2&before=${third.body.cursors.first}`);
    expect(ids(back)).toEqual(ids(second));
    // Newest first, the later id first within a moment; only the admin's companies and acts.
    const entries = [...first.body.data, ...second.body.data, ...third.body.data];
    for (let i = 1; i < entries.length; i++) {
      const [a, b] = [entries[i - 1], entries[i]];
      expect(a.at > b.at || (a.at === b.at && Number(a._id) > Number(b._id))).toBe(true);
    }
    const readable = new Set([acme.id, beta.id, null]);
    expect(entries.every((e) => readable.has(e.companyId))).toBe(true);
    // The admin's own acts are in the trail: the 30 outside any company and the creation of
    // its two companies (in theirs).
    const acts = await get(admin.api, `actorId=${admin.user._id}&kind=users`);
    expect(acts.body.total).toBe(32);
    expect(acts.body.totalCapped).toBeUndefined();

    // A deep page by Next, from a position the page before gave.
    let page = await get(acme.api, 'page=100');
    const deep = await get(acme.api, `page=101&after=${page.body.cursors.last}`);
    expect(ids(deep)).toEqual(ids(await get(acme.api, 'page=101')));
    expect(deep.body.data.every((e: { companyId: string }) => e.companyId === acme.id)).toBe(true);
    // A company's trail under the bound is counted exactly; the last page is short.
    page = await get(acme.api, 'kind=projects&page=120');
    expect(page.body).toMatchObject({ total: 6000 });
    expect(page.body.data).toHaveLength(50);
    expect((await get(acme.api, 'kind=projects&page=121')).body.data).toEqual([]);

    // Both ways at once is refused, not read one way.
    const both = await get(
      admin.api,
      `page=2&after=${first.body.cursors.last}&before=${first.body.cursors.first}`,
    );
    expect(both.status).toBe(400);
    // A made-up position, or one of another list, is refused with a reason.
    const expenseLike = Buffer.from(JSON.stringify(['2026-01-01', acme.id])).toString('base64url');
    for (const position of ['bm9wZQ', expenseLike]) {
      const refused = await get(admin.api, `page=2&after=${position}`);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/out of date/);
    }
  });

  it('cannot be changed or deleted, even from inside the database', async () => {
    await expect(server.db.execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
    await expect(server.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    const me = await signUp(server);
    expect((await me.api.post('/audit/deleteaudit', {})).status).toBe(404);
  });

  it('names the company as the actor of a payment; the balance it moves is no entry of its own', async () => {
    const payer = await companyWithAccount(server, 'Payer Co', { openingBalance: 100 });
    const { admin, company: acme, accountId } = payer;
    const paid = await acme.api.post(
      '/company/addpayment',
      paymentBody({ accountId, remark: 'rent', paymentType: 'debit', amount: 40.5 }),
    );
    expect(paid.status).toBe(201);
    const payments = (await acme.api.get('/audit/getaudit?kind=payments')).body.data;
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ action: 'create', actor: 'Payer Co' });
    expect(payments[0].after).toMatchObject({ remark: 'rent', amount_paise: 4050 });
    // The account's trail is its creation: the balance moved with the payment, which says so.
    const accounts = (await acme.api.get('/audit/getaudit?kind=bank_accounts')).body;
    expect(accounts.total).toBe(1);
    expect(accounts.data[0]).toMatchObject({ action: 'create' });
    expect(accounts.data[0].after).not.toHaveProperty('balance_paise');
    expect(accounts.data[0].after).toMatchObject({ opening_balance_paise: 10000 });
    // The admin reads it in the company's trail.
    const byAdmin = await admin.api.get(`/audit/getaudit?companyId=${acme.id}&kind=payments`);
    expect(byAdmin.body.total).toBe(1);
  });

  it('names each record as its screen does and links it to the records it is tied to', async () => {
    // Two accounts of one holder: told apart by their last four digits.
    const { company: acme, accountId: a } = await companyWithAccount(server, 'Twin Co', {
      holder_name: 'Asha Rao',
      openingBalance: 1000,
    });
    const b = (await openAccount(acme.api, { holder_name: 'Asha Rao', account_no: '999988887777' }))
      ._id;
    const paid = await acme.api.post(
      '/company/addpayment',
      paymentBody({ accountId: a, remark: 'rent', paymentType: 'debit', amount: 40.5 }),
    );
    const paymentId = paid.body.data.payment._id as string;
    const reversed = await acme.api.post(`/company/payments/${paymentId}/reverse`, {});
    expect(reversed.body).toMatchObject({ success: true });
    const moved = await acme.api.post('/company/transfer', {
      fromAccountId: a,
      toAccountId: b,
      date: '2026-11-02',
      remark: 'float',
      amount: 100,
    });
    expect(moved.status).toBe(201);

    const trail = (await acme.api.get('/audit/getaudit?pageSize=100')).body;
    const names = trail.data.map((e: any) => `${e.kind} ${e.action}: ${e.record}`);
    // Newest first; the company's own sign-up comes last.
    expect(names.slice(0, 6)).toEqual([
      'payments create: Credit transfer of ₹100.00: float',
      'payments create: Debit transfer of ₹100.00: float',
      'payments create: Credit reversal of ₹40.50: Reversal: rent',
      'payments create: Debit of ₹40.50: rent',
      'bank_accounts create: Asha Rao ••7777',
      'bank_accounts create: Asha Rao ••9012',
    ]);
    const [toLeg, fromLeg, reversal, payment] = trail.data;
    const related = (e: any) => e.related.map((r: any) => `${r.relation}: ${r.name}`);
    expect(related(payment)).toEqual([
      'account: Asha Rao ••9012',
      expect.stringMatching(/^reversedBy: Credit reversal of ₹40\.50/),
    ]);
    expect(related(reversal)).toEqual([
      'account: Asha Rao ••9012',
      'reverses: Debit of ₹40.50: rent',
    ]);
    expect(reversal.related[1].recordId).toBe(paymentId);
    expect(related(fromLeg)).toEqual([
      'account: Asha Rao ••9012',
      'otherLeg: Credit transfer of ₹100.00: float',
    ]);
    expect(related(toLeg)).toEqual([
      'account: Asha Rao ••7777',
      'otherLeg: Debit transfer of ₹100.00: float',
    ]);
    expect(fromLeg.related[1].recordId).toBe(toLeg.recordId);
    // The database's own bookkeeping stays out of what an entry shows.
    for (const e of trail.data)
      for (const column of ['seq', 'version', 'balance_paise', 'reverses_id', 'transfer_id'])
        expect(e.after).not.toHaveProperty(column);

    // One record's history, and only it.
    const history = (await acme.api.get(`/audit/getaudit?recordId=${paymentId}`)).body;
    expect(history.total).toBe(1);
    expect(history.data[0].recordId).toBe(paymentId);
    expect((await acme.api.get('/audit/getaudit?recordId=x')).status).toBe(400);
  });

  it('names an account by its bank when it has one, by holder and last four digits otherwise', () => {
    expect(
      accountName({ bank_name: 'HDFC Bank', holder_name: 'Asha', account_no: '12345678' }),
    ).toBe('HDFC Bank, Asha ••5678');
    expect(accountName({ bank_name: '', holder_name: 'Asha', account_no: '12345678' })).toBe(
      'Asha ••5678',
    );
  });

  it('leaves the lowercase copies kept for search out of the trail', async () => {
    const me = await signUp(server);
    await me.api.post('/expense/addexpense', expenseBody({ description: 'Taxi', amount: 5 }));
    await me.api.post('/lend/addlend', loanBody({ email: 'Ravi@Example.com' }));
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
    const refused = await acme.api.post(
      '/company/addpayment',
      paymentBody({ accountId: acc, paymentType: 'debit', amount: 1 }),
    );
    expect(refused.status).toBe(400);
    const after = (await acme.api.get('/audit/getaudit')).body;
    expect(after.total).toBe(before + 1);
    expect(after.data[0]).toMatchObject({ kind: 'bank_accounts', action: 'create' });
  });

  it("shows a personal record's entries to its owner alone", async () => {
    const admin = await signUp(server, { name: 'Owner admin' });
    const acme = await addUser(server, admin.api, 'Delta', 'company');
    const pm = await addUser(server, acme.api, 'Pia', 'pm');
    const project = await acme.api.post(
      '/company/createproject',
      projectBody({ projectName: 'Portal', price: 10, projectManager: pm.id }),
    );
    await acme.api.post('/company/createbank', bankAccountBody({ openingBalance: 1 }));
    const changed = await pm.api.post('/company/updateprojectstatus', {
      _id: project.body.data._id,
      version: 1,
      statusByPm: 'on track',
    });
    expect(changed.status).toBe(200);
    const loan = (name: string, email: string) => ({
      name,
      email,
      amount: 100,
      issueDate: '2026-10-01',
      repaymentDate: '2026-12-01',
    });
    const expense = (description: string) => ({
      date: '2026-11-01',
      description,
      amount: 7,
      category: 'other',
    });
    expect((await pm.api.post('/expense/addexpense', expense('Pia taxi'))).status).toBe(201);
    const lend = await pm.api.post('/lend/addlend', loan('Lata', 'lata.secret@example.com'));
    await pm.api.post('/borrowed/addborrowed', loan('Bala', 'bala.secret@example.com'));
    const repaid = await pm.api.post('/lend/addrepayment', {
      loanId: lend.body.data._id,
      date: '2026-10-05',
      amount: 40,
      remark: 'Pia repaid',
    });
    expect(repaid.status).toBe(201);
    await acme.api.post('/expense/addexpense', expense('Delta lunch'));
    await admin.api.post('/expense/addexpense', expense('Admin coffee'));

    const trail = async (api: Api, query = '') => {
      const res = await api.get(`/audit/getaudit?pageSize=100${query}`);
      expect(res.status).toBe(200);
      return res.body as { data: any[]; total: number };
    };
    const PERSONAL = ['expenses', 'loans', 'repayments'];
    /** The owners of the personal records' entries a trail shows. */
    const owners = (t: { data: any[] }) =>
      t.data.filter((e) => PERSONAL.includes(e.kind)).map((e) => (e.after ?? e.before).user_id);
    const kinds = (t: { data: any[] }) => [...new Set(t.data.map((e) => e.kind))].sort();
    const secrets = /Pia taxi|Lata|Bala|secret@|Pia repaid/;

    // The company: its own expense, its projects and accounts (a PM's change too), and
    // nothing of its PM's money, whichever filter.
    const own = await trail(acme.api);
    expect(owners(own)).toEqual([acme.id]);
    expect(kinds(own)).toEqual(['bank_accounts', 'expenses', 'projects', 'users']);
    expect(JSON.stringify(own)).not.toMatch(secrets);
    expect((await trail(acme.api, '&kind=expenses')).data).toMatchObject([
      { actorId: acme.id, after: { description: 'Delta lunch' } },
    ]);
    for (const kind of ['loans', 'repayments'])
      expect((await trail(acme.api, `&kind=${kind}`)).total, kind).toBe(0);
    // The PM's acts: its status update, and the change of the first password it was given.
    const byPm = await trail(acme.api, `&actorId=${pm.id}`);
    expect(byPm.data).toMatchObject([
      { kind: 'projects', after: { status_by_pm: 'on track' } },
      { kind: 'users', recordId: pm.id, after: { must_change_password: false } },
    ]);

    // The admin: its companies' trail without their or their PMs' money; its own expense.
    const all = await trail(admin.api);
    expect(owners(all)).toEqual([admin.user._id]);
    expect(JSON.stringify(all)).not.toMatch(/Delta lunch/);
    expect(JSON.stringify(all)).not.toMatch(secrets);
    const ofAcme = await trail(admin.api, `&companyId=${acme.id}`);
    expect(owners(ofAcme)).toEqual([]);
    expect(kinds(ofAcme)).toEqual(['bank_accounts', 'projects', 'users']);
    expect((await trail(admin.api, '&kind=expenses')).data).toMatchObject([
      { actorId: admin.user._id, after: { description: 'Admin coffee' } },
    ]);
    expect((await trail(admin.api, `&companyId=${acme.id}&kind=expenses`)).total).toBe(0);
    expect((await trail(admin.api, `&actorId=${acme.id}&kind=expenses`)).total).toBe(0);
    expect((await trail(admin.api, `&actorId=${pm.id}`)).data.map((e) => e.kind)).toEqual([
      'projects',
      'users',
    ]);
    // A PM reads no trail at all.
    expect((await pm.api.get('/audit/getaudit')).status).toBe(403);

    // The company's delete deactivates the PM (its records stay, still not the company's to
    // read); deleting it for good is refused while it owns them.
    expect((await acme.api.raw('DELETE', `/users/${pm.id}`)).status).toBe(200);
    expect((await acme.api.raw('DELETE', `/users/${pm.id}?hard=true`)).status).toBe(409);
    const after = await trail(acme.api, `&actorId=${acme.id}`);
    expect(after.data).toContainEqual(
      expect.objectContaining({
        kind: 'users',
        action: 'update',
        recordId: pm.id,
        after: expect.objectContaining({ status: 'inactive' }),
      }),
    );
    expect(owners(after)).toEqual([acme.id]);
    expect(JSON.stringify(after)).not.toMatch(secrets);
  });

  it('names the owner of older entries, on migrating and on restoring an older backup', async () => {
    const folder = join(import.meta.dirname, '../../server/db/migrations');
    const dir = mkdtempSync(join(tmpdir(), 'ecm-audit-'));
    // With the extensions the migrations create, as the server's own database has.
    const pg = new PGlite({ extensions: { pg_trgm } });
    try {
      // A database as it was before migration 0016 (made by the migrations of then, which
      // defined the audit trigger themselves), with a trail written by its trigger.
      const older = migrationsBeforeFunctions(dir, '0016');
      const db = drizzle({ client: pg });
      await migrate(db, { migrationsFolder: older });
      const [company, owner] = [crypto.randomUUID(), crypto.randomUUID()];
      await pg.exec(`
        insert into users (id, name, email, role) values ('${company}', 'Co', 'co@example.com', 'company');
        insert into users (id, name, email, role, company_id) values ('${owner}', 'Pm', 'pm@example.com', 'pm', '${company}');
        select set_config('app.actor', '${owner}', false), set_config('app.tenant', '${company}', false);
        insert into expenses (user_id, date, description, amount_paise, category) values ('${owner}', '2026-11-01', 'x', 1, 'other');
        with l as (insert into loans (user_id, direction, name, email, amount_paise, issue_date, repayment_date)
          values ('${owner}', 'lend', 'n', 'n@example.com', 5, '2026-11-01', '2026-12-01') returning id)
        insert into repayments (loan_id, user_id, date, amount_paise) select id, '${owner}', '2026-11-02', 2 from l;
        insert into projects (company_id, project_name, client_name, client_number, duration, price_paise, payment_status)
          values ('${company}', 'p', 'c', '1', 'd', 1, 's');
      `);
      await migrate(db, { migrationsFolder: folder });
      const entries = (
        await pg.query<{ kind: string; owner_id: string | null }>(
          'select kind, owner_id from audit_log order by id',
        )
      ).rows;
      const expected = {
        users: null,
        expenses: owner,
        loans: owner,
        repayments: owner,
        projects: null,
      };
      expect(entries.length).toBeGreaterThan(5);
      for (const e of entries) expect(e.owner_id, e.kind).toBe(expected[e.kind as 'users']);
      // The trail's guard is back on.
      await expect(pg.query('update audit_log set owner_id = null')).rejects.toThrow(
        'cannot be changed',
      );

      // A backup made before the column carries no owner: the restore names it.
      const me = await signUp(server);
      await me.api.post('/lend/addlend', loanBody());
      const file = join(dir, 'older.ecm.gz');
      await backup(server.db, file);
      const lines = gunzipSync(readFileSync(file)).toString().split('\n');
      const stripped = lines.map((line) => {
        const entry = line && JSON.parse(line);
        if (entry?.table !== 'audit_log') return line;
        for (const row of entry.rows) delete row.ownerId;
        return JSON.stringify(entry);
      });
      expect(stripped.join('\n')).not.toContain('ownerId');
      writeFileSync(file, gzipSync(stripped.join('\n')));
      await withNewDatabase(async (copy) => {
        await restore(copy.db, file);
        const owners = sql`select id, owner_id from audit_log order by id`;
        const original = rowsOf<{ owner_id: string | null }>(await server.db.execute(owners));
        expect(original.filter((r) => r.owner_id).length).toBeGreaterThan(0);
        expect(rowsOf(await copy.db.execute(owners))).toEqual(original);
      });
    } finally {
      await pg.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
