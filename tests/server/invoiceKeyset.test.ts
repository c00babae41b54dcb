import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, signUp, startTestServer, type Api, type TestServer } from './helpers';
import { addClient } from './receiptsFixtures';

/**
 * Next and Previous on the invoice list go from a row's position: walking them must give
 * every invoice once, in the order the numbered pages give, however many share an issue date
 * and the moment they were made.
 */
let server: TestServer;
let company: Api;
let companyId: string;
const COUNT = 23;

beforeAll(async () => {
  server = await startTestServer();
  const admin = (await signUp(server)).api;
  const acme = await addUser(server, admin, 'Keyset Co', 'company');
  company = acme.api;
  companyId = acme.id;
  const kaveri = await addClient(server, companyId, 'Kaveri Traders');
  const narmada = await addClient(server, companyId, 'Narmada Mills');
  // One statement: every invoice made at the same moment, four or five on each issue date.
  await server.database.query(
    `insert into invoices (company_id, client_id, kind, issue_date, place_of_supply)
     select $1, case when n % 3 = 0 then $3::uuid else $2::uuid end, 'invoice',
            date '2026-11-01' + (n % 5), '29'
       from generate_series(1, ${COUNT}) n`,
    [companyId, kaveri, narmada],
  );
  await server.database.query(
    `update invoices i set status = 'issued', fy_start = 2026, serial = s.n,
            number = 'INV/26-27/' || s.n, total_paise = s.n * 10000, issued_at = now()
       from (select id, row_number() over (order by issue_date, id) as n
               from invoices where company_id = $1) s
      where i.id = s.id`,
    [companyId],
  );
});
afterAll(() => server.close());

interface Page {
  data: { _id: string }[];
  total: number;
  cursors: { first: string; last: string } | null;
}
const page = async (query: string) => {
  const res = await company.get(`/invoices?pageSize=5${query}`);
  expect(res.status).toBe(200);
  return res.body as Page;
};
const ids = (p: Page) => p.data.map((i) => i._id);

/** Every page by number, then every page by Next from the first. */
async function walk(filter: string) {
  const numbered: string[][] = [];
  for (let n = 1; ; n++) {
    const p = await page(`${filter}&page=${n}`);
    if (p.data.length === 0) break;
    numbered.push(ids(p));
  }
  const forward: Page[] = [await page(filter)];
  while (forward.at(-1)!.data.length === 5) {
    const next = await page(`${filter}&after=${forward.at(-1)!.cursors!.last}`);
    if (next.data.length === 0) break;
    forward.push(next);
  }
  return { numbered, forward };
}

describe('invoice list keyset paging', () => {
  it('gives every invoice once by Next, as the numbered pages do, and back by Previous', async () => {
    const { numbered, forward } = await walk('');
    expect(forward.map(ids)).toEqual(numbered);
    const all = forward.flatMap(ids);
    expect(all).toHaveLength(COUNT);
    expect(new Set(all).size).toBe(COUNT);
    expect(forward[0]!.total).toBe(COUNT);
    // Previous from the last page walks back to the first.
    const back = [forward.at(-1)!];
    while (back.length < forward.length)
      back.unshift(await page(`&before=${back[0]!.cursors!.first}`));
    expect(back.map(ids)).toEqual(numbered);
    // Past the first page, Previous is empty.
    expect((await page(`&before=${forward[0]!.cursors!.first}`)).data).toEqual([]);
  });

  it('pages a search and a filter by Next, oldest first too', async () => {
    for (const filter of ['&search=kaveri', '&status=issued&order=asc', '&search=INV&order=asc']) {
      const { numbered, forward } = await walk(filter);
      expect(forward.map(ids), filter).toEqual(numbered);
      expect(new Set(forward.flatMap(ids)).size, filter).toBe(numbered.flat().length);
    }
  });

  it('refuses a made-up position, and after with before', async () => {
    const made = Buffer.from(JSON.stringify(['yesterday', companyId])).toString('base64url');
    expect((await company.raw('GET', `/invoices?after=${made}`)).status).toBe(400);
    const both = await company.raw('GET', `/invoices?after=${made}&before=${made}`);
    expect(both.status).toBe(400);
  });

  it('refuses a position whose time has an offset PostgreSQL would not take, with a 400', async () => {
    const { cursors } = (await company.get('/invoices')).body as { cursors: { last: string } };
    const position = JSON.parse(Buffer.from(cursors.last, 'base64url').toString()) as unknown[];
    const at = position.findIndex((v) => typeof v === 'string' && /[+-]\d{2}(:\d{2})?$/.test(v));
    expect(at).toBeGreaterThanOrEqual(0);
    for (const offset of ['+16', '+99', '+15:99']) {
      const forged = position.map((v, i) =>
        i === at ? (v as string).replace(/[+-]\d{2}(:\d{2})?$/, offset) : v,
      );
      const after = Buffer.from(JSON.stringify(forged)).toString('base64url');
      const res = await company.raw('GET', `/invoices?after=${after}`);
      expect(res.status).toBe(400);
    }
  });
});
