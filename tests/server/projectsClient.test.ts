import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { clientBody, type Api } from './helpers';
import { useCast } from './fixtures/cast';

/**
 * A project may name one of its company's clients: it then shows the client's name and
 * mobile, whatever the form typed; detaching keeps the last ones.
 */
let clientId: string;
let othersClientId: string;

const FIELDS = {
  projectName: 'Harbour Wall',
  clientName: 'Typed name',
  clientNumber: '1',
  duration: '3 months',
  price: 500,
  paymentStatus: 'pending',
};

const listed = async (api: Api, id: string) =>
  (await api.get(`/company/getcompanyallproject?id=${id}`)).body.data[0];

const { admin, company, pm } = useCast(async (_, cast) => {
  const client = await cast.company.post(
    '/invoicing/clients',
    clientBody('Coastal Ports', { billingAddress: 'Mumbai', mobile: '98765 43210' }),
  );
  clientId = client.body.data._id;
  const theirs = await cast.other.post('/invoicing/clients', clientBody('Not Yours'));
  othersClientId = theirs.body.data._id;
});

describe('a project of a client', () => {
  it("shows the client's name and clientId; detaching keeps the last names", async () => {
    const made = await company.post('/company/createproject', {
      ...FIELDS,
      clientId,
      projectManager: pm.id,
    });
    expect(made.status).toBe(201);
    // The client wins over the typed name and number.
    expect(made.body.data).toMatchObject({
      clientId,
      clientName: 'Coastal Ports',
      clientNumber: '+919876543210',
    });
    const id = made.body.data._id;
    for (const reader of [company, admin, pm])
      expect(await listed(reader, id)).toMatchObject({ clientId, clientName: 'Coastal Ports' });

    // An edit that leaves the client out keeps it, and its names.
    const renamed = await company.post('/company/updateproject', {
      _id: id,
      version: made.body.data.version,
      clientName: 'Someone else',
    });
    expect(renamed.body.data).toMatchObject({ clientId, clientName: 'Coastal Ports' });

    const detached = await company.post('/company/updateproject', {
      _id: id,
      version: renamed.body.data.version,
      clientId: null,
    });
    expect(detached.status).toBe(200);
    expect(detached.body.data).toMatchObject({
      clientId: null,
      clientName: 'Coastal Ports',
      clientNumber: '+919876543210',
    });
  });

  it("refuses another company's client as it refuses a missing one, naming clientId", async () => {
    const refusals = [];
    for (const id of [othersClientId, randomUUID()]) {
      const res = await company.post('/company/createproject', { ...FIELDS, clientId: id });
      expect(res.status).toBe(400);
      refusals.push(res.body);
    }
    expect(refusals[0]).toMatchObject({ code: 'validation', field: 'clientId' });
    expect(refusals[1]).toEqual(refusals[0]);

    const made = await company.post('/company/createproject', FIELDS);
    expect(made.body.data.clientId).toBeNull();
    const res = await company.post('/company/updateproject', {
      _id: made.body.data._id,
      version: made.body.data.version,
      clientId: othersClientId,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation', field: 'clientId' });
    expect(await listed(company, made.body.data._id)).toMatchObject({
      clientId: null,
      clientName: 'Typed name',
    });
  });

  it('is written by the company only', async () => {
    expect((await admin.post('/company/createproject', { ...FIELDS, clientId })).status).toBe(403);
    expect((await pm.post('/company/createproject', { ...FIELDS, clientId })).status).toBe(403);
  });
});
