import { chmod, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../server/mail/mailer';
import { signUp, startTestServer, type TestServer } from './helpers';
import { bodyOf, startSilentServer, startSmtp } from './smtp';

const lend = {
  name: 'Ravi Kumar',
  email: 'ravi@example.com',
  amount: 123456.5,
  issueDate: '2026-10-01',
  repaymentDate: '2026-12-01',
};

describe('with a working SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startTestServer({ smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it("e-mails the borrower a reminder with the amount, the dates and the sender's name", async () => {
    const me = await signUp(server, { name: 'Asha Rao' });
    const created = (await me.api.post('/lend/addlend', lend)).body.data;
    const res = await me.api.post('/user/sendemaillend', {
      _id: created._id,
      email: 'evil@example.com',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Reminder email sent successfully');

    const mail = smtp.received.at(-1)!;
    expect(mail.to).toEqual(['ravi@example.com']);
    const text = bodyOf(mail.raw);
    expect(text).toContain('Amount: ₹1,23,456.50');
    expect(text).toContain('Issue date: 01/10/2026');
    expect(text).toContain('Repayment date: 01/12/2026');
    expect(text).toContain('Asha Rao');
  });

  it('quotes the names typed into a reminder on one short line, with no link in them', async () => {
    const me = await signUp(server, { name: 'Asha\r\nClick www.evil.example now' });
    const created = await me.api.post('/lend/addlend', {
      ...lend,
      name: 'x\n\nVerify your account: https://evil.example/login',
    });
    expect(created.status).toBe(201);
    const res = await me.api.post('/user/sendemaillend', { _id: created.body.data._id });
    expect(res.status).toBe(200);

    const lines = bodyOf(smtp.received.at(-1)!.raw).split(/\r?\n/);
    // The message's text, after its headers.
    const text = lines.slice(lines.indexOf('')).join('\n');
    // The typed text is on the greeting's line, and no line of its own.
    expect(lines.some((l) => /^\s*Verify your account/.test(l))).toBe(false);
    expect(lines).toContain('Hello x Verify your account: https[:]//evil[.]example/login,');
    expect(lines.filter((l) => /Click/.test(l))).toEqual([
      'This is a friendly reminder from Asha Click www[.]evil[.]example now about money lent to you.',
      `Sent on behalf of Asha Click www[.]evil[.]example now <${me.email}>.`,
    ]);
    // No address a mail reader would make a link of, but the sender's own.
    expect(text.replace(me.email, '')).not.toMatch(/:\/\/|www\.|evil\.example|@/);
    // The figures are all there.
    expect(text).toContain('Amount: ₹1,23,456.50');
    expect(text).toContain('Repayment date: 01/12/2026');

    // A long name is cut short.
    const long = await me.api.post('/lend/addlend', { ...lend, name: `Ravi ${'k'.repeat(95)}` });
    await me.api.post('/user/sendemaillend', { _id: long.body.data._id });
    const greeting = bodyOf(smtp.received.at(-1)!.raw)
      .split(/\r?\n/)
      .find((l) => l.startsWith('Hello '))!;
    expect(greeting).toBe(`Hello Ravi ${'k'.repeat(54)}…,`);
  });

  it('resets a forgotten password with a one-time link, ending every session', async () => {
    const me = await signUp(server);
    const before = smtp.received.length;
    const unknown = await server
      .api()
      .post('/user/forgotpassword', { email: 'nobody@example.com' });
    const known = await server
      .api()
      .post('/user/forgotpassword', { email: me.email.toUpperCase() });
    expect(unknown.body).toEqual(known.body);
    expect(known.body.message).toBe(
      'If an account exists for that email, we have sent a link to reset the password.',
    );
    // The mail goes out after the answer: one for the known address, none for the other.
    await server.app.background.drain();
    expect(smtp.received.length).toBe(before + 1);

    const text = bodyOf(smtp.received.at(-1)!.raw);
    const token = text.match(/http:\/\/app\.example\/reset-password\?token=([\w-]+)/)?.[1];
    expect(token).toBeTruthy();

    const mismatch = await server
      .api()
      .post('/user/resetpassword', { token, password: 'a new secret', cpassword: 'other one!' });
    expect(mismatch.body.message).toBe('Passwords do not match');
    const done = await server
      .api()
      .post('/user/resetpassword', { token, password: 'a new secret', cpassword: 'a new secret' });
    expect(done.status).toBe(200);
    expect((await me.api.get('/user/profile')).status).toBe(401);

    const again = await server
      .api()
      .post('/user/resetpassword', { token, password: 'third secret', cpassword: 'third secret' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(
      'This reset link is invalid or has expired. Please ask for a new one.',
    );

    const login = await server
      .api()
      .post('/user/loginuser', { email: me.email, password: 'a new secret', userType: 'admin' });
    expect(login.status).toBe(200);
  });
});

describe('with a dead or hanging SMTP server', () => {
  it('answers a clear error quickly when nothing listens, and changes nothing', async () => {
    const server = await startTestServer({ smtpUrl: 'smtp://127.0.0.1:9' });
    try {
      const me = await signUp(server);
      const created = (await me.api.post('/lend/addlend', lend)).body.data;
      const started = Date.now();
      const res = await me.api.post('/user/sendemaillend', { _id: created._id });
      expect(res.status).toBe(502);
      expect(res.body.message).toBe('Failed to send email. Please try again.');
      expect(Date.now() - started).toBeLessThan(10_000);
      expect((await me.api.get('/lend/getuseralllends')).body.data[0]).toMatchObject({
        amount: 123456.5,
      });

      // Forgot Password still answers the same neutral message.
      const forgot = await server.api().post('/user/forgotpassword', { email: me.email });
      expect(forgot.status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('gives up on a server that never answers', async () => {
    const silent = await startSilentServer();
    const mailer = createMailer({
      smtpUrl: silent.url,
      outboxDir: '/nonexistent',
      from: 'test@example.com',
      log: pino({ level: 'silent' }),
      timeoutMs: 500,
    });
    const server = await startTestServer({ mailer });
    try {
      const me = await signUp(server);
      const created = (await me.api.post('/lend/addlend', lend)).body.data;
      const sending = me.api.post('/user/sendemaillend', { _id: created._id });
      // Nothing else slows down while the mail hangs.
      const started = Date.now();
      expect((await me.api.get('/lend/getuseralllends')).status).toBe(200);
      expect(Date.now() - started).toBeLessThan(400);
      const res = await sending;
      expect(res.status).toBe(502);
      expect(res.body.message).toBe('Failed to send email. Please try again.');
    } finally {
      await server.close();
      await silent.close();
    }
  });
});

describe('without SMTP_URL', () => {
  const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

  it('writes the message to the outbox folder, which only this user may read', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'outbox-'));
    const dir = join(parent, 'outbox');
    const mailer = createMailer({
      outboxDir: dir,
      from: 'test@example.com',
      log: pino({ level: 'silent' }),
    });
    expect(mailer.kind).toBe('outbox');
    await mailer.send({ to: 'ravi@example.com', subject: 'Hello', text: 'Amount: ₹1,000.00' });
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    const raw = await readFile(join(dir, files[0]!), 'utf8');
    expect(raw).toContain('To: ravi@example.com');
    expect(bodyOf(raw)).toContain('₹1,000.00');
    expect(await modeOf(dir)).toBe(0o700);
    expect(await modeOf(join(dir, files[0]!))).toBe(0o600);
    await rm(parent, { recursive: true });
  });

  it('narrows an outbox that others could read', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'outbox-'));
    await chmod(dir, 0o755);
    createMailer({ outboxDir: dir, from: 'test@example.com', log: pino({ level: 'silent' }) });
    expect(await modeOf(dir)).toBe(0o700);
    await rm(dir, { recursive: true });
  });
});
