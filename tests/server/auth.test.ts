import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '../../server/db/schema';
import { expenseBody, signUp } from './helpers';
import { useServer } from './fixtures/server';

const server = useServer();

const register = (body: Record<string, unknown>) => server.api().post('/user/registeruser', body);
const login = (body: Record<string, unknown>) => server.api().post('/user/loginuser', body);
/** A registration form filled in as it should be. */
const registration = (name: string, email: string) => ({
  name,
  email,
  password: 'longenough1',
  cpassword: 'longenough1',
});

describe('register', () => {
  it('creates an admin who can then log in as admin with position 1', async () => {
    const res = await register(registration('Asha Rao', 'asha@example.com'));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, message: 'Registration successful. Please log in.' });

    const ok = await login({
      email: 'ASHA@example.com',
      password: 'longenough1',
      userType: 'admin',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Login successful');
    expect(ok.body.data.token).toMatch(/^[\w-]{40,}$/);
    expect(ok.body.data.user).toMatchObject({
      name: 'Asha Rao',
      email: 'asha@example.com',
      role: 'admin',
      position: 1,
    });
    expect(JSON.stringify(ok.body)).not.toMatch(/argon2|passwordHash|password_hash/);
  });

  it('refuses the same e-mail in another case with 409', async () => {
    const res = await register(registration('Other', 'Asha@Example.com'));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('An account with this email already exists');
  });

  it.each([
    [
      { name: 'A', email: 'a@b.co', password: 'longenough1', cpassword: 'different1' },
      'Passwords do not match',
    ],
    [
      { name: 'A', email: 'not-an-email', password: 'longenough1', cpassword: 'longenough1' },
      'email must be a valid email address',
    ],
    [
      { name: 'A', email: 'a@b.co', password: 'short', cpassword: 'short' },
      'password must be at least 8 characters',
    ],
    [{ email: 'a@b.co', password: 'longenough1', cpassword: 'longenough1' }, 'name is required'],
    [
      { name: '   ', email: 'a@b.co', password: 'longenough1', cpassword: 'longenough1' },
      'name is required',
    ],
    [
      { name: 42, email: 'a@b.co', password: 'longenough1', cpassword: 'longenough1' },
      'name must be text',
    ],
  ])('answers 400 with a clear message for %j', async (body, message) => {
    const res = await register(body);
    expect(res.status).toBe(400);
    // A value's refusal names its field; a confirmation that differs names the confirmation.
    const field = message.startsWith('Passwords') ? 'cpassword' : message.split(' ')[0];
    expect(res.body).toEqual({ success: false, message, code: 'validation', field });
  });
});

describe('login', () => {
  it('answers the same 401 for a wrong password, an unknown e-mail and a wrong type with a wrong password', async () => {
    const me = await signUp(server);
    const answers = await Promise.all([
      login({ email: me.email, password: 'wrong password', userType: 'admin' }),
      login({ email: 'nobody@example.com', password: me.password, userType: 'admin' }),
      login({ email: me.email, password: 'wrong password', userType: 'company' }),
    ]);
    for (const res of answers) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        success: false,
        message: 'Invalid email or password',
        code: 'wrong_credentials',
      });
    }
    // Only the right password learns which type the account signs in as.
    const wrongType = await login({ email: me.email, password: me.password, userType: 'company' });
    expect(wrongType.status).toBe(401);
    expect(wrongType.body.message).toBe('This account signs in as Admin.');
  });

  it('needs a user type', async () => {
    const res = await login({ email: 'a@b.co', password: 'whatever1' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('userType: Please select user type.');
  });

  it('keeps a session 12 hours, or 30 days with Remember Me', async () => {
    const me = await signUp(server);
    const hours = async (remember: boolean) => {
      const res = await login({
        email: me.email,
        password: me.password,
        userType: 'admin',
        remember,
      });
      expect(res.status).toBe(200);
      const [row] = await server.db
        .select({ expiresAt: sessions.expiresAt, createdAt: sessions.createdAt })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(users.email, me.email))
        .orderBy(sessions.createdAt)
        .limit(1)
        .offset(remember ? 2 : 1);
      return Math.round((row!.expiresAt.getTime() - Date.now()) / 3_600_000);
    };
    expect(await hours(false)).toBe(12);
    expect(await hours(true)).toBe(30 * 24);
  });
});

describe('sessions', () => {
  it('answers 401 without a token, with a made-up token, and after logout', async () => {
    const me = await signUp(server);
    expect((await server.api().get('/user/profile')).status).toBe(401);
    expect((await server.api('made-up-token').get('/user/profile')).status).toBe(401);
    expect((await me.api.get('/user/profile')).status).toBe(200);

    const out = await me.api.post('/logout');
    expect(out.status).toBe(200);
    expect(out.body.message).toBe('Logout successful');
    const after = await me.api.get('/user/profile');
    expect(after.status).toBe(401);
    expect(after.body.success).toBe(false);
  });

  it('ends a session whose user became inactive', async () => {
    const me = await signUp(server);
    await server.db.update(users).set({ status: 'inactive' }).where(eq(users.email, me.email));
    expect((await me.api.get('/user/profile')).status).toBe(401);
    const res = await login({ email: me.email, password: me.password, userType: 'admin' });
    expect(res.status).toBe(403);
  });
});

describe('profile', () => {
  it('updates name and e-mail, refusing an e-mail someone else has', async () => {
    const me = await signUp(server);
    const other = await signUp(server);
    const res = await me.api.post('/user/updateprofile', {
      version: 1,
      name: 'New Name',
      email: 'new.name@example.com',
      currentPassword: me.password,
    });
    expect(res.status).toBe(200);
    // The new e-mail waits for the link mailed to it; the name is saved.
    expect(res.body.message).toBe(
      'Profile updated. Open the link we sent to new.name@example.com to finish changing your e-mail; until then you sign in with your current one.',
    );
    expect(res.body.pendingEmail).toBe('new.name@example.com');
    expect(res.body.data).toMatchObject({ name: 'New Name', email: me.email });
    expect((await me.api.get('/user/profile')).body.data.name).toBe('New Name');

    const taken = await me.api.post('/user/updateprofile', {
      version: 2,
      name: 'X',
      email: other.email.toUpperCase(),
      currentPassword: me.password,
    });
    expect(taken.status).toBe(409);
    expect((await me.api.get('/user/profile')).body.data.name).toBe('New Name');
  });

  it('changes the password only with the current one, and ends the other sessions', async () => {
    const me = await signUp(server);
    const secondLogin = await login({ email: me.email, password: me.password, userType: 'admin' });
    const otherTab = server.api(secondLogin.body.data.token);

    const change = (currentPassword: string, confirmPassword = 'brand new secret') =>
      me.api.post('/user/updatepassword', {
        currentPassword,
        newPassword: 'brand new secret',
        confirmPassword,
      });
    const wrong = await change('not it at all');
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Current password is incorrect');

    const mismatch = await change(me.password, 'brand new secreT');
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe('Passwords do not match');

    const ok = await change(me.password);
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Password updated successfully');
    expect((await me.api.get('/user/profile')).status).toBe(200);
    expect((await otherTab.get('/user/profile')).status).toBe(401);

    expect(
      (await login({ email: me.email, password: me.password, userType: 'admin' })).status,
    ).toBe(401);
    expect(
      (await login({ email: me.email, password: 'brand new secret', userType: 'admin' })).status,
    ).toBe(200);
  });
});

describe('my data', () => {
  it("downloads the caller's own records, and nobody else's, without password hashes", async () => {
    const me = await signUp(server);
    const other = await signUp(server);
    await me.api.post('/expense/addexpense', expenseBody({ description: 'Mine', amount: 12.34 }));
    await other.api.post('/expense/addexpense', expenseBody({ description: 'Theirs', amount: 1 }));
    const res = await me.api.raw('GET', '/user/exportmydata');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('my-data.json');
    const data = res.body as any;
    expect(data.profile.email).toBe(me.email);
    expect(data.expenses).toHaveLength(1);
    expect(data.expenses[0]).toMatchObject({ description: 'Mine', amountPaise: 1234 });
    expect(JSON.stringify(data)).not.toMatch(/Theirs|argon2|passwordHash/);
    expect((await server.api().get('/user/exportmydata')).status).toBe(401);
  });
});
