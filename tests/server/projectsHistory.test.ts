import { describe, expect, it } from 'vitest';
import type { Api } from './helpers';
import { useCast } from './fixtures/cast';

/**
 * Every change of a project's statuses is kept with who made it and when, whichever call made
 * it; whoever reads the project reads its history, and nobody else learns it exists.
 */
const { admin, company, pm, other } = useCast();

const FIELDS = {
  projectName: 'Harbour Wall',
  clientName: 'Coastal Ports',
  clientNumber: '98765 43210',
  duration: '3 months',
  price: 500,
  paymentStatus: 'pending',
  status: 'Started',
  risk: 'Low',
};

const history = (api: Api, id: string, query = '') =>
  api.get(`/company/projectstatushistory?id=${id}${query}`);
const suggestions = (api: Api, query: string) => api.get(`/company/projectsuggestions?${query}`);

describe('project status history', () => {
  it('keeps who changed which status when, on a PM update and a company edit alike', async () => {
    const made = await company.post('/company/createproject', {
      ...FIELDS,
      projectManager: pm.id,
    });
    expect(made.status).toBe(201);
    const id = made.body.data._id;

    const byPm = await pm.post('/company/updateprojectstatus', {
      _id: id,
      version: 1,
      statusByPm: 'Piling done',
    });
    expect(byPm.status).toBe(200);
    const edit = await company.post('/company/updateproject', {
      _id: id,
      version: 2,
      status: 'In progress',
      paymentStatus: 'part paid',
    });
    expect(edit.status).toBe(200);
    // A change of the price alone is not a change of status.
    await company.post('/company/updateproject', { _id: id, version: 3, price: 600 });

    const read = await history(company, id);
    expect(read.status).toBe(200);
    expect(read.body.total).toBe(3);
    const [latest, pmEntry, first] = read.body.data;
    expect(latest).toMatchObject({
      by: 'Acme',
      byRole: 'company',
      status: 'In progress',
      paymentStatus: 'part paid',
      risk: 'Low',
      statusByPm: 'Piling done',
    });
    expect(pmEntry).toMatchObject({
      by: 'Priya',
      byRole: 'pm',
      status: 'Started',
      statusByPm: 'Piling done',
    });
    expect(first).toMatchObject({ by: 'Acme', status: 'Started', paymentStatus: 'pending' });
    expect(Date.parse(latest.at)).toBeGreaterThanOrEqual(Date.parse(pmEntry.at));
    expect(Date.parse(pmEntry.at)).toBeGreaterThanOrEqual(Date.parse(first.at));

    // A page at a time.
    const page = await history(company, id, '&pageSize=1&page=2');
    expect(page.body.data.map((e: { by: string }) => e.by)).toEqual(['Priya']);
    expect(page.body.total).toBe(3);

    // Its PM and the company's admin read it; another company does not know it is there.
    expect((await history(pm, id)).body.total).toBe(3);
    expect((await history(admin, id)).body.total).toBe(3);
    const theirs = await history(other, id);
    expect(theirs.status).toBe(404);
    const unknown = await history(company, '00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    const bad = await history(company, 'nope');
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('id');
  });

  it('keeps the history of a project whose delete is undone', async () => {
    const made = await company.post('/company/createproject', FIELDS);
    const id = made.body.data._id;
    await company.post('/company/updateproject', { _id: id, version: 1, risk: 'High' });
    await company.post('/company/deleteproject', { id });
    expect((await history(company, id)).status).toBe(404);
    expect((await company.post('/company/restoreproject', { id })).status).toBe(200);
    const read = await history(company, id);
    expect(read.body.data.map((e: { risk: string }) => e.risk)).toEqual(['High', 'High', 'Low']);
  });

  it("offers the company's earlier values of a field, the most used first, and only its own", async () => {
    await other.post('/company/createproject', { ...FIELDS, status: 'Secret state' });
    const statuses = await suggestions(company, 'field=status');
    expect(statuses.status).toBe(200);
    // 'Started' was given three times, 'In progress' once.
    expect(statuses.body.data).toEqual(['Started', 'In progress']);
    expect((await suggestions(company, 'field=risk')).body.data).toEqual(['Low', 'High']);
    expect((await suggestions(company, 'field=paymentStatus&search=PART')).body.data).toEqual([
      'part paid',
    ]);
    expect((await suggestions(pm, 'field=status')).body.data).toContain('Started');
    expect((await suggestions(company, 'field=status')).body.data).not.toContain('Secret state');
    const bad = await suggestions(company, 'field=projectName');
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('field');
  });
});
