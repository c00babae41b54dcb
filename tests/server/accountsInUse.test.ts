import { describe, expect, it } from 'vitest';
import { addUser, bankAccountBody, signUp, type TestServer } from './helpers';
import { useServer } from './fixtures/server';

let server: TestServer;
useServer((started) => (server = started));

describe('bank accounts as screens start from them', () => {
  it('says which accounts have payments, and finds the default one', async () => {
    const admin = await signUp(server);
    const acme = await addUser(server, admin.api, 'Acme', 'company');
    const used = await acme.api.post(
      '/company/createbank',
      bankAccountBody({ openingBalance: 100, defaultStatus: 'active' }),
    );
    const spare = await acme.api.post(
      '/company/createbank',
      bankAccountBody({ account_no: '998877665544', confirm_no: '998877665544' }),
    );
    expect([used.status, spare.status]).toEqual([201, 201]);
    const paid = await acme.api.post('/company/addpayment', {
      accountId: used.body.data._id,
      date: '2026-11-02',
      remark: 'Invoice',
      paymentType: 'credit',
      amount: 10,
    });
    expect(paid.status).toBe(201);

    const all = (await acme.api.get('/company/getallbankbyuserid?sort=holder_name')).body;
    const byId = Object.fromEntries(all.data.map((a: any) => [a._id, a.hasPayments]));
    expect(byId).toEqual({ [used.body.data._id]: true, [spare.body.data._id]: false });

    const defaults = (await acme.api.get('/company/getallbankbyuserid?defaultStatus=active')).body;
    expect(defaults.data.map((a: any) => a._id)).toEqual([used.body.data._id]);
    expect(defaults.total).toBe(1);
    // The admin reads the same, for its company.
    const read = await admin.api.get(
      `/company/getallbankbyuserid?companyId=${acme.id}&defaultStatus=deActive`,
    );
    expect(read.body.data.map((a: any) => [a._id, a.hasPayments])).toEqual([
      [spare.body.data._id, false],
    ]);
    expect((await acme.api.get('/company/getallbankbyuserid?defaultStatus=closed')).status).toBe(
      400,
    );

    // An account with payments is still refused a delete; the other goes.
    expect((await acme.api.post('/company/deletebank', { id: used.body.data._id })).status).toBe(
      409,
    );
    expect((await acme.api.post('/company/deletebank', { id: spare.body.data._id })).status).toBe(
      200,
    );
  });
});
