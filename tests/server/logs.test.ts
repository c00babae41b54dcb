import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';

let server: TestServer;
const lines: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ logStream: { write: (line) => void lines.push(line) } });
});
afterAll(() => server.close());

describe('the logs', () => {
  it('never carry a reset link’s token, and keep the other query parameters', async () => {
    lines.length = 0;
    await fetch(`${server.origin}/reset-password?token=SECRET123&x=1`);
    const logs = lines.join('');
    expect(logs).toContain('/reset-password?token=[redacted]&x=1');
    expect(logs).not.toContain('SECRET123');
  });

  it('give a failed query’s SQL and PostgreSQL’s error, never its parameters', async () => {
    // Break the users table, so that registering fails in the database with a 500.
    await server.database.query('alter table users rename column name to full_name');
    lines.length = 0;
    const email = 'leak.check.4711@example.com';
    const res = await server.api().post('/user/registeruser', {
      name: 'Leak Check',
      email,
      password: 'correct horse battery',
      cpassword: 'correct horse battery',
    });
    expect(res.status).toBe(500);
    expect(lines.join('')).not.toContain(email);
    const failed = lines
      .map((line) => JSON.parse(line) as { msg: string; err?: Record<string, string> })
      .find((entry) => entry.msg === 'request failed');
    expect(failed?.err).toMatchObject({
      code: '42703',
      message: expect.stringContaining('does not exist'),
      query: expect.stringContaining('"users"'),
      stack: expect.stringContaining(' at '),
    });
  });
});
