import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AUDITED_TABLES } from '../../contract/enums';
import { addUser, expenseBody, loanBody, projectBody, signUp, type TestServer } from './helpers';
import { useServer } from './fixtures/server';

/**
 * Random and hostile input at every call of the OpenAPI document, as every role and as
 * nobody: the answer is always a 2xx or a 4xx with a message, never a 5xx, and no record
 * that existed before is changed.
 */
let server: TestServer;
const tokens: Record<string, string | undefined> = { anonymous: undefined };

interface Operation {
  method: string;
  path: string;
  keys: string[];
}
let operations: Operation[] = [];

async function fingerprint(cutoff: string) {
  const out: Record<string, string> = {};
  for (const table of AUDITED_TABLES) {
    const { rows } = await server.database.query<{ h: string; n: number }>(
      `select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) as h, count(*)::int as n
         from ${table} t where t.created_at <= $1`,
      [cutoff],
    );
    out[table] = `${rows[0]!.n}:${rows[0]!.h}`;
  }
  return out;
}

useServer(async (started) => {
  server = started;
  const admin = await signUp(server);
  tokens.admin = admin.token;
  const acme = await addUser(server, admin.api, 'Acme', 'company');
  tokens.company = acme.token;
  const c = acme.api;
  tokens.pm = (await addUser(server, c, 'Priya', 'pm')).token;
  await admin.api.post('/expense/addexpense', expenseBody({ description: 'Saved' }));
  await admin.api.post('/lend/addlend', loanBody({ amount: 100, issueDate: '2026-10-01' }));
  await c.post(
    '/company/createproject',
    projectBody({ projectName: 'P', clientName: 'C', duration: '1', price: 5, paymentStatus: 'x' }),
  );
  await c.post('/company/createbank', {
    holder_name: 'A',
    account_no: '12345678',
    confirm_no: '12345678',
    branch: 'B',
    ifsc: 'SBIN0001234',
    mobile: '9876543210',
    address: 'A',
    openingBalance: 100,
  });

  const doc = (await fetch(`${server.origin}/api/docs/json`).then((r) => r.json())) as {
    paths: Record<string, Record<string, { requestBody?: any; parameters?: { name: string }[] }>>;
  };
  // Logout is left out: ending the test's own sessions is what it is for. So is the
  // two-factor policy: a bare true or false is its whole, valid, input.
  const leftOut = ['/api/logout', '/api/company/two-factor-policy'];
  operations = Object.entries(doc.paths)
    .filter(([path]) => !leftOut.includes(path))
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        method: method.toUpperCase(),
        path: path.replace(/^\/api/, ''),
        keys: [
          ...Object.keys(op.requestBody?.content?.['application/json']?.schema?.properties ?? {}),
          ...(op.parameters ?? []).map((p) => p.name),
        ],
      })),
    );
});

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constantFrom(
    "' or 1=1 --",
    '"; drop table users; --',
    '<script>alert(1)</script>',
    '${7*7}',
    '../../etc/passwd',
    '\u0000',
    '𝓤𝓷𝓲𝓬𝓸𝓭𝓮 ₹',
    'x'.repeat(5000),
    '2026-02-30',
    '00000000-0000-0000-0000-000000000000',
    'NaN',
    '-1',
  ),
);
const hostileValue = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER, 0.001, -0, 12.345),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.anything(), { maxLength: 3 }),
  fc.object({ maxDepth: 2 }),
);

describe('hostile input', () => {
  it('never gets a 5xx and changes nothing already saved', async () => {
    expect(operations.length).toBeGreaterThan(40);
    await new Promise((r) => setTimeout(r, 5));
    const cutoff = new Date().toISOString();
    const before = await fingerprint(cutoff);

    const payload = (keys: string[]) =>
      fc.oneof(
        fc.dictionary(keys.length ? fc.constantFrom(...keys) : fc.string(), hostileValue, {
          maxKeys: 8,
        }),
        fc.anything(),
        hostileString,
      );
    const arbitrary = fc
      .record({
        op: fc.integer({ min: 0, max: operations.length - 1 }),
        role: fc.constantFrom('anonymous', 'admin', 'company', 'pm'),
        idSegment: hostileString,
      })
      .chain((base) =>
        fc.record({ base: fc.constant(base), body: payload(operations[base.op]!.keys) }),
      );

    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(arbitrary, async ({ base, body }) => {
        const op = operations[base.op]!;
        const path = op.path.replace(
          '{id}',
          encodeURIComponent(base.idSegment).slice(0, 200) || 'x',
        );
        const headers: Record<string, string> = {};
        const token = tokens[base.role];
        if (token) headers.authorization = `Bearer ${token}`;
        let url = `${server.origin}/api${path}`;
        let requestBody: string | undefined;
        if (op.method === 'GET') {
          const params = new URLSearchParams();
          if (body && typeof body === 'object' && !Array.isArray(body)) {
            for (const [k, v] of Object.entries(body))
              params.set(k, typeof v === 'string' ? v : JSON.stringify(v));
          }
          url += `?${params}`;
        } else {
          headers['content-type'] = 'application/json';
          requestBody = JSON.stringify(body) ?? 'null';
        }
        const res = await fetch(url, { method: op.method, headers, body: requestBody });
        const text = await res.text();
        if (res.status >= 500)
          failures.push(
            `${op.method} ${path} as ${base.role} -> ${res.status} ${text.slice(0, 200)} for ${requestBody?.slice(0, 200)}`,
          );
        if (res.status >= 400 && res.status < 500) {
          const json = JSON.parse(text) as { success?: boolean; message?: unknown };
          expect(json.success).toBe(false);
          expect(typeof json.message).toBe('string');
        }
      }),
      { numRuns: 1500, seed: Number(process.env.FUZZ_SEED ?? 20261122) },
    );
    expect(failures).toEqual([]);
    expect(await fingerprint(cutoff)).toEqual(before);
    // The server is still well.
    expect((await server.api(tokens.admin).get('/expense/getuserallexpenses')).body.total).toBe(1);
  }, 240_000);
});
