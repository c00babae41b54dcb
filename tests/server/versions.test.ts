import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { STALE_RECORD_MESSAGE } from '../../contract/rules';
import { projects } from '../../server/db/schema';
import {
  addUser,
  bankAccountBody,
  expenseBody,
  paymentBody,
  projectBody,
  signUp,
  type Api,
  type ApiResponse,
} from './helpers';
import { useCast } from './fixtures/cast';

/**
 * Every editable record carries a version; an update names the one it was read at. A stale
 * one changes nothing and answers 409, a current one changes only the fields sent and moves
 * the version on. Over HTTP on a real database, for each kind of record.
 */

const { server, admin, company, pm, other: otherCompany } = useCast();

function expectStale(res: ApiResponse) {
  expect(res.status, JSON.stringify(res.body)).toBe(409);
  expect(res.body).toEqual({
    success: false,
    message: STALE_RECORD_MESSAGE,
    code: 'stale_record',
  });
}

/** A record as its list shows it now (the list narrowed to its id). */
async function current(api: Api, listPath: string, id: string, param = 'id') {
  const res = await api.get(`${listPath}${listPath.includes('?') ? '&' : '?'}${param}=${id}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.data).toHaveLength(1);
  return res.body.data[0];
}

/** Where a PM saves a project's status. */
const STATUS = '/company/updateprojectstatus';
const currentProject = (id: string) => current(company.api, '/company/getcompanyallproject', id);

describe('projects', () => {
  let id: string;
  beforeAll(async () => {
    const created = await company.api.post(
      '/company/createproject',
      projectBody({ projectManager: pm.id }),
    );
    expect(created.body.data.version).toBe(1);
    id = created.body.data._id;
  });

  /** `api` saves `fields` of the project as at `version`: an update, or a PM's status (`path`). */
  const save = (
    api: Api,
    version: number,
    fields: Record<string, unknown>,
    path = '/company/updateproject',
  ) => api.post(path, { _id: id, version, ...fields });

  it('refuses a stale version and changes nothing; a current one changes only what was sent', async () => {
    const ok = await save(company.api, 1, { price: 2500.5 });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    // The fields left out are kept, the project manager included.
    expect(ok.body.data).toMatchObject({
      version: 2,
      price: 2500.5,
      projectName: 'Website',
      projectManagerId: pm.id,
      projectManager: 'Priya',
    });

    const before = await currentProject(id);
    expectStale(
      await company.api.post('/company/updateproject', projectBody({ _id: id, version: 1 })),
    );
    expect(await currentProject(id)).toEqual(before);
  });

  it("refuses the company's edit made before the PM's status update", async () => {
    const { version } = await currentProject(id);
    const byPm = await save(pm.api, version, { statusByPm: 'Design done' }, STATUS);
    expect(byPm.status).toBe(200);
    expect(byPm.body.data).toMatchObject({ statusByPm: 'Design done', version: version + 1 });
    // The company's form still holds the version it opened with, and the old status.
    expectStale(
      await company.api.post(
        '/company/updateproject',
        projectBody({ _id: id, version, statusByPm: '', projectManager: pm.id }),
      ),
    );
    expect((await currentProject(id)).statusByPm).toBe('Design done');
    // So does a PM's second tab.
    expectStale(await save(pm.api, version, { statusByPm: 'x' }, STATUS));
  });

  it('unassigns the PM only when told to (null)', async () => {
    let { version } = await currentProject(id);
    const renamed = await save(company.api, version, { projectName: 'Website v2' });
    expect(renamed.body.data).toMatchObject({ projectManagerId: pm.id, version: ++version });
    const unassigned = await save(company.api, version, { projectManager: null });
    expect(unassigned.body.data).toMatchObject({ projectManagerId: null, projectManager: '' });
  });

  it("answers 404 for another company's project, whatever the version", async () => {
    const { version } = await currentProject(id);
    for (const v of [version, version + 5]) {
      const res = await save(otherCompany.api, v, {});
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Project not found');
    }
    expect((await currentProject(id)).version).toBe(version);
  });

  it('lets exactly one of two saves at the same version through', async () => {
    const { version } = await currentProject(id);
    const [a, b] = await Promise.all(
      ['Tab A', 'Tab B'].map((name) => save(company.api, version, { clientName: name })),
    );
    expect([a!.status, b!.status].sort()).toEqual([200, 409]);
    const winner = a!.status === 200 ? 'Tab A' : 'Tab B';
    expect(await currentProject(id)).toMatchObject({ clientName: winner, version: version + 1 });
  });

  it('moves the version on any other write to its fields, not on a write that changes nothing', async () => {
    const { version } = await currentProject(id);
    await server.db.update(projects).set({ risk: 'high' }).where(eq(projects.id, id));
    expect(await currentProject(id)).toMatchObject({ risk: 'high', version: version + 1 });
    await server.db.update(projects).set({ risk: 'high' }).where(eq(projects.id, id));
    expect((await currentProject(id)).version).toBe(version + 1);
  });
});

describe('bank accounts', () => {
  const accounts = '/company/getallbankbyuserid';
  const currentAccount = (id: string) => current(company.api, accounts, id, 'accountId');
  let main: string;
  let spare: string;
  beforeAll(async () => {
    const a = await company.api.post(
      '/company/createbank',
      bankAccountBody({ defaultStatus: 'active', openingBalance: 100 }),
    );
    main = a.body.data._id;
    const b = await company.api.post(
      '/company/createbank',
      bankAccountBody({ account_no: '99999999', confirm_no: '99999999' }),
    );
    spare = b.body.data._id;
    expect([a.body.data.version, b.body.data.version]).toEqual([1, 1]);
  });

  it('keeps the default when an update leaves it out, and refuses a stale version', async () => {
    const ok = await company.api.post('/company/updatebankaccount', {
      _id: main,
      version: 1,
      branch: 'Indiranagar',
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({
      branch: 'Indiranagar',
      defaultStatus: 'active',
      holder_name: 'Acme Pvt Ltd',
      version: 2,
    });
    const before = await currentAccount(main);
    expectStale(
      await company.api.post('/company/updatebankaccount', {
        ...bankAccountBody({ defaultStatus: 'deActive' }),
        _id: main,
        version: 1,
      }),
    );
    expect(await currentAccount(main)).toEqual(before);
  });

  it('moves the old default on when another account takes over, but not for a payment', async () => {
    const pay = await company.api.post(
      '/company/addpayment',
      paymentBody({ accountId: main, remark: 'in' }),
    );
    expect(pay.status, JSON.stringify(pay.body)).toBe(201);
    // The balance is the payments', not anyone's edit: an open form stays current.
    expect(await currentAccount(main)).toMatchObject({ balance: 110, version: 2 });

    const takeOver = await company.api.post('/company/updatebankaccount', {
      _id: spare,
      version: 1,
      defaultStatus: 'active',
    });
    expect(takeOver.body.data).toMatchObject({ defaultStatus: 'active', version: 2 });
    expect(await currentAccount(main)).toMatchObject({ defaultStatus: 'deActive', version: 3 });
    // A form opened on it before would make it the default again: refused, and the refusal
    // leaves the other account's default as it was.
    expectStale(
      await company.api.post('/company/updatebankaccount', {
        _id: main,
        version: 2,
        defaultStatus: 'active',
      }),
    );
    expect((await currentAccount(spare)).defaultStatus).toBe('active');
  });

  it("answers 404 for another company's account", async () => {
    const res = await otherCompany.api.post('/company/updatebankaccount', {
      _id: main,
      version: 3,
      branch: 'x',
    });
    expect(res.status).toBe(404);
  });
});

describe('expenses', () => {
  it('changes only the fields sent, at the current version only', async () => {
    const me = await signUp(server);
    const created = await me.api.post(
      '/expense/addexpense',
      expenseBody({ description: 'Lunch', amount: 100 }),
    );
    const id = created.body.data._id;
    expect(created.body.data.version).toBe(1);
    const ok = await me.api.post('/expense/updateexpense', { _id: id, version: 1, amount: 50 });
    expect(ok.body.data).toMatchObject({ description: 'Lunch', amount: 50, version: 2 });

    expectStale(await me.api.post('/expense/updateexpense', { _id: id, version: 1, amount: 75 }));
    const now = await current(me.api, '/expense/getuserallexpenses', id);
    expect(now).toMatchObject({ amount: 50, version: 2 });
    expect((await me.api.get('/expense/getuserallexpenses')).body.totalAmount).toBe(50);

    const stranger = await signUp(server);
    const theirs = await stranger.api.post('/expense/updateexpense', {
      _id: id,
      version: 2,
      amount: 1,
    });
    expect(theirs.status).toBe(404);
    expect((await stranger.api.get(`/expense/getuserallexpenses?id=${id}`)).body.data).toEqual([]);
  });
});

describe('lend and borrowed', () => {
  for (const [direction, update] of [
    ['lend', 'updatelend'],
    ['borrowed', 'updateborrowed'],
  ] as const) {
    it(`${direction}: a repayment keeps the version, an edit moves it, a stale edit is refused`, async () => {
      const me = await signUp(server);
      const list = `/${direction}/${direction === 'lend' ? 'getuseralllends' : 'getuserallborroweds'}`;
      const created = await me.api.post(`/${direction}/add${direction}`, {
        name: 'Ravi',
        email: 'ravi@example.com',
        amount: 1000,
        issueDate: '2026-10-01',
        repaymentDate: '2026-12-01',
      });
      const id = created.body.data._id;
      expect(created.body.data.version).toBe(1);
      const repaid = await me.api.post(`/${direction}/addrepayment`, {
        loanId: id,
        date: '2026-10-05',
        amount: 100,
      });
      expect(repaid.status).toBe(201);
      expect(await current(me.api, list, id)).toMatchObject({ repaid: 100, version: 1 });

      const ok = await me.api.post(`/${direction}/${update}`, {
        _id: id,
        version: 1,
        name: 'Ravi K',
      });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(ok.body.data).toMatchObject({ name: 'Ravi K', amount: 1000, version: 2 });

      expectStale(
        await me.api.post(`/${direction}/${update}`, { _id: id, version: 1, amount: 5000 }),
      );
      expect(await current(me.api, list, id)).toMatchObject({ amount: 1000, version: 2 });

      // A date sent alone is checked against the one kept.
      const early = await me.api.post(`/${direction}/${update}`, {
        _id: id,
        version: 2,
        repaymentDate: '2026-09-01',
      });
      expect(early.status).toBe(400);
      expect(early.body.message).toBe('repaymentDate must be on or after issueDate');

      const stranger = await signUp(server);
      expect(
        (await stranger.api.post(`/${direction}/${update}`, { _id: id, version: 2, name: 'x' }))
          .status,
      ).toBe(404);
    });
  }
});

describe('people', () => {
  const pms = '/company/getallpm';

  it("refuses a company's stale edit of its person, and a deactivation moves the version", async () => {
    const person = await addUser(server, company.api, 'Tara', 'pm');
    const edit = (version: number, fields: Record<string, unknown>) =>
      company.api.post('/company/edituser', { _id: person.id, version, ...fields });

    const ok = await edit(1, { mobile: '9000000001' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({ name: 'Tara', mobile: '9000000001', version: 2 });
    expectStale(await edit(1, { name: 'Old form' }));
    expect(await current(company.api, pms, person.id)).toMatchObject({ name: 'Tara', version: 2 });

    // Deactivated from the list's action: an edit form opened before is stale.
    expect(
      (await company.api.post(`/users/${person.id}/status`, { status: 'inactive' })).status,
    ).toBe(200);
    expect(await current(company.api, pms, person.id)).toMatchObject({
      status: 'inactive',
      version: 3,
    });
    expectStale(await edit(2, { status: 'active' }));

    const other = await otherCompany.api.post('/company/edituser', {
      _id: person.id,
      version: 3,
      name: 'x',
    });
    expect(other.status).toBe(404);
  });

  it("refuses an admin's stale edit of its company", async () => {
    const firm = await addUser(server, admin.api, 'Firm', 'company');
    const companies = '/user/getadminallcompany';
    const ok = await admin.api.post('/admin/editcompany', {
      _id: firm.id,
      version: 1,
      registration_number: 'REG-2',
    });
    expect(ok.body.data).toMatchObject({ name: 'Firm', registration_number: 'REG-2', version: 2 });
    expectStale(
      await admin.api.post('/admin/editcompany', { _id: firm.id, version: 1, name: 'Old' }),
    );
    expect(await current(admin.api, companies, firm.id)).toMatchObject({ name: 'Firm' });
  });

  it('refuses a stale profile edit from another tab', async () => {
    const me = await signUp(server, { name: 'Me' });
    expect(me.user.version).toBe(1);
    const ok = await me.api.post('/user/updateprofile', { version: 1, name: 'Me Again' });
    expect(ok.body.data).toMatchObject({ name: 'Me Again', email: me.email, version: 2 });
    expectStale(await me.api.post('/user/updateprofile', { version: 1, name: 'Older tab' }));
    expect((await me.api.get('/user/profile')).body.data).toMatchObject({
      name: 'Me Again',
      version: 2,
    });
    // The company's own details call is an edit of the same record.
    expectStale(
      await company.api.post('/company/updatecompany', { version: 99, name: 'Acme Ltd' }),
    );
  });
});

describe('the version sent', () => {
  it('is required, a whole number, and never a 500', async () => {
    const { _id } = (await company.api.get('/company/getcompanyallproject')).body.data[0];
    const cases: [unknown, string][] = [
      [undefined, 'version is required'],
      ['3', 'version must be a number'],
      [1.5, 'version must be a whole number'],
      [0, 'version must be at least 1'],
      [2 ** 40, 'version is too large'],
    ];
    for (const [version, message] of cases) {
      const res = await company.api.post('/company/updateproject', { _id, version, price: 1 });
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    const blank = await company.api.post('/company/updateproject', {
      _id,
      version: 1,
      projectName: '',
    });
    expect([blank.status, blank.body.message]).toEqual([400, 'projectName is required']);
  });
});
