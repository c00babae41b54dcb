import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../../server/db/schema';
import { loadEnv } from '../../server/env';
import {
  PRODUCTION_COST,
  hashCheaplyForTests,
  hashCost,
  hashingLoad,
} from '../../server/lib/password';
import type { Mailer, MailMessage } from '../../server/mail/mailer';
import { LIMITS } from '../../server/services/rateLimits';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../server/app';
import { client, startTestServer, type ApiResponse, type TestServer } from './helpers';

/**
 * The limits as an attacker meets them, with the real LIMITS. The test server believes
 * X-Forwarded-For from loopback, so each test can pose as as many addresses as it needs.
 */
const sent: MailMessage[] = [];
let mailTakesMs = 0;
const recordingMailer: Mailer = {
  kind: 'smtp',
  send: async (m) => {
    await new Promise((resolve) => setTimeout(resolve, mailTakesMs));
    sent.push(m);
  },
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    limits: LIMITS,
    trustProxy: ['127.0.0.1'],
    mailer: recordingMailer,
  });
});
afterAll(() => server.close());

let lastAddress = 0;
/** A documentation address (RFC 5737) that no other call of this file has used. */
const newAddress = () => `198.51.${Math.floor(++lastAddress / 250)}.${(lastAddress % 250) + 1}`;
const from = (address: string, token?: string) => server.api(token, { 'x-forwarded-for': address });

const PASSWORD = 'correct horse battery';
let accounts = 0;
async function newAccount() {
  const email = `owner${++accounts}@example.com`;
  const res = await from(newAddress()).post('/user/registeruser', {
    name: `Owner ${accounts}`,
    email,
    password: PASSWORD,
    cpassword: PASSWORD,
  });
  expect(res.status).toBe(201);
  return email;
}
const logIn = (address: string, email: string, password = PASSWORD) =>
  from(address).post('/user/loginuser', { email, password, userType: 'admin' });

/** A 429 that says when to come back, within the limit's window. */
function expectRefused(res: ApiResponse, windowMs: number) {
  expect(res.status).toBe(429);
  expect(res.body.success).toBe(false);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000);
}

const statuses = (all: ApiResponse[]) =>
  all.reduce<Record<number, number>>((n, r) => ({ ...n, [r.status]: (n[r.status] ?? 0) + 1 }), {});

describe('login limits', () => {
  it('checks at most the limit of 100 concurrent wrong passwords for one account', async () => {
    const email = await newAccount();
    const attacker = newAddress();
    const all = await Promise.all(
      Array.from({ length: 100 }, (_, i) => logIn(attacker, email, `wrong guess ${i}`)),
    );
    const counts = statuses(all);
    // A 401 is a password that was hashed and compared; a 429 was refused before hashing.
    expect(counts[401]).toBe(LIMITS.loginPerAccountAndAddress.max);
    expect(counts[429]).toBe(100 - LIMITS.loginPerAccountAndAddress.max);
    expectRefused(
      all.find((r) => r.status === 429)!,
      LIMITS.loginPerAccountAndAddress.windowMs,
    );
    expect(all.find((r) => r.status === 429)!.body.message).toBe(
      'Too many login attempts. Please try again later.',
    );

    // The attacker's address stays refused, even with the right password...
    expect((await logIn(attacker, email)).status).toBe(429);
    // ...while the owner, elsewhere, signs in.
    expect((await logIn(newAddress(), email)).status).toBe(200);
  });

  it('counts together on two app servers of one database', async () => {
    // A second server on the same database, as behind a load balancer.
    const second = await buildApp({
      database: { ...server.database, close: async () => {} },
      logLevel: 'silent',
      spaRoot: '/nonexistent',
      limits: LIMITS,
      trustProxy: ['127.0.0.1'],
    });
    await second.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = second.server.address() as AddressInfo;
      const email = await newAccount();
      const attacker = newAddress();
      const viaSecond = client(`http://127.0.0.1:${port}`, undefined, {
        'x-forwarded-for': attacker,
      });
      const guess = (i: number) => ({ email, password: `wrong ${i}`, userType: 'admin' });
      const all = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          i % 2
            ? viaSecond.post('/user/loginuser', guess(i))
            : from(attacker).post('/user/loginuser', guess(i)),
        ),
      );
      expect(statuses(all)).toEqual({
        401: LIMITS.loginPerAccountAndAddress.max,
        429: 20 - LIMITS.loginPerAccountAndAddress.max,
      });
    } finally {
      await second.close();
    }
  });

  it('a made-up X-Forwarded-For hop does not make a new address', async () => {
    const email = await newAccount();
    const proxied = newAddress();
    const claim = (i: number) => `10.9.${i}.1, ${proxied}`;
    for (let i = 0; i < LIMITS.loginPerAccountAndAddress.max; i++)
      expect((await logIn(claim(i), email, 'wrong guess')).status).toBe(401);
    expect((await logIn(claim(99), email, 'wrong guess')).status).toBe(429);
  });

  it('locks an account attacked from many addresses until its owner resets the password', async () => {
    const email = await newAccount();
    for (let i = 0; i < LIMITS.loginPerAccount.max; i++)
      expect((await logIn(newAddress(), email, `wrong guess ${i}`)).status).toBe(401);
    const owner = newAddress();
    expectRefused(await logIn(owner, email), LIMITS.loginPerAccount.windowMs);

    sent.length = 0;
    expect((await from(owner).post('/user/forgotpassword', { email })).status).toBe(200);
    await server.app.background.drain();
    const token = sent[0]?.text.match(/token=([\w-]+)/)?.[1];
    expect(token).toBeTruthy();
    const reset = await from(owner).post('/user/resetpassword', {
      token,
      password: 'a brand new secret',
      cpassword: 'a brand new secret',
    });
    expect(reset.status).toBe(200);
    expect((await logIn(owner, email, 'a brand new secret')).status).toBe(200);
  });

  it('refuses one address trying many accounts', async () => {
    const address = newAddress();
    const all: ApiResponse[] = [];
    for (let i = 0; i <= LIMITS.loginPerAddress.max; i++)
      all.push(await logIn(address, `nobody${i}@example.com`, 'a guess'));
    expect(all.slice(0, -1).every((r) => r.status === 401)).toBe(true);
    expectRefused(all.at(-1)!, LIMITS.loginPerAddress.windowMs);
  });

  it('forgets the counts of a correct password, so an owner is never locked by signing in', async () => {
    const email = await newAccount();
    const address = newAddress();
    for (let i = 0; i < LIMITS.loginPerAccountAndAddress.max + 5; i++)
      expect((await logIn(address, email)).status).toBe(200);
    const [counted] = await server.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `login:account:${email}`));
    expect(counted).toBeUndefined();
  });
});

describe('calls that send mail or create accounts', () => {
  it('limits registrations per address', async () => {
    const address = newAddress();
    const register = (i: number) =>
      from(address).post('/user/registeruser', {
        name: 'Many',
        email: `many${i}@example.com`,
        password: PASSWORD,
        cpassword: PASSWORD,
      });
    for (let i = 0; i < LIMITS.registerPerAddress.max; i++)
      expect((await register(i)).status).toBe(201);
    const refused = await register(99);
    expectRefused(refused, LIMITS.registerPerAddress.windowMs);
    expect(refused.body.message).toBe(
      'Too many registrations from your address. Please try again later.',
    );
  });

  it('limits password reset requests per address and per e-mail', async () => {
    const address = newAddress();
    for (let i = 0; i < LIMITS.forgotPerAddress.max; i++)
      expect(
        (await from(address).post('/user/forgotpassword', { email: `x${i}@example.com` })).status,
      ).toBe(200);
    expectRefused(
      await from(address).post('/user/forgotpassword', { email: 'y@example.com' }),
      LIMITS.forgotPerAddress.windowMs,
    );

    const email = await newAccount();
    for (let i = 0; i < LIMITS.forgotPerEmail.max; i++)
      expect((await from(newAddress()).post('/user/forgotpassword', { email })).status).toBe(200);
    const refused = await from(newAddress()).post('/user/forgotpassword', {
      email: email.toUpperCase(),
    });
    expectRefused(refused, LIMITS.forgotPerEmail.windowMs);
    expect(refused.body.message).toBe('Too many password reset requests. Please try again later.');
    await server.app.background.drain();
  });

  it('answers Forgot Password at once and the same for any address; the mail follows', async () => {
    const email = await newAccount();
    const timed = async (address: string) => {
      const started = performance.now();
      const res = await from(newAddress()).post('/user/forgotpassword', { email: address });
      return { res, ms: performance.now() - started };
    };
    mailTakesMs = 1500;
    try {
      sent.length = 0;
      const known = await timed(email);
      const unknown = await timed('unknown@example.com');
      expect(known.res.body).toEqual(unknown.res.body);
      // Waiting for the mail server would take 1.5 s, and only for the known address.
      expect(known.ms).toBeLessThan(500);
      expect(unknown.ms).toBeLessThan(500);
      await server.app.background.drain();
      expect(sent.map((m) => m.to)).toEqual([email]);
    } finally {
      mailTakesMs = 0;
    }
  });

  it('limits reset attempts per address, and a made-up link is refused without hashing', async () => {
    const address = newAddress();
    const reset = () =>
      from(address).post('/user/resetpassword', {
        token: 'made-up-token',
        password: 'whatever it is',
        cpassword: 'whatever it is',
      });
    for (let i = 0; i < LIMITS.resetPerAddress.max; i++) {
      const res = await reset();
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(
        'This reset link is invalid or has expired. Please ask for a new one.',
      );
    }
    expectRefused(await reset(), LIMITS.resetPerAddress.windowMs);
  });
});

describe('lend reminders', () => {
  let owner: ReturnType<typeof from>;
  const lend = (email: string, amount = 500) =>
    owner.post('/lend/addlend', {
      name: 'Ravi',
      email,
      amount,
      issueDate: '2026-10-01',
      repaymentDate: '2026-12-01',
    });
  const remind = (id: string) => owner.post('/user/sendemaillend', { _id: id });

  beforeAll(async () => {
    const email = await newAccount();
    const address = newAddress();
    const token = (await logIn(address, email)).body.data.token;
    owner = from(address, token);
  });

  it('sends at most one reminder per lend a day', async () => {
    const created = (await lend('once@example.com')).body.data;
    expect((await remind(created._id)).status).toBe(200);
    const again = await remind(created._id);
    expectRefused(again, LIMITS.remindersPerLend.windowMs);
    expect(again.body.message).toBe(
      'A reminder for this lend was sent in the last 24 hours. Please try again later.',
    );
  });

  it('sends a borrower at most a few reminders a day, whoever lent', async () => {
    for (let i = 0; i < LIMITS.remindersPerRecipient.max; i++) {
      const created = (await lend('popular@example.com')).body.data;
      expect((await remind(created._id)).status).toBe(200);
    }
    const created = (await lend('Popular@Example.com')).body.data;
    const refused = await remind(created._id);
    expectRefused(refused, LIMITS.remindersPerRecipient.windowMs);
    // Refused by the borrower's limit, that lend may still be reminded another day: its own
    // count was given back.
    const [perLend] = await server.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `reminder:lend:${created._id}`));
    expect(perLend?.hits ?? 0).toBe(0);
  });

  it('sends nothing for a lend fully repaid', async () => {
    const created = (await lend('settled@example.com', 100)).body.data;
    const repaid = await owner.post('/lend/addrepayment', {
      loanId: created._id,
      amount: 100,
      date: '2026-10-15',
      remark: 'all of it',
    });
    expect(repaid.status).toBe(201);
    sent.length = 0;
    const res = await remind(created._id);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('This lend is fully repaid: there is nothing to remind about.');
    expect(sent).toHaveLength(0);
  });

  it('limits reminders per account', async () => {
    const email = await newAccount();
    const address = newAddress();
    const token = (await logIn(address, email)).body.data.token;
    const mine = from(address, token);
    for (let i = 0; i <= LIMITS.remindersPerAccount.max; i++) {
      const created = (
        await mine.post('/lend/addlend', {
          name: 'Ravi',
          email: `borrower${i}@example.com`,
          amount: 10,
          issueDate: '2026-10-01',
          repaymentDate: '2026-12-01',
        })
      ).body.data;
      const res = await mine.post('/user/sendemaillend', { _id: created._id });
      if (i < LIMITS.remindersPerAccount.max) expect(res.status).toBe(200);
      else expectRefused(res, LIMITS.remindersPerAccount.windowMs);
    }
  });
});

describe('exports', () => {
  it('limits downloads per account', async () => {
    const email = await newAccount();
    const address = newAddress();
    const token = (await logIn(address, email)).body.data.token;
    const me = from(address, token);
    const paths = ['/lend/export', '/borrowed/export', '/user/exportmydata'];
    for (let i = 0; i < LIMITS.exportsPerAccount.max; i++)
      expect((await me.get(paths[i % paths.length]!)).status).toBe(200);
    const refused = await me.get('/lend/export');
    expectRefused(refused, LIMITS.exportsPerAccount.windowMs);
    expect(refused.body.message).toBe('Too many downloads. Please try again in a few minutes.');
  });
});

describe('bounded work', () => {
  it('refuses hashing past a short queue with 503 and Retry-After, at once', async () => {
    const { running, maxWaiting } = hashingLoad();
    const burst = Math.max(running, 1) + maxWaiting + 8;
    // At the production cost (the test runner's is far cheaper): slow hashes fill the queue.
    hashCheaplyForTests(false);
    let all: ApiResponse[];
    try {
      expect(hashCost()).toBe(PRODUCTION_COST);
      // Each from its own address, so that no rate limit refuses them first.
      all = await Promise.all(
        Array.from({ length: burst }, (_, i) =>
          from(newAddress()).post('/user/registeruser', {
            name: 'Burst',
            email: `burst${i}@example.com`,
            password: PASSWORD,
            cpassword: PASSWORD,
          }),
        ),
      );
    } finally {
      hashCheaplyForTests(true);
    }
    const counts = statuses(all);
    expect(Object.keys(counts).sort()).toEqual(['201', '503']);
    const busy = all.find((r) => r.status === 503)!;
    expect(busy.body.message).toBe('The server is busy. Please try again in a moment.');
    expect(Number(busy.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('private answers and safe input', () => {
  it('marks every API answer not to be stored by browsers or proxies', async () => {
    for (const res of [
      await server.api().get('/health'),
      await server.api().get('/user/profile'),
      await from(newAddress()).post('/user/loginuser', {}),
    ])
      expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a NUL character in any text with a 400 naming the field', async () => {
    const register = await from(newAddress()).post('/user/registeruser', {
      name: 'Nul\u0000Name',
      email: 'nul@example.com',
      password: PASSWORD,
      cpassword: PASSWORD,
    });
    expect(register.status).toBe(400);
    expect(register.body.message).toBe('name must not contain a NUL character');

    const email = await newAccount();
    const address = newAddress();
    const token = (await logIn(address, email)).body.data.token;
    for (const path of [
      '/expense/getuserallexpenses?search=%00',
      '/lend/getuseralllends?search=a%00b',
    ]) {
      const res = await from(address, token).get(path);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('search must not contain a NUL character');
    }
    const nested = await from(address, token).post('/expense/addexpense', {
      date: '2026-11-01',
      description: 'ok',
      amount: 10,
      category: 'shopping',
      'odd\u0000key': 1,
    });
    expect(nested.status).toBe(400);
  });

  it('answers a known path with the wrong method 405 with Allow, an unknown one 404', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const res = await server.api().raw(method, '/user/loginuser');
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
      expect(res.body).toEqual({
        success: false,
        message: 'Method not allowed: use POST',
        code: 'method_not_allowed',
      });
    }
    const withParam = await server.api().raw('POST', '/users/3f1c2b8e-1d2a-4c5b-9e8f-0a1b2c3d4e5f');
    expect(withParam.status).toBe(405);
    expect(withParam.headers.get('allow')).toBe('DELETE');
    expect((await server.api().raw('PUT', '/no/such/call')).status).toBe(404);
  });

  it('caps an opening balance like every other amount', async () => {
    const email = await newAccount();
    const address = newAddress();
    const token = (await logIn(address, email)).body.data.token;
    const company = await from(address, token).post('/user/createUser', {
      name: 'Cap Co',
      email: 'capco@example.com',
      password: PASSWORD,
      mobile: '9876543210',
      registration_number: 'REG-CAP',
      userType: 'company',
    });
    expect(company.status).toBe(201);
    const companyToken = (
      await from(address).post('/user/loginuser', {
        email: 'capco@example.com',
        password: PASSWORD,
        userType: 'company',
      })
    ).body.data.token;
    // The first password was the admin's choice: the company changes it before anything else.
    const changed = await from(address, companyToken).post('/user/updatepassword', {
      currentPassword: PASSWORD,
      newPassword: `${PASSWORD} too`,
      confirmPassword: `${PASSWORD} too`,
    });
    expect(changed.status).toBe(200);
    const create = (openingBalance: number) =>
      from(address, companyToken).post('/company/createbank', {
        holder_name: 'Cap Co',
        account_no: '123456789012',
        confirm_no: '123456789012',
        branch: 'MG Road',
        ifsc: 'SBIN0001234',
        mobile: '9876543210',
        address: '1 MG Road',
        openingBalance,
      });
    for (const absurd of [1e17, 1e20, Number('99999999999999.99')]) {
      const res = await create(absurd);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('openingBalance must be at most 99999999999.99');
    }
    const large = await create(147997766.3);
    expect(large.status).toBe(201);
    expect(large.body.data.openingBalance).toBe(147997766.3);
  });
});

describe('TRUST_PROXY', () => {
  it('takes proxies by address or range and refuses "true"', () => {
    expect(loadEnv({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.5,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.5',
      'loopback',
    ]);
    expect(loadEnv({}).TRUST_PROXY).toEqual([]);
    expect(loadEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toEqual([]);
    expect(() => loadEnv({ TRUST_PROXY: 'true' })).toThrow(/list your proxies' addresses/);
    expect(() => loadEnv({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/not an IP address or CIDR/);
    expect(() => loadEnv({ TRUST_PROXY: 'proxy.local' })).toThrow(/not an IP address or CIDR/);
  });
});
