import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';

let server: TestServer;
const lines: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ logStream: { write: (line) => void lines.push(line) } });
});
afterAll(() => server.close());

describe('the logs', () => {
  it('are one line per request, once answered: method, URL, route, status, time, request id', async () => {
    lines.length = 0;
    const reqId = 'one-line-check-4711';
    const res = await fetch(`${server.origin}/api/health?x=1`, {
      headers: { 'x-request-id': reqId },
    });
    expect(res.status).toBe(200);
    // Written when the answer has gone, which may be just after the client has it.
    const mine = async () => {
      for (let tries = 0; tries < 100; tries++) {
        const found = lines
          .map((line) => JSON.parse(line) as Record<string, unknown>)
          .filter((entry) => entry.reqId === reqId && (entry.level as number) >= 30);
        if (found.length) return found;
        await new Promise((ok) => setTimeout(ok, 10));
      }
      return [];
    };
    const found = await mine();
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      level: 30,
      msg: 'request',
      method: 'GET',
      url: '/api/health?x=1',
      route: '/api/health',
      status: 200,
      ms: expect.any(Number),
    });
  });

  it('never carry a reset link’s token, and keep the other query parameters', async () => {
    lines.length = 0;
    await fetch(`${server.origin}/reset-password?token=SECRET123&x=1`);
    const logs = lines.join('');
    expect(logs).toContain('/reset-password?token=[redacted]&x=1');
    expect(logs).not.toContain('SECRET123');
  });

  it('never carry a shared link’s token from its path', async () => {
    lines.length = 0;
    for (const path of [
      '/statement/SHARED456',
      '/api/public/khata/SHARED456',
      '/api/public/khata/SHARED456/pdf',
      '/api/public/invoices/SHARED456?x=1',
    ])
      await fetch(`${server.origin}${path}`);
    const logs = lines.join('');
    expect(logs).toContain('/api/public/khata/[redacted]/pdf');
    expect(logs).toContain('/api/public/invoices/[redacted]?x=1');
    expect(logs).toContain('/statement/[redacted]');
    expect(logs).not.toContain('SHARED456');
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
