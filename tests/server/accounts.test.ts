import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, passwordResets, sessions, users } from '../../server/db/schema';
import { purgeEnded } from '../../server/services/sessions';
import { LIMITS } from '../../server/services/rateLimits';
import { addUser, signUp, startTestServer, type TestServer } from './helpers';
import { useMailingServer } from './smtp';

const mailing = useMailingServer();
const { mailTo } = mailing;
let smtp: typeof mailing.smtp;
let server: TestServer;
beforeAll(() => {
  ({ smtp, server } = mailing);
});

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** Signs in as `who` from a browser; the session's API client. */
async function loginFrom(
  who: { email: string; password: string },
  userAgent: string,
  extra: Record<string, unknown> = {},
) {
  const res = await server.api(undefined, { 'user-agent': userAgent }).post('/user/loginuser', {
    email: who.email,
    password: who.password,
    userType: 'admin',
    ...extra,
  });
  expect(res.status).toBe(200);
  return {
    token: res.body.data.token as string,
    api: server.api(res.body.data.token, { 'user-agent': userAgent }),
  };
}

const codeFor = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

describe('sessions on Profile', () => {
  it('lists where the account is signed in, and signs one or all others out', async () => {
    const me = await signUp(server);
    const chrome = await loginFrom(me, CHROME, { remember: true });
    const firefox = await loginFrom(me, FIREFOX);

    const list = await chrome.api.get('/user/sessions');
    expect(list.status).toBe(200);
    const mine = list.body.data as {
      _id: string;
      device: string;
      current: boolean;
      remembered: boolean;
      address: string;
    }[];
    expect(mine).toHaveLength(3);
    const current = mine.find((s) => s.current)!;
    expect(current).toMatchObject({
      device: 'Chrome 131 on Windows 10',
      remembered: true,
      address: '127.0.0.1',
    });
    const other = mine.find((s) => s.device === 'Firefox 133 on Linux')!;
    expect(other).toMatchObject({ current: false, remembered: false });

    expect((await chrome.api.post(`/user/sessions/${other._id}/end`)).status).toBe(200);
    const ended = await firefox.api.get('/user/profile');
    expect(ended.status).toBe(401);
    expect(ended.body.message).toBe('Your session has ended. Please log in again.');

    // Somebody else's session is not found, and stays open.
    const stranger = await signUp(server);
    expect((await stranger.api.post(`/user/sessions/${current._id}/end`)).status).toBe(404);
    expect((await chrome.api.get('/user/profile')).status).toBe(200);

    expect((await chrome.api.post('/user/sessions/end-others')).status).toBe(200);
    expect((await me.api.get('/user/profile')).status).toBe(401);
    expect((await chrome.api.get('/user/sessions')).body.data).toHaveLength(1);
  });

  it('ends a session that is not remembered after 12 idle hours; a call moves that on', async () => {
    const me = await signUp(server);
    const short = await loginFrom(me, FIREFOX);
    const [row] = await server.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, me.user._id))
      .orderBy(sql`${sessions.createdAt} desc`)
      .limit(1);
    const hours = (row!.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThanOrEqual(12);

    // Used 2 minutes ago: this call marks it used and gives it 12 more hours.
    await server.db
      .update(sessions)
      .set({
        lastUsedAt: sql`now() - interval '2 minutes'`,
        expiresAt: sql`now() + interval '1 hour'`,
      })
      .where(eq(sessions.id, row!.id));
    expect((await short.api.get('/user/profile')).status).toBe(200);
    const [moved] = await server.db.select().from(sessions).where(eq(sessions.id, row!.id));
    expect(Date.now() - moved!.lastUsedAt.getTime()).toBeLessThan(10_000);
    expect((moved!.expiresAt.getTime() - Date.now()) / 3_600_000).toBeGreaterThan(11.9);

    // Within the minute, a call writes nothing.
    await short.api.get('/user/profile');
    const [same] = await server.db.select().from(sessions).where(eq(sessions.id, row!.id));
    expect(same!.lastUsedAt.getTime()).toBe(moved!.lastUsedAt.getTime());

    // Idle past its end: the next call is refused.
    await server.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.id, row!.id));
    expect((await short.api.get('/user/profile')).status).toBe(401);
  });

  it('purges ended sessions and spent links on its schedule, and keeps the rest', async () => {
    const me = await signUp(server);
    const old = await loginFrom(me, CHROME);
    await server.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '2 days'` })
      .where(eq(sessions.tokenHash, createHash('sha256').update(old.token).digest('hex')));
    await server.db.insert(passwordResets).values({
      userId: me.user._id,
      tokenHash: `spent-${me.user._id}`,
      expiresAt: new Date(Date.now() - 3 * 86_400_000),
    });
    const count = async () =>
      (
        await server.db
          .select({ n: sql<number>`count(*)::int` })
          .from(sessions)
          .where(eq(sessions.userId, me.user._id))
      )[0]!.n;
    expect(await count()).toBe(2);
    await purgeEnded(server.db);
    expect(await count()).toBe(1);
    expect(
      await server.db.select().from(passwordResets).where(eq(passwordResets.userId, me.user._id)),
    ).toHaveLength(0);
    expect((await me.api.get('/user/profile')).status).toBe(200);
  });
});

describe('sign-in history', () => {
  it('keeps sign-ins and failed attempts with why; the right password of another type says which', async () => {
    const me = await signUp(server);
    const anon = server.api(undefined, { 'user-agent': CHROME });
    await anon.post('/user/loginuser', {
      email: me.email,
      password: 'not it at all',
      userType: 'admin',
    });
    const wrongType = await anon.post('/user/loginuser', {
      email: me.email,
      password: me.password,
      userType: 'company',
    });
    expect(wrongType.status).toBe(401);
    expect(wrongType.body.message).toBe('This account signs in as Admin.');
    // A wrong password with the wrong type says nothing of the type.
    const guess = await anon.post('/user/loginuser', {
      email: me.email,
      password: 'guess',
      userType: 'company',
    });
    expect(guess.body.message).toBe('Invalid email or password');
    await loginFrom(me, CHROME);

    const history = (await me.api.get('/user/signins')).body.data as {
      outcome: string;
      device: string;
    }[];
    expect(history.slice(0, 4).map((h) => h.outcome)).toEqual([
      'success',
      'password',
      'role',
      'password',
    ]);
    expect(history[0]!.device).toBe('Chrome 131 on Windows 10');
    // Another account's history is not in it.
    const other = await signUp(server);
    expect((await other.api.get('/user/signins')).body.data).toHaveLength(1);
  });
});

describe('changing e-mail or password', () => {
  /** Changes `me`'s e-mail as its owner does: the password, then the link mailed to the new address. */
  async function changeEmail(
    me: Awaited<ReturnType<typeof signUp>>,
    newEmail: string,
    version = me.user.version,
  ) {
    const before = smtp.received.length;
    const asked = await me.api.post('/user/updateprofile', {
      version,
      email: newEmail,
      currentPassword: me.password,
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.pendingEmail).toBe(newEmail);
    const token = /confirm-email\?token=([\w-]+)/.exec(await mailTo(newEmail, before))![1]!;
    const confirmed = await server.api().post('/user/email/confirm', { token });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    return before;
  }

  it('needs the current password for a new e-mail, confirms it from the new address, tells the old one, and its link puts it back', async () => {
    const me = await signUp(server);
    const newEmail = `moved.${me.email}`;
    const version = me.user.version;
    const missing = await me.api.post('/user/updateprofile', { version, email: newEmail });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('currentPassword is required to change your e-mail');
    const wrong = await me.api.post('/user/updateprofile', {
      version,
      email: newEmail,
      currentPassword: 'nope nope',
    });
    expect(wrong.body.message).toBe('Current password is incorrect');
    // A name alone needs no password.
    const renamed = await me.api.post('/user/updateprofile', { version, name: 'Renamed' });
    expect(renamed.status).toBe(200);

    const before = await changeEmail(me, newEmail, renamed.body.data.version);
    expect((await me.api.get('/user/profile')).body.data.email).toBe(newEmail);
    const mail = await mailTo(me.email, before);
    expect(mail).toContain(`from ${me.email} to ${newEmail}`);
    const token = /revert-email\?token=([\w-]+)/.exec(mail)![1]!;

    const reverted = await server.api().post('/user/email/revert', { token });
    expect(reverted.status).toBe(200);
    expect(reverted.body.message).toContain(me.email);
    expect((await me.api.get('/user/profile')).status).toBe(401);
    const again = await server
      .api()
      .post('/user/loginuser', { email: me.email, password: me.password, userType: 'admin' });
    expect(again.status).toBe(200);
    const twice = await server.api().post('/user/email/revert', { token });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe('This link is invalid, used or has expired.');
  });

  it('refuses to revert to an address another account has taken since, and changes nothing', async () => {
    const me = await signUp(server);
    const moved = `elsewhere.${me.email}`;
    const before = await changeEmail(me, moved);
    const token = /revert-email\?token=([\w-]+)/.exec(await mailTo(me.email, before))![1]!;
    await server.api().post('/user/registeruser', {
      name: 'Taker',
      email: me.email,
      password: 'some password',
      cpassword: 'some password',
    });
    const res = await server.api().post('/user/email/revert', { token });
    expect(res.status).toBe(409);
    expect((await me.api.get('/user/profile')).body.data.email).toBe(moved);
  });

  it('ends the unused reset links of the old address when the e-mail changes', async () => {
    const me = await signUp(server);
    const before = smtp.received.length;
    await server.api().post('/user/forgotpassword', { email: me.email });
    const token = /reset-password\?token=([\w-]+)/.exec(await mailTo(me.email, before))![1]!;
    await changeEmail(me, `elsewhere2.${me.email}`);
    const reset = await server.api().post('/user/resetpassword', {
      token,
      password: 'taken over now',
      cpassword: 'taken over now',
    });
    expect(reset.status).toBe(400);
  });

  it('tells the owner when the password changes', async () => {
    const me = await signUp(server);
    const before = smtp.received.length;
    const res = await me.api.post('/user/updatepassword', {
      currentPassword: me.password,
      newPassword: 'another fine password',
      confirmPassword: 'another fine password',
    });
    expect(res.status).toBe(200);
    expect(await mailTo(me.email, before)).toContain(
      'The password of your account was just changed',
    );
  });

  it('makes a person change a password someone else chose before anything else', async () => {
    const admin = await signUp(server);
    const email = `given.${admin.email}`;
    await admin.api.post('/user/createUser', {
      name: 'Given Co',
      email,
      password: 'chosen by admin',
      mobile: '9876543210',
      registration_number: 'REG-1',
      userType: 'company',
    });
    const login = await server
      .api()
      .post('/user/loginuser', { email, password: 'chosen by admin', userType: 'company' });
    expect(login.body.data.user.pending).toBe('password');
    const co = server.api(login.body.data.token);
    const refused = await co.get('/expense/getuserallexpenses');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'Please change your password first: it was set by someone else.',
    );
    const same = await co.post('/user/updatepassword', {
      currentPassword: 'chosen by admin',
      newPassword: 'chosen by admin',
      confirmPassword: 'chosen by admin',
    });
    expect(same.status).toBe(400);
    const mine = await co.post('/user/updatepassword', {
      currentPassword: 'chosen by admin',
      newPassword: 'my very own password',
      confirmPassword: 'my very own password',
    });
    expect(mine.status).toBe(200);
    expect((await co.get('/user/profile')).body.data.pending).toBeNull();
    expect((await co.get('/expense/getuserallexpenses')).status).toBe(200);
  });
});

describe('two-factor sign-in', () => {
  async function turnOn(api: ReturnType<TestServer['api']>, password: string) {
    const setup = await api.post('/user/two-factor/setup', { password });
    expect(setup.status).toBe(200);
    expect(setup.body.data.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(setup.body.data.qrCode).toContain('<svg');
    const secret: string = setup.body.data.secret;
    const wrong = await api.post('/user/two-factor/confirm', {
      code: '000000' === codeFor(secret) ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    const on = await api.post('/user/two-factor/confirm', { code: codeFor(secret) });
    expect(on.status).toBe(200);
    return { secret, recoveryCodes: on.body.data.recoveryCodes as string[] };
  }

  it('asks for a code after the password; each code and recovery code works once', async () => {
    const me = await signUp(server);
    expect((await me.api.post('/user/two-factor/setup', { password: 'wrong one!' })).status).toBe(
      400,
    );
    const { secret, recoveryCodes } = await turnOn(me.api, me.password);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await me.api.get('/user/profile')).body.data.twoFactorEnabled).toBe(true);

    const first = await server
      .api()
      .post('/user/loginuser', { email: me.email, password: me.password, userType: 'admin' });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ twoFactor: true, challenge: expect.any(String) });
    const challenge = first.body.data.challenge;
    const bad = await server.api().post('/user/loginuser/code', { challenge, code: '12345x' });
    expect(bad.status).toBe(401);
    expect(bad.body.message).toBe('That code is not right. Please try again.');
    // The code confirmed at set-up was spent: the next step's code signs in.
    const next = codeFor(secret, 1);
    const ok = await server.api().post('/user/loginuser/code', { challenge, code: next });
    expect(ok.status).toBe(200);
    expect(ok.body.data.token).toEqual(expect.any(String));
    // The challenge and the code are spent.
    expect(
      (await server.api().post('/user/loginuser/code', { challenge, code: next })).status,
    ).toBe(401);
    const second = await server
      .api()
      .post('/user/loginuser', { email: me.email, password: me.password, userType: 'admin' });
    const reused = await server
      .api()
      .post('/user/loginuser/code', { challenge: second.body.data.challenge, code: next });
    expect(reused.status).toBe(401);
    // A recovery code, typed in capitals without its dash, works once.
    const typed = recoveryCodes[0]!.replace('-', '').toUpperCase();
    const recovered = await server
      .api()
      .post('/user/loginuser/code', { challenge: second.body.data.challenge, code: typed });
    expect(recovered.status).toBe(200);
    const third = await server
      .api()
      .post('/user/loginuser', { email: me.email, password: me.password, userType: 'admin' });
    expect(
      (
        await server
          .api()
          .post('/user/loginuser/code', { challenge: third.body.data.challenge, code: typed })
      ).status,
    ).toBe(401);
    expect((await me.api.get('/user/two-factor')).body.data).toEqual({
      enabled: true,
      recoveryCodesLeft: 9,
    });

    const history = (await me.api.get('/user/signins')).body.data.map(
      (h: { outcome: string }) => h.outcome,
    );
    expect(history.slice(0, 5)).toEqual(['code', 'success', 'code', 'success', 'code']);

    // Off again: with the password and a code.
    const off = await me.api.post('/user/two-factor/disable', {
      password: me.password,
      code: recoveryCodes[1],
    });
    expect(off.status).toBe(200);
    const plain = await server
      .api()
      .post('/user/loginuser', { email: me.email, password: me.password, userType: 'admin' });
    expect(plain.body.data.token).toEqual(expect.any(String));
  });

  it('a password alone never replaces the key nor makes new recovery codes', async () => {
    const me = await signUp(server);
    const { recoveryCodes } = await turnOn(me.api, me.password);
    const again = await me.api.post('/user/two-factor/setup', { password: me.password });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(
      'Two-factor sign-in is already on. Turn it off first to use a new key.',
    );
    const noCode = await me.api.post('/user/two-factor/recovery-codes', {
      password: me.password,
      code: '000000',
    });
    expect(noCode.status).toBe(400);
    expect(noCode.body.message).toBe('That code is not right. Please try again.');
    const renewed = await me.api.post('/user/two-factor/recovery-codes', {
      password: me.password,
      code: recoveryCodes[0],
    });
    expect(renewed.status).toBe(200);
    expect(renewed.body.data.recoveryCodes).toHaveLength(10);
    expect((await me.api.get('/user/two-factor')).body.data.recoveryCodesLeft).toBe(10);
  });

  it('never writes a key into the audit trail', async () => {
    const admin = await signUp(server);
    const company = await addUser(server, admin.api, 'Keyed Co', 'company');
    const { secret } = await turnOn(company.api, 'a fine password');
    const trail = await server.db.select().from(auditLog).where(eq(auditLog.recordId, company.id));
    expect(trail.length).toBeGreaterThan(0);
    expect(JSON.stringify(trail)).not.toContain(secret);
    const [row] = await server.db.select().from(users).where(eq(users.id, company.id));
    expect(row!.totpSecret).toBe(secret);
  });

  it('a company may require it: its PM must turn it on before anything else', async () => {
    const admin = await signUp(server);
    const company = await addUser(server, admin.api, 'Strict Co', 'company');
    const pm = await addUser(server, company.api, 'Strict PM', 'pm');
    expect((await admin.api.post('/company/two-factor-policy', { required: true })).status).toBe(
      403,
    );
    expect((await company.api.post('/company/two-factor-policy', { required: true })).status).toBe(
      200,
    );
    expect((await company.api.get('/user/profile')).body.data.requireTwoFactor).toBe(true);

    const refused = await pm.api.get('/expense/getuserallexpenses');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'Your company requires two-factor sign-in. Please turn it on in Profile first.',
    );
    expect((await pm.api.get('/user/profile')).body.data.pending).toBe('twoFactor');
    const { secret } = await turnOn(pm.api, 'a fine password');
    expect((await pm.api.get('/expense/getuserallexpenses')).status).toBe(200);
    // The company's data export lists its PM, without the PM's key.
    const exported = await company.api.raw('GET', '/user/exportmydata');
    expect(JSON.stringify(exported.body)).toContain('Strict PM');
    expect(JSON.stringify(exported.body)).not.toContain(secret);
    expect(JSON.stringify(exported.body)).not.toMatch(/totp|passwordHash/);
    const off = await pm.api.post('/user/two-factor/disable', {
      password: 'a fine password',
      code: codeFor(secret, 1),
    });
    expect(off.status).toBe(400);
    expect(off.body.message).toBe(
      'Your company requires two-factor sign-in, so it cannot be turned off.',
    );
  });
});

describe('with the limits in force', () => {
  let strict: TestServer;
  beforeAll(async () => {
    strict = await startTestServer({ limits: LIMITS });
  });
  afterAll(() => strict.close());

  it('counts current-password checks per account, so a stolen session cannot guess on', async () => {
    const me = await signUp(strict);
    const guess = () => me.api.post('/user/two-factor/setup', { password: 'a guess at it' });
    for (let i = 0; i < LIMITS.passwordChecksPerAccount.max; i++)
      expect((await guess()).status).toBe(400);
    const refused = await guess();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The count is the account's, whichever call checks the password.
    const viaPassword = await me.api.post('/user/updatepassword', {
      currentPassword: me.password,
      newPassword: 'another good one',
      confirmPassword: 'another good one',
    });
    expect(viaPassword.status).toBe(429);
  });

  it('counts made-up sign-in challenges against the address', async () => {
    const anon = strict.api();
    let last = 0;
    for (let i = 0; i <= LIMITS.codePerAddress.max; i++)
      last = (
        await anon.post('/user/loginuser/code', { challenge: `made-up-${i}`, code: '123456' })
      ).status;
    expect(last).toBe(429);
  });
});
