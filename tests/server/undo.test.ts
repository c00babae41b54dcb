import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/client';
import { addUser, projectBody, signUp } from './helpers';
import { useServer } from './fixtures/server';

const server = useServer();

const expense = {
  date: '2026-11-02',
  description: 'Cinema tickets',
  amount: 123456.78,
  category: 'movie',
};
const loan = {
  name: 'Ravi Kumar',
  email: 'ravi@example.com',
  amount: 1000,
  issueDate: '2026-10-01',
  repaymentDate: '2026-12-01',
};
const project = projectBody();

describe('undo of a delete', () => {
  it('brings an expense back as it was, with its id, its totals and its whole trail', async () => {
    const me = await signUp(server);
    const other = await signUp(server);
    const created = await me.api.post('/expense/addexpense', expense);
    const id = created.body.data._id;
    await me.api.post('/expense/updateexpense', { _id: id, version: 1, amount: 500.25 });
    await me.api.post('/expense/addexpense', { ...expense, description: 'Lunch', amount: 100 });
    expect((await me.api.post('/expense/deleteexpense', { id })).status).toBe(200);
    let list = (await me.api.get('/expense/getuserallexpenses')).body;
    expect(list).toMatchObject({ total: 1, totalAmount: 100 });

    // Nobody else can undo it: it is not theirs, like any record of another.
    expect((await other.api.post('/expense/restoreexpense', { id })).status).toBe(404);

    const restored = await me.api.post('/expense/restoreexpense', { id });
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual({ success: true, message: 'Expense restored' });
    list = (await me.api.get('/expense/getuserallexpenses')).body;
    expect(list).toMatchObject({ total: 2, totalAmount: 600.25 });
    const back = list.data.find((e: any) => e._id === id);
    expect(back).toMatchObject({
      description: 'Cinema tickets',
      amount: 500.25,
      date: '2026-11-02',
      category: 'movie',
      createdAt: created.body.data.createdAt,
      // The restore is a change of its own: a form read before it is stale.
      version: 3,
    });
    // The dashboard (kept by triggers) counts it again.
    const dashboard = (await me.api.get('/user/getalldata')).body.data;
    expect(dashboard.expenses).toMatchObject({ count: 2, totalAmount: 600.25 });

    // Twice is refused: it is there.
    expect((await me.api.post('/expense/restoreexpense', { id })).status).toBe(409);
    // It can be edited and deleted again as before.
    const edited = await me.api.post('/expense/updateexpense', { _id: id, version: 3, amount: 1 });
    expect(edited.status).toBe(200);

    const trail = rowsOf<{ action: string }>(
      await server.db.execute(
        sql`select action from audit_log where record_id = ${id} order by id`,
      ),
    ).map((r) => r.action);
    expect(trail).toEqual(['create', 'update', 'delete', 'create', 'update']);
  });

  it('brings a lend back with its repayments, and only of its own direction', async () => {
    const me = await signUp(server);
    const lent = await me.api.post('/lend/addlend', loan);
    const id = lent.body.data._id;
    await me.api.post('/lend/addrepayment', {
      loanId: id,
      date: '2026-10-05',
      amount: 250.5,
      remark: 'cash',
    });
    await me.api.post('/lend/addrepayment', { loanId: id, date: '2026-10-06', amount: 100 });
    // A repayment deleted before is not brought back with the entry.
    const third = await me.api.post('/lend/addrepayment', {
      loanId: id,
      date: '2026-10-07',
      amount: 1,
    });
    await me.api.post('/lend/deleterepayment', { id: third.body.data._id });
    await me.api.post('/lend/deletelend', { id });
    expect((await me.api.get('/lend/getuseralllends')).body.total).toBe(0);

    expect((await me.api.post('/borrowed/restoreborrowed', { id })).status).toBe(404);
    const restored = await me.api.post('/lend/restorelend', { id });
    expect(restored.body).toEqual({ success: true, message: 'Lend restored' });
    const list = (await me.api.get('/lend/getuseralllends')).body;
    expect(list).toMatchObject({ total: 1, totalAmount: 1000, outstandingAmount: 649.5 });
    expect(list.data[0]).toMatchObject({ _id: id, repaid: 350.5, outstanding: 649.5 });
    const repayments = (await me.api.get(`/lend/getrepayments?id=${id}`)).body.data;
    expect(repayments.map((r: any) => [r.amount, r.remark])).toEqual([
      [250.5, 'cash'],
      [100, ''],
    ]);
  });

  it('a company brings a project back; the admin and a stranger cannot; a kept or unknown one is refused', async () => {
    const admin = await signUp(server);
    const acme = await addUser(server, admin.api, 'Acme', 'company');
    const beta = await addUser(server, admin.api, 'Beta', 'company');
    const made = await acme.api.post('/company/createproject', project);
    const id = made.body.data._id;
    await acme.api.post('/company/deleteproject', { id });
    expect((await admin.api.post('/company/restoreproject', { id })).status).toBe(403);
    expect((await beta.api.post('/company/restoreproject', { id })).status).toBe(404);
    const restored = await acme.api.post('/company/restoreproject', { id });
    expect(restored.status).toBe(200);
    const list = (await acme.api.get('/company/getcompanyallproject')).body;
    expect(list).toMatchObject({ total: 1, totalAmount: 1000 });
    expect(list.data[0]).toMatchObject({ _id: id, projectName: 'Website' });

    // A record never deleted is a conflict; an id nobody has is not found.
    const kept = await acme.api.post('/company/createproject', project);
    expect(
      (await acme.api.post('/company/restoreproject', { id: kept.body.data._id })).status,
    ).toBe(409);
    expect(
      (
        await acme.api.post('/company/restoreproject', {
          id: '00000000-0000-4000-8000-000000000000',
        })
      ).status,
    ).toBe(404);
  });

  it("answers another's record, there or deleted, exactly as an unknown id: nothing tells that it exists", async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const me = await signUp(server);
    const stranger = await signUp(server);
    const admin = await signUp(server);
    const acme = await addUser(server, admin.api, 'Acme', 'company');
    const beta = await addUser(server, admin.api, 'Beta', 'company');
    const cases = [
      {
        create: '/expense/addexpense',
        body: expense,
        del: '/expense/deleteexpense',
        restore: '/expense/restoreexpense',
        owner: me.api,
        other: stranger.api,
        message: 'Deleted expense not found',
      },
      {
        create: '/lend/addlend',
        body: loan,
        del: '/lend/deletelend',
        restore: '/lend/restorelend',
        owner: me.api,
        other: stranger.api,
        message: 'Deleted lend not found',
      },
      {
        create: '/company/createproject',
        body: project,
        del: '/company/deleteproject',
        restore: '/company/restoreproject',
        owner: acme.api,
        other: beta.api,
        message: 'Deleted project not found',
      },
    ];
    for (const c of cases) {
      const asUnknown = await c.other.post(c.restore, { id: unknown });
      expect(asUnknown.status).toBe(404);
      expect(asUnknown.body).toEqual({ success: false, message: c.message, code: 'not_found' });

      // There, and another's: as unknown (it was a 409 "is not deleted").
      const id = (await c.owner.post(c.create, c.body)).body.data._id;
      const live = await c.other.post(c.restore, { id });
      expect([live.status, live.body]).toEqual([404, asUnknown.body]);
      // The owner is told it is there.
      expect((await c.owner.post(c.restore, { id })).status).toBe(409);

      // Deleted moments ago by its owner: as unknown too, and still the owner's to undo.
      expect((await c.owner.post(c.del, { id })).status).toBe(200);
      const deleted = await c.other.post(c.restore, { id });
      expect([deleted.status, deleted.body]).toEqual([404, asUnknown.body]);
      expect((await c.owner.post(c.restore, { id })).status).toBe(200);
    }
  });

  it('brings an expense back into the category its own was merged into or renamed to, and refuses one whose category is deleted', async () => {
    const me = await signUp(server);
    const categoryId = async (name: string) => {
      const list = (await me.api.get('/category/getcategories')).body.data as {
        _id: string;
        name: string;
        expenses: number;
        totalAmount: number;
      }[];
      return list.find((c) => c.name === name)?._id;
    };
    const add = async (name: string) => {
      const res = await me.api.post('/category/addcategory', { name });
      expect(res.status).toBe(201);
      return res.body.data._id as string;
    };
    const deleted = async (category: string, amount: number) => {
      const made = await me.api.post('/expense/addexpense', { ...expense, category, amount });
      expect(made.status).toBe(201);
      const id = made.body.data._id as string;
      expect((await me.api.post('/expense/deleteexpense', { id })).status).toBe(200);
      return id;
    };
    const categoryOf = async (id: string) =>
      (await me.api.get(`/expense/getuserallexpenses?id=${id}`)).body.data[0]?.category;

    // Merged: it comes back into the category merged into, which counts it.
    const shoppingId = await deleted('shopping', 100.25);
    const merged = await me.api.post('/category/mergecategory', {
      _id: await categoryId('shopping'),
      into: await categoryId('other'),
    });
    expect(merged.status).toBe(200);
    let restored = await me.api.post('/expense/restoreexpense', { id: shoppingId });
    expect(restored.status).toBe(200);
    expect(restored.body.message).toBe(
      'Expense restored into "other", where its category "shopping" went.',
    );
    expect(await categoryOf(shoppingId)).toBe('other');
    const other = (await me.api.get('/category/getcategories')).body.data.find(
      (c: { name: string }) => c.name === 'other',
    );
    expect(other).toMatchObject({ expenses: 1, totalAmount: 100.25 });

    // Renamed, then merged: followed all the way.
    const movieId = await deleted('movie', 50);
    await me.api.post('/category/renamecategory', {
      _id: await categoryId('movie'),
      name: 'Films',
    });
    const leisure = await add('Leisure');
    await me.api.post('/category/mergecategory', { _id: await categoryId('Films'), into: leisure });
    restored = await me.api.post('/expense/restoreexpense', { id: movieId });
    expect(restored.status).toBe(200);
    expect(restored.body.message).toBe(
      'Expense restored into "Leisure", where its category "movie" went.',
    );
    expect(await categoryOf(movieId)).toBe('Leisure');

    // Deleted: refused, and nothing is written.
    const gifts = await add('Gifts');
    const giftId = await deleted('Gifts', 10);
    expect((await me.api.post('/category/deletecategory', { id: gifts })).status).toBe(200);
    const refused = await me.api.post('/expense/restoreexpense', { id: giftId });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'This expense\'s category "Gifts" has been deleted since, so the expense cannot be restored. Add the category again to restore it.',
    );
    expect(await categoryOf(giftId)).toBeUndefined();
    // Added again, it takes the expense back.
    await add('Gifts');
    restored = await me.api.post('/expense/restoreexpense', { id: giftId });
    expect(restored.body).toEqual({ success: true, message: 'Expense restored' });
    expect(await categoryOf(giftId)).toBe('Gifts');

    // Merged into a category that was deleted since: refused too.
    const travel = await add('Travel');
    const fuel = await add('Fuel');
    const fuelId = await deleted('Fuel', 5);
    await me.api.post('/category/mergecategory', { _id: fuel, into: travel });
    expect((await me.api.post('/category/deletecategory', { id: travel })).status).toBe(200);
    expect((await me.api.post('/expense/restoreexpense', { id: fuelId })).status).toBe(409);
  });

  it('is refused once the undo window has passed', async () => {
    const me = await signUp(server);
    const created = await me.api.post('/expense/addexpense', expense);
    const id = created.body.data._id;
    await me.api.post('/expense/deleteexpense', { id });
    // The trail refuses changes: its guard is lifted for this one line of the test only.
    await server.db.transaction(async (tx) => {
      await tx.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
      await tx.execute(
        sql`update audit_log set at = at - interval '1 hour' where record_id = ${id}`,
      );
      await tx.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
    });
    const late = await me.api.post('/expense/restoreexpense', { id });
    expect(late.status).toBe(404);
    expect(late.body.message).toBe('Deleted expense not found');
  });
});
