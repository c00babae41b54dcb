import { describe, expect, it } from 'vitest';
import { PASSWORD, addUser, expenseBody, signUp, type Api, type TestServer } from './helpers';
import { useServer } from './fixtures/server';

/**
 * Admins manage their own companies (details, deactivate, reactivate); a company
 * deactivates its people, and deletes one for good only while they own no money records;
 * the team and other lists. Admin A made C1 and C2, admin B made C3.
 */
let server: TestServer;
let A: Api;
let B: Api;
type Made = Awaited<ReturnType<typeof addUser>>;
let C1: Made;
let C2: Made;
let C3: Made;
let P1: Made;

const login = (email: string, userType: 'company' | 'pm') =>
  server.api().post('/user/loginuser', { email, password: PASSWORD, userType });

let counter = 0;
/** A company's person who does not sign in (TL, employee, team, other). */
async function addStaff(by: Api, userType: string, name = `${userType} ${++counter}`) {
  const res = await by.post('/user/createUser', {
    name,
    email: `${userType}${counter}.${Date.now()}@example.com`,
    password: PASSWORD,
    mobile: '9876543210',
    registration_number: `REG-${counter}`,
    userType,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { _id: string; name: string };
}

const details = (id: string, overrides: Record<string, unknown> = {}) => ({
  _id: id,
  version: 1,
  name: 'Acme Renamed',
  mobile: '9123456780',
  registration_number: 'REG-NEW',
  ...overrides,
});

useServer(async (started) => {
  server = started;
  A = (await signUp(server, { name: 'Admin A' })).api;
  B = (await signUp(server, { name: 'Admin B' })).api;
  C1 = await addUser(server, A, 'Company One', 'company');
  C2 = await addUser(server, A, 'Company Two', 'company');
  C3 = await addUser(server, B, 'Company Three', 'company');
  P1 = await addUser(server, C1.api, 'PM One', 'pm');
});

describe('an admin edits its companies', () => {
  it('saves the details of its own company; the audit trail has the change', async () => {
    const res = await A.post('/admin/editcompany', details(C2.id));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Company updated successfully');
    expect(res.body.data).toMatchObject({
      _id: C2.id,
      name: 'Acme Renamed',
      mobile: '9123456780',
      registration_number: 'REG-NEW',
      status: 'active',
    });
    const list = await A.get(`/user/getadminallcompany?companyId=${C2.id}`);
    expect(list.body.data[0]).toMatchObject({ name: 'Acme Renamed' });
    const trail = await C2.api.get('/audit/getaudit?kind=users');
    expect(trail.body.data[0]).toMatchObject({ recordId: C2.id, action: 'update' });
  });

  it("answers 404 for another admin's company, 403 to anyone but an admin", async () => {
    const other = await B.post('/admin/editcompany', details(C2.id));
    expect(other.status).toBe(404);
    expect(other.body.message).toBe('Company not found');
    expect((await A.post('/admin/editcompany', details(P1.id))).status).toBe(404);
    expect((await C1.api.post('/admin/editcompany', details(C1.id))).status).toBe(403);
    expect((await P1.api.post('/admin/editcompany', details(C1.id))).status).toBe(403);
  });

  it('validates the details like the create form', async () => {
    const res = await A.post('/admin/editcompany', details(C2.id, { mobile: 'call me' }));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/mobile/);
  });
});

describe('an admin deactivates and reactivates its company', () => {
  it('shuts the company and its people out at once, keeps everything, and lets them back', async () => {
    // Open sessions of the company and its PM, and a record of the PM's.
    expect((await C1.api.get('/company/getallpm')).status).toBe(200);
    const expense = await P1.api.post(
      '/expense/addexpense',
      expenseBody({ description: 'Cement', amount: 100 }),
    );
    expect(expense.status).toBe(201);

    const off = await A.post(`/users/${C1.id}/status`, { status: 'inactive' });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.message).toBe('Company deactivated. It and its people can no longer sign in.');
    expect(off.body.data).toMatchObject({ _id: C1.id, status: 'inactive' });

    // Their open sessions end at once...
    expect((await C1.api.get('/company/getallpm')).status).toBe(401);
    expect((await P1.api.get('/company/getcompanyallproject')).status).toBe(401);
    // ...and they cannot sign in, each told why (once the password is right).
    const company = await login(C1.email, 'company');
    expect(company.status).toBe(403);
    expect(company.body.message).toBe('This account is inactive. Ask your administrator.');
    const pm = await login(P1.email, 'pm');
    expect(pm.status).toBe(403);
    expect(pm.body.message).toBe(
      "Your company's account is inactive, so you cannot sign in for now.",
    );
    expect((await login(C1.email.replace('@', 'x@'), 'company')).status).toBe(401);
    // Another company of the same admin is untouched.
    expect((await C2.api.get('/company/getallpm')).status).toBe(200);

    // Nothing is deleted: the admin still reads the company, marked inactive, and its PM.
    const list = await A.get(`/user/getadminallcompany?companyId=${C1.id}`);
    expect(list.body.data[0]).toMatchObject({ _id: C1.id, status: 'inactive' });
    const pms = await A.get(`/company/getallpm?companyId=${C1.id}`);
    expect(pms.body.data.map((p: { _id: string }) => p._id)).toEqual([P1.id]);

    const on = await A.post(`/users/${C1.id}/status`, { status: 'active' });
    expect(on.status).toBe(200);
    expect(on.body.message).toBe('Company reactivated. It and its people can sign in again.');
    // Signing in works again; the tokens of before stay ended.
    const back = await login(C1.email, 'company');
    expect(back.status).toBe(200);
    expect((await C1.api.get('/company/getallpm')).status).toBe(401);
    C1 = { ...C1, token: back.body.data.token, api: server.api(back.body.data.token) };
    expect((await C1.api.get('/company/getallpm')).status).toBe(200);
    const pmBack = await login(P1.email, 'pm');
    expect(pmBack.status).toBe(200);
    P1 = { ...P1, token: pmBack.body.data.token, api: server.api(pmBack.body.data.token) };
    const mine = await P1.api.get('/expense/getuserallexpenses');
    expect(mine.body.data.map((e: { description: string }) => e.description)).toEqual(['Cement']);
  });

  it("refuses the people's sessions while their company is inactive, however it became so", async () => {
    const pm = await addUser(server, C2.api, 'PM Two', 'pm');
    const setC2 = (status: string) =>
      server.database.query('update users set status = $1 where id = $2', [status, C2.id]);
    await setC2('inactive');
    expect((await pm.api.get('/company/getalltl')).status).toBe(401);
    await setC2('active');
    expect((await pm.api.get('/company/getalltl')).status).toBe(200);
  });

  it("answers 404 for another admin's company and refuses everyone else", async () => {
    const other = await B.post(`/users/${C1.id}/status`, { status: 'inactive' });
    expect(other.status).toBe(404);
    expect(other.body.message).toBe('Company not found');
    // Its companies' people are the companies' to manage: the admin only reads them.
    const pm = await A.post(`/users/${P1.id}/status`, { status: 'inactive' });
    expect(pm.status).toBe(403);
    expect(pm.body.message).toBe('Admins have read-only access');
    // A company cannot switch itself (or another company) off or on.
    expect((await C1.api.post(`/users/${C1.id}/status`, { status: 'inactive' })).status).toBe(404);
    expect((await C1.api.post(`/users/${C3.id}/status`, { status: 'inactive' })).status).toBe(404);
    expect((await P1.api.post(`/users/${P1.id}/status`, { status: 'inactive' })).status).toBe(403);
    expect((await A.post(`/users/${C1.id}/status`, { status: 'gone' })).status).toBe(400);
    expect((await login(C1.email, 'company')).status).toBe(200);
  });

  it('still refuses every other admin write', async () => {
    expect((await A.post('/company/edituser', details(P1.id))).status).toBe(403);
    expect((await A.raw('DELETE', `/users/${P1.id}`)).status).toBe(403);
    expect((await A.raw('DELETE', `/users/${C1.id}`)).status).toBe(403);
  });
});

describe('a company removes one of its people', () => {
  it('deactivates by default: kept in the list marked inactive, signed out, reactivatable', async () => {
    const pm = await addUser(server, C1.api, 'PM Leaving', 'pm');
    const res = await C1.api.raw('DELETE', `/users/${pm.id}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('User deactivated. They can no longer sign in.');
    expect((await pm.api.get('/company/getalltl')).status).toBe(401);
    const refused = await login(pm.email, 'pm');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('This account is inactive. Ask your company.');
    const list = await C1.api.get('/company/getallpm?search=Leaving');
    expect(list.body.data).toEqual([expect.objectContaining({ _id: pm.id, status: 'inactive' })]);

    const back = await C1.api.post(`/users/${pm.id}/status`, { status: 'active' });
    expect(back.status).toBe(200);
    expect(back.body.message).toBe('User reactivated. They can sign in again.');
    expect((await login(pm.email, 'pm')).status).toBe(200);
    // Another company's person is not found, either way.
    expect((await C2.api.raw('DELETE', `/users/${pm.id}`)).status).toBe(404);
    expect((await C2.api.post(`/users/${pm.id}/status`, { status: 'inactive' })).status).toBe(404);
    expect((await C1.api.raw('DELETE', `/users/${C1.id}`)).status).toBe(404);
  });

  it('refuses a hard delete with 409 while they own money records or manage projects', async () => {
    const pm = await addUser(server, C1.api, 'PM Spender', 'pm');
    const add = (path: string, body: object) => pm.api.post(path, body);
    for (const description of ['Tea', 'Taxi'])
      expect(
        (
          await add('/expense/addexpense', {
            date: '2026-11-02',
            description,
            amount: 50,
            category: 'other',
          })
        ).status,
      ).toBe(201);
    const lend = await add('/lend/addlend', {
      name: 'Ravi',
      email: 'ravi@example.com',
      amount: 500,
      issueDate: '2026-11-01',
      repaymentDate: '2026-12-01',
    });
    expect(lend.status).toBe(201);
    const project = await C1.api.post('/company/createproject', {
      projectName: 'Tower',
      clientName: 'Acme',
      clientNumber: '98',
      duration: '1 month',
      price: 10,
      paymentStatus: 'pending',
      projectManager: pm.id,
    });
    expect(project.status, JSON.stringify(project.body)).toBe(201);

    const refused = await C1.api.raw('DELETE', `/users/${pm.id}?hard=true`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Cannot delete PM Spender: they still own 2 expenses and 1 lend/borrowed entry, and manage 1 project. Deactivate them instead.',
    );
    // Nothing changed: still active, still signed in, the records all there.
    expect((await pm.api.get('/expense/getuserallexpenses')).body.total).toBe(2);
    const list = await C1.api.get('/company/getallpm?search=Spender');
    expect(list.body.data[0]).toMatchObject({ _id: pm.id, status: 'active' });
    expect((await C1.api.raw('DELETE', `/users/${pm.id}?hard=maybe`)).status).toBe(400);
  });

  it('deletes for good one who owns nothing; the audit trail keeps the deletion', async () => {
    const tl = await addStaff(C1.api, 'tl', 'TL Temp');
    const res = await C1.api.raw('DELETE', `/users/${tl._id}?hard=true`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('User deleted successfully');
    const list = await C1.api.get('/company/getalltl?search=Temp');
    expect(list.body.data).toEqual([]);
    const trail = await C1.api.get('/audit/getaudit?kind=users');
    expect(trail.body.data[0]).toMatchObject({ recordId: tl._id, action: 'delete' });
    expect((await C1.api.raw('DELETE', `/users/${tl._id}?hard=true`)).status).toBe(404);
    // The same for an inactive one, and not for another company's.
    const e = await addStaff(C1.api, 'employee');
    expect((await C2.api.raw('DELETE', `/users/${e._id}?hard=true`)).status).toBe(404);
    expect((await C1.api.raw('DELETE', `/users/${e._id}`)).status).toBe(200);
    expect((await C1.api.raw('DELETE', `/users/${e._id}?hard=true`)).status).toBe(200);
  });
});

describe('team and other lists', () => {
  it("list a company's team and other users, to it and its admin only", async () => {
    const team = await addStaff(C1.api, 'team', 'Team Member');
    const other = await addStaff(C1.api, 'other', 'Other Person');
    await addStaff(C2.api, 'team', 'Team Elsewhere');

    const ids = (res: { body: { data: { _id: string }[] } }) => res.body.data.map((r) => r._id);
    expect(ids(await C1.api.get('/company/getallteam'))).toEqual([team._id]);
    expect(ids(await C1.api.get('/company/getallother'))).toEqual([other._id]);
    const mine = await C1.api.get('/company/getallteam');
    expect(mine.body.data[0]).toMatchObject({ role: 'team', status: 'active', country: 'India' });
    expect(mine.body.total).toBe(1);
    expect(ids(await C2.api.get('/company/getallother'))).toEqual([]);

    // The admin reads its companies', narrowed to one; another admin reads none of them.
    expect(ids(await A.get(`/company/getallteam?companyId=${C1.id}`))).toEqual([team._id]);
    expect((await A.get('/company/getallteam')).body.total).toBe(2);
    expect(ids(await B.get('/company/getallteam'))).toEqual([]);
    expect(ids(await B.get(`/company/getallteam?companyId=${C1.id}`))).toEqual([]);
    // A PM reads its company's TLs and employees, not these.
    expect((await P1.api.get('/company/getallteam')).status).toBe(403);
    expect((await P1.api.get('/company/getallother')).status).toBe(403);
    expect((await server.api().get('/company/getallteam')).status).toBe(401);
    // Search and deactivation work as in the other lists.
    expect(ids(await C1.api.get('/company/getallother?search=other%20pers'))).toEqual([other._id]);
    expect((await C1.api.raw('DELETE', `/users/${team._id}`)).status).toBe(200);
    expect((await C1.api.get('/company/getallteam')).body.data[0].status).toBe('inactive');
  });
});
