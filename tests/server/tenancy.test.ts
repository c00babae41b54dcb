import { describe, expect, it } from 'vitest';
import { FIRST_PASSWORD, signUp, type TestServer } from './helpers';
import { useServer } from './fixtures/server';

/**
 * Every call of the companies/people/projects area, tried as each role and as a stranger:
 * admin A (companies C1, C2), admin B (company C3), C1's PM/TL/employee, C2's PM.
 */
let server: TestServer;
type Api = ReturnType<TestServer['api']>;
const as: Record<string, Api> = {};
const ids: Record<string, string> = {};
const PASSWORD = 'a fine password';

const person = (name: string, userType: string) => ({
  name,
  email: `${name.toLowerCase().replace(/\W/g, '')}@example.com`,
  password: FIRST_PASSWORD,
  mobile: '+91 98765 43210',
  registration_number: `REG-${name}`,
  userType,
});
const project = (overrides: Record<string, unknown> = {}) => ({
  projectName: 'Website',
  clientName: 'Acme',
  clientNumber: '9876543210',
  duration: '3 months',
  price: 150000.5,
  paymentStatus: 'pending',
  status: '',
  risk: 'low',
  statusByPm: '',
  ...overrides,
});

async function create(by: Api, name: string, userType: string, loginAs?: 'company' | 'pm') {
  const res = await by.post('/user/createUser', person(name, userType));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  ids[name] = res.body.data._id;
  if (loginAs) {
    const login = await server.api().post('/user/loginuser', {
      email: person(name, userType).email,
      password: FIRST_PASSWORD,
      userType: loginAs,
    });
    expect(login.status).toBe(200);
    expect(login.body.data.user.position).toBe(loginAs === 'company' ? 2 : 3);
    as[name] = server.api(login.body.data.token);
    // The first password was its creator's choice: changed at once, as the person would.
    const changed = await as[name]!.post('/user/updatepassword', {
      currentPassword: FIRST_PASSWORD,
      newPassword: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
  }
}

useServer(async (started) => {
  server = started;
  as.A = (await signUp(server, { name: 'Admin A' })).api;
  as.B = (await signUp(server, { name: 'Admin B' })).api;
  await create(as.A, 'C1', 'company', 'company');
  await create(as.A, 'C2', 'company', 'company');
  await create(as.B, 'C3', 'company', 'company');
  await create(as.C1!, 'P1', 'pm', 'pm');
  await create(as.C1!, 'T1', 'tl');
  await create(as.C1!, 'E1', 'employee');
  await create(as.C1!, 'E2', 'employee');
  await create(as.C2!, 'P2', 'pm', 'pm');
  const x1 = await as.C1!.post('/company/createproject', project({ projectManager: ids.P1 }));
  expect(x1.status).toBe(201);
  ids.X1 = x1.body.data._id;
  const x2 = await as.C2!.post(
    '/company/createproject',
    project({ projectName: 'App', price: 10, projectManager: ids.P2 }),
  );
  ids.X2 = x2.body.data._id;
});

const names = (res: { body: { data: { name?: string; projectName?: string }[] } }) =>
  res.body.data.map((r) => r.name ?? r.projectName).sort();

describe('creating users', () => {
  it('lets an admin create only companies and a company only its people', async () => {
    expect((await as.A!.post('/user/createUser', person('Nope1', 'pm'))).status).toBe(400);
    expect((await as.C1!.post('/user/createUser', person('Nope2', 'company'))).status).toBe(400);
    expect((await as.P1!.post('/user/createUser', person('Nope3', 'tl'))).status).toBe(403);
    const dup = await as.C1!.post('/user/createUser', { ...person('P1', 'pm') });
    expect(dup.status).toBe(409);
  });

  it('never answers with a password hash', async () => {
    const res = await as.A!.get('/user/getadminallcompany');
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|password/i);
  });
});

describe('reading', () => {
  it("shows an admin its own companies with employee counts, and nobody else's", async () => {
    const a = await as.A!.get('/user/getadminallcompany?sort=name&order=asc');
    expect(names(a)).toEqual(['C1', 'C2']);
    expect(a.body.data[0]).toMatchObject({
      name: 'C1',
      employeeCount: 2,
      country: 'India',
      mobile: '+91 98765 43210',
    });
    expect(names(await as.B!.get('/user/getadminallcompany'))).toEqual(['C3']);
    expect((await as.C1!.get('/user/getadminallcompany')).status).toBe(403);
    expect((await as.P1!.get('/user/getadminallcompany')).status).toBe(403);
  });

  it('lists people within the company, for admin, company and PM', async () => {
    expect(names(await as.C1!.get('/company/getallpm'))).toEqual(['P1']);
    expect(names(await as.C2!.get('/company/getallpm'))).toEqual(['P2']);
    expect(names(await as.A!.get('/company/getallpm'))).toEqual(['P1', 'P2']);
    expect(names(await as.A!.get(`/company/getallpm?companyId=${ids.C2}`))).toEqual(['P2']);
    expect(names(await as.B!.get('/company/getallpm'))).toEqual([]);
    expect(names(await as.B!.get(`/company/getallpm?companyId=${ids.C1}`))).toEqual([]);
    expect(names(await as.P1!.get('/company/getalltl'))).toEqual(['T1']);
    expect(names(await as.P1!.get('/company/getcompanyallemployee'))).toEqual(['E1', 'E2']);
    expect(names(await as.P2!.get('/company/getcompanyallemployee'))).toEqual([]);
    expect((await as.P1!.get('/company/getallpm')).status).toBe(403);
    const search = await as.C1!.get('/company/getcompanyallemployee?search=e2');
    expect(names(search)).toEqual(['E2']);
  });

  it('lists projects by scope: company, admin, assigned PM', async () => {
    const c1 = await as.C1!.get('/company/getcompanyallproject');
    expect(names(c1)).toEqual(['Website']);
    expect(c1.body.data[0]).toMatchObject({ projectManager: 'P1', price: 150000.5 });
    expect(c1.body.totalAmount).toBe(150000.5);
    expect(names(await as.C2!.get('/company/getcompanyallproject'))).toEqual(['App']);
    const a = await as.A!.get('/company/getcompanyallproject');
    expect(names(a)).toEqual(['App', 'Website']);
    expect(a.body.totalAmount).toBe(150010.5);
    expect(names(await as.B!.get('/company/getcompanyallproject'))).toEqual([]);
    expect(names(await as.P1!.get('/company/getcompanyallproject'))).toEqual(['Website']);
    expect(names(await as.P2!.get('/company/getcompanyallproject'))).toEqual(['App']);
  });

  it('counts the turnover on the dashboard', async () => {
    const c1 = (await as.C1!.get('/user/getalldata')).body.data;
    expect([c1.totalTurnoverLength, c1.totalTurnoverAmount]).toEqual([1, 150000.5]);
    const a = (await as.A!.get('/user/getalldata')).body.data;
    expect([a.totalTurnoverLength, a.totalTurnoverAmount]).toEqual([2, 150010.5]);
    const b = (await as.B!.get('/user/getalldata')).body.data;
    expect([b.totalTurnoverLength, b.totalTurnoverAmount]).toEqual([0, 0]);

    // Straight after each edit, for the company and its admin alike.
    const turnover = async (api: Api) => {
      const data = (await api.get('/user/getalldata')).body.data;
      return [data.totalTurnoverLength, data.totalTurnoverAmount];
    };
    const added = await as.C1!.post('/company/createproject', project({ price: 99.5 }));
    expect(await turnover(as.C1!)).toEqual([2, 150100]);
    const id = added.body.data._id;
    await as.C1!.post('/company/updateproject', project({ _id: id, version: 1, price: 0.5 }));
    expect(await turnover(as.A!)).toEqual([3, 150011]);
    await as.C1!.post('/company/deleteproject', { id });
    expect(await turnover(as.C1!)).toEqual([1, 150000.5]);
    expect(await turnover(as.A!)).toEqual([2, 150010.5]);
  });
});

describe('writing', () => {
  const edit = (name: string, overrides: Record<string, unknown> = {}) => ({
    _id: ids[name],
    version: 1,
    name,
    email: person(name, 'x').email,
    mobile: '9999999999',
    registration_number: 'R-2',
    ...overrides,
  });

  it('lets only the owning company edit its people; status really saves', async () => {
    expect((await as.C2!.post('/company/edituser', edit('T1'))).status).toBe(404);
    const byAdmin = await as.A!.post('/company/edituser', edit('T1'));
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body.message).toBe('Admins have read-only access');
    expect((await as.P1!.post('/company/edituser', edit('T1'))).status).toBe(403);
    const ok = await as.C1!.post('/company/edituser', edit('T1', { status: 'inactive' }));
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('User edited successfully');
    expect(ok.body.data).toMatchObject({ status: 'inactive', mobile: '9999999999' });
  });

  it('ends an inactive PM’s sessions and refuses its login', async () => {
    await create(as.C1!, 'P9', 'pm', 'pm');
    expect((await as.P9!.get('/company/getcompanyallproject')).status).toBe(200);
    await as.C1!.post('/company/edituser', edit('P9', { status: 'inactive' }));
    expect((await as.P9!.get('/company/getcompanyallproject')).status).toBe(401);
    const login = await server.api().post('/user/loginuser', {
      email: person('P9', 'pm').email,
      password: PASSWORD,
      userType: 'pm',
    });
    expect(login.status).toBe(403);
  });

  it('lets only the owning company delete its people', async () => {
    expect((await as.C2!.raw('DELETE', `/users/${ids.E2}`)).status).toBe(404);
    expect((await as.A!.raw('DELETE', `/users/${ids.E2}`)).status).toBe(403);
    expect((await as.P1!.raw('DELETE', `/users/${ids.E2}`)).status).toBe(403);
    expect((await as.C1!.raw('DELETE', `/users/${ids.C1}`)).status).toBe(404);
    const ok = await as.C1!.raw('DELETE', `/users/${ids.E2}?hard=true`);
    expect(ok.status).toBe(200);
    expect((ok.body as any).message).toBe('User deleted successfully');
    expect(names(await as.C1!.get('/company/getcompanyallemployee'))).toEqual(['E1']);
  });

  it("takes a deleted user's monthly expense totals with its expenses", async () => {
    // The API deletes nobody who owns expenses; the database still cascades cleanly if a
    // user goes (the expenses' delete trigger does not re-create the months).
    const [row] = (
      await server.database.query<{ id: string }>(
        `insert into users (name, email, role, company_id)
         values ('Gone', 'gone@example.com', 'employee', $1) returning id`,
        [ids.C1],
      )
    ).rows;
    const q = (text: string) => server.database.query(text, [row!.id]);
    await q(`insert into expenses (user_id, date, description, amount_paise, category)
             values ($1, '2026-11-01', 'tea', 1000, 'other')`);
    expect((await q('select * from expense_months where user_id = $1')).rows).toHaveLength(1);
    await q('delete from users where id = $1');
    expect((await q('select * from expense_months where user_id = $1')).rows).toEqual([]);
  });

  it('lets each of admin and company edit its own details through its own call', async () => {
    const details = {
      version: 1,
      name: 'Admin A',
      mobile: '12345678',
      registration_number: 'ADM',
    };
    expect((await as.A!.post('/admin/updateadmin', details)).status).toBe(200);
    expect((await as.C1!.post('/admin/updateadmin', details)).status).toBe(403);
    const c1 = {
      version: 1,
      name: 'C1',
      email: person('C1', 'x').email,
      mobile: '22222222',
      registration_number: 'C1-NEW',
    };
    expect((await as.A!.post('/company/updatecompany', c1)).status).toBe(403);
    const ok = await as.C1!.post('/company/updatecompany', c1);
    expect(ok.body.data.registration_number).toBe('C1-NEW');
  });

  it('lets only the company write projects, with one of its own PMs', async () => {
    const otherPm = await as.C1!.post(
      '/company/createproject',
      project({ projectManager: ids.P2 }),
    );
    expect(otherPm.status).toBe(400);
    expect(otherPm.body.message).toBe('projectManager must be one of your PMs');
    const byAdmin = await as.A!.post('/company/createproject', project());
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body.message).toBe('Admins have read-only access');
    expect((await as.P1!.post('/company/createproject', project())).status).toBe(403);

    const x1 = project({ _id: ids.X1, version: 1 });
    expect((await as.C2!.post('/company/updateproject', x1)).status).toBe(404);
    expect((await as.A!.post('/company/updateproject', x1)).status).toBe(403);
    const upd = await as.C1!.post(
      '/company/updateproject',
      project({ _id: ids.X1, version: 1, price: 200000, projectManager: ids.P1 }),
    );
    expect(upd.status).toBe(200);
    expect(upd.body.data).toMatchObject({ price: 200000, projectManager: 'P1' });
  });

  it('lets the assigned PM, and only it, change statusByPm', async () => {
    const mine = await as.P1!.post('/company/updateprojectstatus', {
      _id: ids.X1,
      version: 2,
      statusByPm: 'Design done',
    });
    expect(mine.status).toBe(200);
    expect(mine.body.data.statusByPm).toBe('Design done');
    const other = { _id: ids.X1, version: 3, statusByPm: 'x' };
    expect((await as.P2!.post('/company/updateprojectstatus', other)).status).toBe(404);
    expect((await as.C1!.post('/company/updateprojectstatus', other)).status).toBe(403);
    expect((await as.A!.post('/company/updateprojectstatus', other)).status).toBe(403);
    expect((await as.C1!.get('/company/getcompanyallproject')).body.data[0].statusByPm).toBe(
      'Design done',
    );
    // The company editing the project without that field keeps what the PM wrote.
    const { statusByPm: _omitted, ...withoutPmStatus } = project({
      _id: ids.X1,
      version: mine.body.data.version,
      price: 5,
      projectManager: ids.P1,
    });
    const edited = await as.C1!.post('/company/updateproject', withoutPmStatus);
    expect(edited.body.data).toMatchObject({ price: 5, statusByPm: 'Design done' });
  });

  it('lets only the owning company delete a project', async () => {
    expect((await as.C2!.post('/company/deleteproject', { id: ids.X1 })).status).toBe(404);
    expect((await as.A!.post('/company/deleteproject', { id: ids.X1 })).status).toBe(403);
    expect((await as.P1!.post('/company/deleteproject', { id: ids.X1 })).status).toBe(403);
    expect((await as.C1!.post('/company/deleteproject', { id: ids.X1 })).status).toBe(200);
    expect(names(await as.C1!.get('/company/getcompanyallproject'))).toEqual([]);
  });
});
