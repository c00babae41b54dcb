import { describe, expect, it } from 'vitest';
import { companyWithAccount, openAccount, paymentBody } from './helpers';
import { useServer } from './fixtures/server';

const server = useServer();

describe('bank accounts as screens start from them', () => {
  it('says which accounts have payments, and finds the default one', async () => {
    const made = await companyWithAccount(server, 'Acme', {
      openingBalance: 100,
      defaultStatus: 'active',
    });
    const { admin, company: acme, account: used } = made;
    const spare = await openAccount(acme.api, { account_no: '998877665544' });
    const paid = await acme.api.post(
      '/company/addpayment',
      paymentBody({ accountId: used._id, date: '2026-11-02', remark: 'Invoice' }),
    );
    expect(paid.status).toBe(201);

    const all = (await acme.api.get('/company/getallbankbyuserid?sort=holder_name')).body;
    const byId = Object.fromEntries(all.data.map((a: any) => [a._id, a.hasPayments]));
    expect(byId).toEqual({ [used._id]: true, [spare._id]: false });

    const defaults = (await acme.api.get('/company/getallbankbyuserid?defaultStatus=active')).body;
    expect(defaults.data.map((a: any) => a._id)).toEqual([used._id]);
    expect(defaults.total).toBe(1);
    // The admin reads the same, for its company.
    const read = await admin.api.get(
      `/company/getallbankbyuserid?companyId=${acme.id}&defaultStatus=deActive`,
    );
    expect(read.body.data.map((a: any) => [a._id, a.hasPayments])).toEqual([[spare._id, false]]);
    expect((await acme.api.get('/company/getallbankbyuserid?defaultStatus=closed')).status).toBe(
      400,
    );

    // An account with payments is still refused a delete; the other goes.
    expect((await acme.api.post('/company/deletebank', { id: used._id })).status).toBe(409);
    expect((await acme.api.post('/company/deletebank', { id: spare._id })).status).toBe(200);
  });
});
