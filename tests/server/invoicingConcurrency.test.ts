import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/client';
import { LIMITS, type Limits } from '../../server/services/rateLimits';
import {
  addUser,
  client,
  clientBody,
  createScratchDatabase,
  signUp,
  type Api,
  type TestServer,
} from './helpers';

const LOOSE = Object.fromEntries(
  Object.entries(LIMITS).map(([name, limit]) => [name, { ...limit, max: limit.max * 1000 }]),
) as Limits;

/** Two app servers on one PostgreSQL database, as behind a load balancer. */
async function twoServers(url: string) {
  return Promise.all(
    [0, 1].map(async () => {
      const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
      const app = await buildApp({
        database,
        logLevel: 'silent',
        spaRoot: '/nonexistent',
        publicUrl: 'http://app.example',
        limits: LOOSE,
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      return { app, origin, api: (token?: string) => client(origin, token) };
    }),
  );
}

const ISSUES = 200;

describe.skipIf(!process.env.DATABASE_URL)(
  'issuing across two app servers (PostgreSQL only: PGlite is one process)',
  () => {
    let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
    let servers: Awaited<ReturnType<typeof twoServers>>;
    const companies: Api[] = [];

    beforeAll(async () => {
      scratch = await createScratchDatabase();
      servers = await twoServers(scratch.url!);
      // The helpers take a server with `api`; both servers share the database.
      const first = servers[0] as unknown as TestServer;
      const admin = await signUp(first);
      const company = await addUser(first, admin.api, 'Acme', 'company');
      for (const s of servers) companies.push(s.api(company.token));
    }, 60_000);
    afterAll(async () => {
      for (const s of servers ?? []) await s.app.close();
      await scratch?.drop();
    });

    it(`gives ${ISSUES} concurrent issues the serials 1 to ${ISSUES}, without a gap or a repeat`, async () => {
      const [a, b] = companies as [Api, Api];
      const profile = await a.raw('PUT', '/invoicing/profile', {
        legalName: 'Acme Traders',
        address: 'Mumbai',
        stateCode: '27',
        gstin: '27AAPFU0939F1ZV',
      });
      expect(profile.status).toBe(200);
      const buyer = await a.post('/invoicing/clients', clientBody('Buyer'));
      const drafts: { _id: string; version: number }[] = [];
      for (let n = 0; n < ISSUES; n += 20) {
        const made = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            (i % 2 ? b : a).post('/invoices', {
              clientId: buyer.body.data._id,
              issueDate: '2026-11-20',
              lines: [
                {
                  description: `Item ${n + i}`,
                  sacHsn: '998311',
                  quantity: 1,
                  rate: 100,
                  gstRate: 18,
                },
              ],
            }),
          ),
        );
        for (const m of made) {
          expect(m.status).toBe(201);
          drafts.push(m.body.data);
        }
      }
      const issued = await Promise.all(
        drafts.map((d, i) =>
          (i % 2 ? b : a).post(`/invoices/${d._id}/issue`, { version: d.version }),
        ),
      );
      expect(issued.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
      const serials = issued
        .map((r) => Number(/^INV\/2026-27\/(\d{4})$/.exec(r.body.data.number)![1]))
        .sort((x, y) => x - y);
      expect(serials).toEqual(Array.from({ length: ISSUES }, (_, i) => i + 1));
      const list = await b.get('/invoices?status=issued&pageSize=1');
      expect(list.body).toMatchObject({ total: ISSUES, totals: { total: ISSUES * 118 } });
    }, 120_000);
  },
);
