import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { expenseBody, signUp } from './helpers';
import { useServer } from './fixtures/server';

const server = useServer();

/** One call as a browser on a slow network makes it, the body as it travelled. */
function call(
  path: string,
  headers: Record<string, string>,
  body?: Buffer,
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  raw: Buffer;
}> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.origin}/api${path}`, {
      method: body ? 'POST' : 'GET',
      headers,
    });
    req.on('error', reject).on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, raw: Buffer.concat(chunks) }),
      );
    });
    req.end(body);
  });
}

describe('compressed answers', () => {
  it('sends a page of a list compressed with what the client accepts, and the same JSON', async () => {
    const me = await signUp(server);
    for (let i = 0; i < 20; i++)
      await me.api.post(
        '/expense/addexpense',
        expenseBody({
          description: `Groceries for the week, item ${i}`,
          amount: 100 + i,
          category: 'shopping',
        }),
      );
    const auth = { authorization: `Bearer ${me.token}` };
    const path = '/expense/getuserallexpenses';
    const plain = await call(path, auth);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.raw.length).toBeGreaterThan(1024);
    const json = JSON.parse(plain.raw.toString('utf8'));
    expect(json.total).toBe(20);

    const br = await call(path, { ...auth, 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.raw.length).toBeLessThan(plain.raw.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.raw).toString('utf8'))).toEqual(json);

    const gz = await call(path, { ...auth, 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.raw).toString('utf8'))).toEqual(json);
  });

  it("sends the API docs' large files as they are, not compressed again for every caller", async () => {
    const bundle = await call('/docs/static/swagger-ui-bundle.js', { 'accept-encoding': 'br' });
    expect(bundle.status).toBe(200);
    expect(bundle.raw.length).toBeGreaterThan(500_000);
    expect(bundle.headers['content-encoding']).toBeUndefined();
  });

  it('leaves small answers as they are', async () => {
    const health = await call('/health', { 'accept-encoding': 'gzip, br' });
    expect(health.status).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('refuses a compressed request body, and stores nothing', async () => {
    const me = await signUp(server);
    const body = gzipSync(
      JSON.stringify({ date: '2026-11-01', description: 'Zipped', amount: 5, category: 'other' }),
    );
    const sent = await call(
      '/expense/addexpense',
      {
        authorization: `Bearer ${me.token}`,
        'content-type': 'application/json',
        'content-encoding': 'gzip',
      },
      body,
    );
    expect(sent.status).toBeGreaterThanOrEqual(400);
    expect(sent.status).toBeLessThan(500);
    expect((await me.api.get('/expense/getuserallexpenses')).body.total).toBe(0);
  });

  it('never holds the live stream back in a compressor', async () => {
    const me = await signUp(server);
    const req = request(`${server.origin}/api/events`, {
      headers: {
        authorization: `Bearer ${me.token}`,
        accept: 'text/event-stream',
        'accept-encoding': 'gzip, br',
      },
    });
    const res = await new Promise<import('node:http').IncomingMessage>((resolve, reject) =>
      req.on('response', resolve).on('error', reject).end(),
    );
    try {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      // The first events arrive as they are written, readable as plain text.
      const first = await new Promise<string>((resolve) =>
        res.once('data', (c: Buffer) => resolve(c.toString('utf8'))),
      );
      expect(first).toMatch(/^(id|event|:)/m);
    } finally {
      req.destroy();
    }
  });
});
