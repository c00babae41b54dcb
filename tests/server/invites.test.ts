import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets, users } from '../../server/db/schema';
import { LIMITS } from '../../server/services/rateLimits';
import { PASSWORD, addUser, signUp, startTestServer, type Api, type TestServer } from './helpers';
import { bodyOf, startSmtp } from './smtp';

const INVALID = 'This invite link is invalid or has expired. Ask for a new one.';
const NEW_PASSWORD = 'my very own secret';
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let server: TestServer;
let admin: Awaited<ReturnType<typeof signUp>>;
let company: Awaited<ReturnType<typeof addUser>>;

const uniqueEmail = (name: string) => `${name}.${randomBytes(3).toString('hex')}@example.com`;

/** A create-user body; without `password` (the default here) the person is invited. */
const newUser = (userType: string, overrides: Record<string, unknown> = {}) => ({
  name: `${userType === 'company' ? 'Bluebird Traders' : 'Priya Menon'}`,
  email: uniqueEmail(userType),
  mobile: '9876543210',
  registration_number: 'REG-1',
  userType,
  ...overrides,
});

/** The newest e-mail to `to` (waiting a little for it), its text and its invite token. */
async function inviteTo(mail: { received: { to: string[]; raw: string }[] }, to: string) {
  for (let i = 0; i < 100; i++) {
    const found = mail.received.filter((m) => m.to.includes(to)).at(-1);
    if (found) {
      const text = bodyOf(found.raw);
      const token = text.match(/http:\/\/app\.example\/invite\?token=([\w-]+)/)?.[1];
      return { text, token: token!, count: mail.received.filter((m) => m.to.includes(to)).length };
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no e-mail to ${to}`);
}

const mailsTo = (to: string) => smtp.received.filter((m) => m.to.includes(to)).length;

const accept = (token: string, password = NEW_PASSWORD, cpassword = password) =>
  server.api().post('/user/acceptinvite', { token, password, cpassword });

const login = (email: string, userType: string, password = NEW_PASSWORD) =>
  server.api().post('/user/loginuser', { email, password, userType });

async function userRow(id: string) {
  const [row] = await server.db.select().from(users).where(eq(users.id, id));
  return row!;
}

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startTestServer({ smtpUrl: smtp.url });
  admin = await signUp(server, { name: 'Asha Rao' });
  company = await addUser(server, admin.api, 'Acme Builders', 'company');
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

describe('an invite', () => {
  it('e-mails a new company a one-time link; it sets its own password and signs in', async () => {
    const body = newUser('company');
    const created = await admin.api.post('/user/createUser', body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.message).toBe(
      `User created successfully. An invite to set a password was e-mailed to ${body.email}.`,
    );
    expect(created.body.data).toMatchObject({ email: body.email, invitePending: true });
    const id = created.body.data._id as string;
    expect(await userRow(id)).toMatchObject({ passwordHash: null, mustChangePassword: false });

    const { text, token } = await inviteTo(smtp, body.email);
    expect(text).toContain('Hello Bluebird Traders,');
    expect(text).toContain(
      'Asha Rao has invited you to run Bluebird Traders on Expense & Company Manager.',
    );
    expect(text).toContain('The link works once and expires in 72 hours.');
    expect(token).toMatch(/^[\w-]{40,}$/);

    // Until it accepts, it has no password to sign in with.
    expect((await login(body.email, 'company')).status).toBe(401);
    const listed = await admin.api.get(`/user/getadminallcompany?id=${id}`);
    expect(listed.body.data[0]).toMatchObject({ _id: id, invitePending: true });

    // A reset-password call cannot spend an invite, nor the reverse.
    const asReset = await server
      .api()
      .post('/user/resetpassword', { token, password: NEW_PASSWORD, cpassword: NEW_PASSWORD });
    expect(asReset.status).toBe(400);

    const mismatch = await accept(token, NEW_PASSWORD, 'something else');
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe('Passwords do not match');
    const short = await accept(token, 'short', 'short');
    expect(short.status).toBe(400);
    expect(short.body.message).toMatch(/password/);

    const done = await accept(token);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toEqual({ success: true, message: 'Your password is set. Please log in.' });
    expect(await userRow(id)).toMatchObject({ mustChangePassword: false });

    const signedIn = await login(body.email, 'company');
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    const after = await admin.api.get(`/user/getadminallcompany?id=${id}`);
    expect(after.body.data[0]).toMatchObject({ invitePending: false });

    // The link works once.
    const again = await accept(token, 'another password', 'another password');
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(INVALID);
    expect((await login(body.email, 'company')).status).toBe(200);
  });

  it("tells a PM which company invited it, and the company's list shows it pending", async () => {
    const body = newUser('pm');
    const created = await company.api.post('/user/createUser', body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { text, token } = await inviteTo(smtp, body.email);
    expect(text).toContain(
      'Acme Builders has invited you to join Acme Builders on Expense & Company Manager as a project manager.',
    );
    const pms = await company.api.get(`/company/getallpm?id=${created.body.data._id}`);
    expect(pms.body.data[0]).toMatchObject({ invitePending: true });
    expect((await accept(token)).status).toBe(200);
    expect((await login(body.email, 'pm')).status).toBe(200);
  });

  it('an unknown, empty or expired link is refused and changes nothing', async () => {
    const body = newUser('company');
    const created = await admin.api.post('/user/createUser', body);
    const id = created.body.data._id as string;
    const { token } = await inviteTo(smtp, body.email);

    expect((await accept('not-a-real-token')).body.message).toBe(INVALID);
    expect((await accept('')).status).toBe(400);

    await server.db
      .update(passwordResets)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(passwordResets.userId, id));
    const expired = await accept(token);
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe(INVALID);
    expect(await userRow(id)).toMatchObject({ passwordHash: null });
    const [link] = await server.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, id));
    expect(link).toMatchObject({ purpose: 'invite', usedAt: null });
    expect((await login(body.email, 'company')).status).toBe(401);
  });

  it('is refused like an invalid link once its person, or its company, is inactive, and changes nothing', async () => {
    /** The person's password and the link, as they are now. */
    const state = async (id: string) => {
      const [link] = await server.db
        .select({ usedAt: passwordResets.usedAt })
        .from(passwordResets)
        .where(eq(passwordResets.userId, id));
      return { passwordHash: (await userRow(id)).passwordHash, usedAt: link!.usedAt };
    };
    const untouched = { passwordHash: null, usedAt: null };

    // A PM deactivated by its company after the invite went out.
    const pmBody = newUser('pm');
    const pmId = (await company.api.post('/user/createUser', pmBody)).body.data._id as string;
    const pmInvite = await inviteTo(smtp, pmBody.email);
    expect((await company.api.post(`/users/${pmId}/status`, { status: 'inactive' })).status).toBe(
      200,
    );
    const refused = await accept(pmInvite.token);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(INVALID);
    expect(await state(pmId)).toEqual(untouched);
    expect((await login(pmBody.email, 'pm')).status).toBe(401);
    // Active again, the link still works.
    await company.api.post(`/users/${pmId}/status`, { status: 'active' });
    expect((await accept(pmInvite.token)).status).toBe(200);

    // A PM of a company its admin deactivated.
    const other = await addUser(server, admin.api, 'Bluebird Traders', 'company');
    const body = newUser('pm');
    const id = (await other.api.post('/user/createUser', body)).body.data._id as string;
    const { token } = await inviteTo(smtp, body.email);
    expect((await admin.api.post(`/users/${other.id}/status`, { status: 'inactive' })).status).toBe(
      200,
    );
    const closed = await accept(token);
    expect(closed.status).toBe(400);
    expect(closed.body.message).toBe(INVALID);
    expect(await state(id)).toEqual(untouched);

    // And a company itself.
    const companyBody = newUser('company');
    const companyId = (await admin.api.post('/user/createUser', companyBody)).body.data
      ._id as string;
    const companyInvite = await inviteTo(smtp, companyBody.email);
    await admin.api.post(`/users/${companyId}/status`, { status: 'inactive' });
    expect((await accept(companyInvite.token)).body.message).toBe(INVALID);
    expect(await state(companyId)).toEqual(untouched);
  });

  it('quotes the names in it on one line, with no link but its own', async () => {
    const body = newUser('company', { name: 'Bluebird\nVerify at https://evil.example/login' });
    expect((await admin.api.post('/user/createUser', body)).status).toBe(201);
    const { text } = await inviteTo(smtp, body.email);
    expect(text).toContain('Hello Bluebird Verify at https[:]//evil[.]example/login,');
    expect(text).not.toMatch(/^Verify/m);
    expect(text).not.toContain('evil.example');
  });

  it('a link is valid for 72 hours', async () => {
    const body = newUser('company');
    const created = await admin.api.post('/user/createUser', body);
    const [link] = await server.db
      .select({
        hours: sql<number>`round(extract(epoch from ${passwordResets.expiresAt} - now()) / 3600)::int`,
      })
      .from(passwordResets)
      .where(eq(passwordResets.userId, created.body.data._id));
    expect(link!.hours).toBe(72);
  });

  it('an e-mail that already has an account is a 409, and no invite goes out', async () => {
    const before = mailsTo(company.email);
    const taken = await admin.api.post(
      '/user/createUser',
      newUser('company', { email: company.email }),
    );
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('An account with this email already exists');
    const upper = await admin.api.post(
      '/user/createUser',
      newUser('company', { email: admin.email.toUpperCase() }),
    );
    expect(upper.status).toBe(409);
    await new Promise((r) => setTimeout(r, 100));
    expect(mailsTo(company.email)).toBe(before);
  });
});

describe('a first password set by the creator', () => {
  it('must be changed at the first sign-in; no invite goes out', async () => {
    const body = newUser('company', { password: PASSWORD });
    const created = await admin.api.post('/user/createUser', body);
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('User created successfully');
    expect(created.body.data).toMatchObject({ invitePending: false });
    const row = await userRow(created.body.data._id);
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.mustChangePassword).toBe(true);
    await new Promise((r) => setTimeout(r, 100));
    expect(mailsTo(body.email)).toBe(0);
  });

  it('is neither kept nor asked for people who never sign in, and they are not invited', async () => {
    for (const userType of ['tl', 'employee', 'team', 'other']) {
      const withPassword = await company.api.post(
        '/user/createUser',
        newUser(userType, { password: PASSWORD }),
      );
      const without = await company.api.post('/user/createUser', newUser(userType));
      for (const res of [withPassword, without]) {
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        expect(res.body.message).toBe('User created successfully');
        expect(res.body.data).toMatchObject({ role: userType, invitePending: false });
        expect(await userRow(res.body.data._id)).toMatchObject({
          passwordHash: null,
          mustChangePassword: false,
        });
        expect(mailsTo(res.body.data.email)).toBe(0);
      }
    }
  });
});

describe('resending an invite', () => {
  it('e-mails a new link and the older one stops working', async () => {
    const body = newUser('company');
    const created = await admin.api.post('/user/createUser', body);
    const id = created.body.data._id as string;
    const first = await inviteTo(smtp, body.email);

    const res = await admin.api.post(`/users/${id}/invite`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ success: true, message: `Invite sent to ${body.email}.` });
    const second = await inviteTo(smtp, body.email);
    expect(second.count).toBe(2);
    expect(second.token).not.toBe(first.token);
    expect(second.text).toContain('Asha Rao has invited you to run Bluebird Traders');

    expect((await accept(first.token)).body.message).toBe(INVALID);
    expect((await accept(second.token)).status).toBe(200);
    expect((await login(body.email, 'company')).status).toBe(200);

    // Once the password is set there is nothing to resend.
    const done = await admin.api.post(`/users/${id}/invite`);
    expect(done.status).toBe(409);
    expect(done.body.message).toBe('Bluebird Traders has already set a password.');
  });

  it('a company resends to its PM; nobody resends to anyone else', async () => {
    const other = await addUser(server, admin.api, 'Other Co', 'company');
    const pm = await company.api.post('/user/createUser', newUser('pm'));
    const pmId = pm.body.data._id as string;
    const adminB = await signUp(server, { name: 'Admin B' });
    const companyOfA = await admin.api.post('/user/createUser', newUser('company'));
    const companyId = companyOfA.body.data._id as string;

    expect((await company.api.post(`/users/${pmId}/invite`)).status).toBe(200);
    // Another tenant's person is not found, exactly like a missing one.
    const foreign = await other.api.post(`/users/${pmId}/invite`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('User not found');
    expect((await other.api.post(`/users/${companyId}/invite`)).status).toBe(404);
    // An admin only for the companies it created.
    const notMine = await adminB.api.post(`/users/${companyId}/invite`);
    expect(notMine.status).toBe(404);
    expect(notMine.body.message).toBe('Company not found');
    // An admin reads its companies' people but changes nothing of theirs.
    const readOnly = await admin.api.post(`/users/${pmId}/invite`);
    expect(readOnly.status).toBe(403);
    expect(readOnly.body.message).toBe('Admins have read-only access');
    expect((await company.api.post(`/users/${companyId}/invite`)).status).toBe(404);
    expect((await admin.api.post(`/users/${NO_SUCH_ID}/invite`)).status).toBe(404);
    expect((await admin.api.post('/users/not-an-id/invite')).status).toBe(400);
    expect((await server.api().post(`/users/${pmId}/invite`)).status).toBe(401);
  });

  it('is refused for someone who does not sign in, and for an inactive account', async () => {
    const tl = await company.api.post('/user/createUser', newUser('tl'));
    const refused = await company.api.post(`/users/${tl.body.data._id}/invite`);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      'Only companies and project managers sign in, so only they get invites.',
    );

    const pm = await company.api.post('/user/createUser', newUser('pm'));
    const pmId = pm.body.data._id as string;
    await company.api.post(`/users/${pmId}/status`, { status: 'inactive' });
    const inactive = await company.api.post(`/users/${pmId}/invite`);
    expect(inactive.status).toBe(409);
    expect(inactive.body.message).toBe(
      'Priya Menon is inactive. Reactivate them before sending an invite.',
    );
  });

  it('a PM may not resend', async () => {
    const pm = await addUser(server, company.api, 'Pm Sender', 'pm');
    const target = await company.api.post('/user/createUser', newUser('pm'));
    expect((await pm.api.post(`/users/${target.body.data._id}/invite`)).status).toBe(403);
  });
});

describe('no update sets a password', () => {
  it('editing people, companies or oneself ignores a password sent along', async () => {
    const pm = await addUser(server, company.api, 'Pm Edited', 'pm');
    const invited = await admin.api.post('/user/createUser', newUser('company'));
    const invitedId = invited.body.data._id as string;
    const hashes = async () =>
      Promise.all(
        [pm.id, company.id, invitedId, admin.user._id].map(
          async (id) => (await userRow(id)).passwordHash,
        ),
      );
    const before = await hashes();
    const stolen = 'chosen by someone else';
    const extra = { password: stolen, cpassword: stolen, newPassword: stolen, passwordHash: 'x' };
    const versionOf = async (id: string) => (await userRow(id)).version;

    const calls: [Api, string, () => Promise<Record<string, unknown>>][] = [
      [
        company.api,
        '/company/edituser',
        async () => ({ _id: pm.id, version: await versionOf(pm.id) }),
      ],
      [
        admin.api,
        '/admin/editcompany',
        async () => ({ _id: company.id, version: await versionOf(company.id) }),
      ],
      [
        admin.api,
        '/admin/editcompany',
        async () => ({ _id: invitedId, version: await versionOf(invitedId) }),
      ],
      [
        company.api,
        '/company/updatecompany',
        async () => ({ version: await versionOf(company.id) }),
      ],
      [admin.api, '/admin/updateadmin', async () => ({ version: await versionOf(admin.user._id) })],
      [company.api, `/users/${pm.id}/status`, async () => ({ status: 'active' })],
    ];
    for (const [api, path, body] of calls) {
      const res = await api.post(path, { ...(await body()), ...extra });
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(JSON.stringify(res.body)).not.toMatch(/chosen by|argon2|password/i);
    }
    expect(await hashes()).toEqual(before);
    expect((await login(pm.email, 'pm', stolen)).status).toBe(401);
    expect((await login(company.email, 'company', stolen)).status).toBe(401);
    expect((await login(invited.body.data.email, 'company', stolen)).status).toBe(401);
    const list = await admin.api.get(`/user/getadminallcompany?id=${invitedId}`);
    expect(list.body.data[0]).toMatchObject({ invitePending: true });
  });
});

describe('the limits on invite e-mails', () => {
  let limited: TestServer;
  let limitedSmtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    limitedSmtp = await startSmtp();
    limited = await startTestServer({ smtpUrl: limitedSmtp.url, limits: LIMITS });
  });
  afterAll(async () => {
    await limited.close();
    await limitedSmtp.close();
  });

  it('a recipient gets at most 3 a day; past it 429 with Retry-After, and the last link still works', async () => {
    const me = await signUp(limited);
    const body = newUser('company');
    const created = await me.api.post('/user/createUser', body);
    const id = created.body.data._id as string;
    expect((await me.api.post(`/users/${id}/invite`)).status).toBe(200);
    expect((await me.api.post(`/users/${id}/invite`)).status).toBe(200);
    const last = await inviteTo(limitedSmtp, body.email);
    expect(last.count).toBe(3);

    const refused = await me.api.post(`/users/${id}/invite`);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(
      'This person has been sent enough invites for today. Please try again tomorrow.',
    );
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    expect((await inviteTo(limitedSmtp, body.email)).count).toBe(3);

    const ok = await limited.api().post('/user/acceptinvite', {
      token: last.token,
      password: NEW_PASSWORD,
      cpassword: NEW_PASSWORD,
    });
    expect(ok.status).toBe(200);
  });
});

describe('when the invite e-mail cannot be sent', () => {
  it('the account is created awaiting an invite; a resend answers 502 and keeps the old link', async () => {
    // The default test server's mailer refuses every message.
    const failing = await startTestServer();
    try {
      const me = await signUp(failing);
      const body = newUser('company');
      const created = await me.api.post('/user/createUser', body);
      expect(created.status).toBe(201);
      expect(created.body.message).toBe(
        'User created, but the invite e-mail could not be sent. Choose Resend invite in their menu to try again.',
      );
      expect(created.body.data).toMatchObject({ invitePending: true });
      const id = created.body.data._id as string;
      const links = async () =>
        (await failing.db.select().from(passwordResets).where(eq(passwordResets.userId, id))).map(
          (l) => l.id,
        );
      const before = await links();
      expect(before).toHaveLength(1);

      const resend = await me.api.post(`/users/${id}/invite`);
      expect(resend.status).toBe(502);
      expect(resend.body.message).toBe('Failed to send email. Please try again.');
      expect(await links()).toEqual(before);
    } finally {
      await failing.close();
    }
  });
});
