import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, addUser, signUp, type Api } from './helpers';
import { useMailingServer } from './smtp';

/**
 * One rule for the e-mail someone signs in with: only the person changes it, on every call
 * that can (updateprofile, updatecompany, updateadmin), with their current password, a link
 * to the new address that applies it and then a revert link to the old one. A manager (an
 * admin its companies, a company its PMs) edits contact details but never that e-mail, so it
 * cannot point someone's account at a mailbox of its own and reset their password from there.
 */
const mailing = useMailingServer();
const { mailTo } = mailing;

const attackerBox = () => `attacker.${randomBytes(4).toString('hex')}@example.com`;
const MISSING = 'currentPassword is required to change your e-mail';

const mailsTo = (to: string, after = 0) =>
  mailing.smtp.received.slice(after).filter((m) => m.to.includes(to.toLowerCase())).length;

/**
 * Waits until the mail queued so far has gone out: a reset link asked for `sentinel` (a real
 * account) arrives after whatever was asked before it.
 */
async function mailSettled(sentinel: string) {
  const before = mailing.smtp.received.length;
  await mailing.server.api().post('/user/forgotpassword', { email: sentinel });
  await mailTo(sentinel, before);
}

const profileOf = async (api: Api) => (await api.get('/user/profile')).body.data;
const login = (email: string, password: string, userType: string) =>
  mailing.server.api().post('/user/loginuser', { email, password, userType });

interface Account {
  api: Api;
  email: string;
  password: string;
  role: 'admin' | 'company' | 'pm';
}

let admin: Account;
let company: Account;
let pm: Account;
let pmId: string;
let companyId: string;

beforeAll(async () => {
  const a = await signUp(mailing.server, { name: 'Admin' });
  admin = { api: a.api, email: a.email, password: a.password, role: 'admin' };
  const c = await addUser(mailing.server, admin.api, 'Acme', 'company');
  company = { api: c.api, email: c.email, password: PASSWORD, role: 'company' };
  companyId = c.id;
  const p = await addUser(mailing.server, company.api, 'Priya', 'pm');
  pm = { api: p.api, email: p.email, password: PASSWORD, role: 'pm' };
  pmId = p.id;
});

/** Every call by which someone can change their own e-mail, each as the role that may call it. */
const OWN_CALLS = [
  ['admin', '/admin/updateadmin'],
  ['company', '/company/updatecompany'],
  ['pm', '/user/updateprofile'],
  ['admin', '/user/updateprofile'],
] as const;
const who = (role: Account['role']) => ({ admin, company, pm })[role];

describe('changing the e-mail one signs in with', () => {
  it.each(OWN_CALLS)(
    '%s %s: refused without the current password or with a wrong one; nothing changes, nothing is mailed',
    async (role, path) => {
      const me = who(role);
      const target = attackerBox();
      const before = mailing.smtp.received.length;
      const { version } = await profileOf(me.api);

      const missing = await me.api.post(path, { version, email: target });
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe(MISSING);
      const empty = await me.api.post(path, { version, email: target, currentPassword: '' });
      expect(empty.status).toBe(400);
      expect(empty.body.message).toBe(MISSING);
      const wrong = await me.api.post(path, {
        version,
        email: target,
        currentPassword: 'not my password',
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe('Current password is incorrect');

      expect(await profileOf(me.api)).toMatchObject({ email: me.email, version });
      await mailSettled(me.email);
      expect(mailsTo(target, before)).toBe(0);
      expect((await login(target, me.password, role)).status).toBe(401);
    },
  );

  it.each(OWN_CALLS)(
    '%s %s: with the password, waits for the link to the new address, then tells the old one with a revert link',
    async (role, path) => {
      const me = who(role);
      const newEmail = `new.${randomBytes(4).toString('hex')}@example.com`;
      const before = mailing.smtp.received.length;
      const { version } = await profileOf(me.api);

      const asked = await me.api.post(path, {
        version,
        name: `Renamed ${role}`,
        email: newEmail,
        currentPassword: me.password,
      });
      expect(asked.status, JSON.stringify(asked.body)).toBe(200);
      expect(asked.body.pendingEmail).toBe(newEmail);
      expect(asked.body.message).toContain(`Open the link we sent to ${newEmail}`);
      // The other fields are saved; the e-mail is not, yet.
      expect(asked.body.data).toMatchObject({ name: `Renamed ${role}`, email: me.email });
      expect(await profileOf(me.api)).toMatchObject({ name: `Renamed ${role}`, email: me.email });

      const confirmation = await mailTo(newEmail, before);
      const token = /\/confirm-email\?token=([\w-]+)/.exec(confirmation)![1]!;
      // Until the link is opened the account signs in, and is reset, at the old address only.
      expect((await login(newEmail, me.password, role)).status).toBe(401);
      expect(mailsTo(me.email, before)).toBe(0);

      const confirmed = await mailing.server.api().post('/user/email/confirm', { token });
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      expect(confirmed.body.message).toBe(
        `Your e-mail is now ${newEmail}. Use it to log in from now on.`,
      );
      expect((await profileOf(me.api)).email).toBe(newEmail);
      expect((await login(newEmail, me.password, role)).status).toBe(200);
      const twice = await mailing.server.api().post('/user/email/confirm', { token });
      expect(twice.status).toBe(400);

      const notice = await mailTo(me.email, before);
      expect(notice).toContain(`from ${me.email} to ${newEmail}`);
      const revert = /\/revert-email\?token=([\w-]+)/.exec(notice)![1]!;
      const reverted = await mailing.server.api().post('/user/email/revert', { token: revert });
      expect(reverted.status).toBe(200);
      // Putting it back signs every session out: the account signs in again at its old address.
      const back = await login(me.email, me.password, role);
      expect(back.status).toBe(200);
      me.api = mailing.server.api(back.body.data.token);
      expect((await profileOf(me.api)).email).toBe(me.email);
    },
  );

  it('keeps name-only edits (and the same e-mail sent back) free of the password', async () => {
    const { version } = await profileOf(company.api);
    const renamed = await company.api.post('/company/updatecompany', {
      version,
      name: 'Acme Builders',
      email: company.email,
      mobile: '9000000001',
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.message).toBe('Details updated successfully');
    expect(renamed.body).not.toHaveProperty('pendingEmail');
    expect(renamed.body.data).toMatchObject({ name: 'Acme Builders', mobile: '9000000001' });
    const admins = await admin.api.post('/admin/updateadmin', {
      version: (await profileOf(admin.api)).version,
      registration_number: 'ADM-2',
    });
    expect(admins.status).toBe(200);
    const pms = await pm.api.post('/user/updateprofile', {
      version: (await profileOf(pm.api)).version,
      name: 'Priya Menon',
    });
    expect(pms.body.message).toBe('Profile updated successfully');
  });

  it('a newer request replaces one still waiting; a new address taken meanwhile is refused', async () => {
    const before = mailing.smtp.received.length;
    const first = `first.${randomBytes(4).toString('hex')}@example.com`;
    const second = `second.${randomBytes(4).toString('hex')}@example.com`;
    for (const email of [first, second]) {
      const res = await admin.api.post('/user/updateprofile', {
        version: (await profileOf(admin.api)).version,
        email,
        currentPassword: admin.password,
      });
      expect(res.status).toBe(200);
    }
    const tokenOf = async (to: string) =>
      /\/confirm-email\?token=([\w-]+)/.exec(await mailTo(to, before))![1]!;
    const stale = await mailing.server
      .api()
      .post('/user/email/confirm', { token: await tokenOf(first) });
    expect(stale.status).toBe(400);
    expect(stale.body.message).toBe('This link is invalid, used or has expired.');

    const token = await tokenOf(second);
    await mailing.server.api().post('/user/registeruser', {
      name: 'Taker',
      email: second,
      password: 'some password',
      cpassword: 'some password',
    });
    const taken = await mailing.server.api().post('/user/email/confirm', { token });
    expect(taken.status).toBe(409);
    expect((await profileOf(admin.api)).email).toBe(admin.email);
    // Asking for an address another account has is refused at once.
    const refused = await admin.api.post('/user/updateprofile', {
      version: (await profileOf(admin.api)).version,
      email: second,
      currentPassword: admin.password,
    });
    expect(refused.status).toBe(409);
  });
});

describe('a manager and the e-mail of someone who signs in', () => {
  const versionOf = async (api: Api, list: string, id: string) =>
    (await api.get(`${list}?id=${id}`)).body.data[0].version as number;
  /** Who manages whom, by which call, and what refuses a new sign-in e-mail. */
  const MANAGERS = [
    {
      manager: 'company',
      whom: 'its PM',
      api: () => company.api,
      path: '/company/edituser',
      list: '/company/getallpm',
      id: () => pmId,
      victim: () => pm,
      refusal:
        'email can only be changed by the PM, on their Profile: it is the address they sign in with.',
    },
    {
      manager: 'admin',
      whom: 'its company',
      api: () => admin.api,
      path: '/admin/editcompany',
      list: '/user/getadminallcompany',
      id: () => companyId,
      victim: () => company,
      refusal:
        'email can only be changed by the company itself, on its Profile: it is the address it signs in with.',
    },
  ];

  it.each(MANAGERS)(
    'a $manager cannot change the e-mail of $whom; their other details save',
    async ({ api, path, list, id, victim, refusal }) => {
      const version = await versionOf(api(), list, id());
      const edit = (email: string) =>
        api().post(path, { _id: id(), version, email, mobile: '9111111111' });
      const refused = await edit(attackerBox());
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(refusal);
      expect(await profileOf(victim().api)).toMatchObject({ email: victim().email, version });
      // The same address (as the edit forms sent it back) saves the rest, and stays as it is.
      const same = await edit(victim().email.toUpperCase());
      expect(same.status, JSON.stringify(same.body)).toBe(200);
      expect(same.body.data).toMatchObject({ email: victim().email, mobile: '9111111111' });
    },
  );

  it('keeps the e-mail of people who do not sign in editable', async () => {
    for (const userType of ['tl', 'employee', 'team', 'other']) {
      const created = await company.api.post('/user/createUser', {
        name: `Staff ${userType}`,
        email: `${userType}.${randomBytes(3).toString('hex')}@example.com`,
        mobile: '9876543210',
        registration_number: `R-${userType}`,
        userType,
      });
      expect(created.status).toBe(201);
      const email = `${userType}.moved.${randomBytes(3).toString('hex')}@example.com`;
      const res = await company.api.post('/company/edituser', {
        _id: created.body.data._id,
        version: created.body.data.version,
        email,
      });
      expect(res.status, `${userType}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.data.email).toBe(email);
    }
  });

  it.each(MANAGERS)(
    'a $manager cannot take over $whom: the e-mail stays, no reset link reaches the attacker, sign-in fails',
    async ({ api, path, list, id, victim }) => {
      const box = attackerBox();
      const chosen = 'chosen by the manager';
      const before = mailing.smtp.received.length;
      const version = await versionOf(api(), list, id());
      // 1. Point the account at a mailbox of the manager's (and slip a password in).
      const edit = await api().post(path, {
        _id: id(),
        version,
        email: box,
        password: chosen,
        newPassword: chosen,
      });
      expect(edit.status).toBe(400);
      // 2. Ask for a reset link at that mailbox.
      const forgot = await mailing.server.api().post('/user/forgotpassword', { email: box });
      expect(forgot.status).toBe(200);
      await mailSettled(victim().email);
      expect(mailsTo(box, before)).toBe(0);
      // 3. Sign in as them: neither the new address nor a password of the manager's works.
      const role = victim().role;
      expect((await login(box, chosen, role)).status).toBe(401);
      expect((await login(box, victim().password, role)).status).toBe(401);
      expect((await login(victim().email, chosen, role)).status).toBe(401);
      // The victim still signs in as before.
      expect((await login(victim().email, victim().password, role)).status).toBe(200);
    },
  );
});
