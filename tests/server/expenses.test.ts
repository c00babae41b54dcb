import { describe, expect, it } from 'vitest';
import { expenseBody, signUp, whileInsertsRefused } from './helpers';
import { useServer } from './fixtures/server';
import { expectRowPositionsPageAsNumbers } from './fixtures/rowPositions';

const server = useServer();

const expense = (overrides: Record<string, unknown> = {}) =>
  expenseBody({ date: '2026-11-20', description: 'Team lunch', amount: 1234.56, ...overrides });

describe('expenses', () => {
  it('adds, lists, edits and deletes, with totals exact to the paisa', async () => {
    const me = await signUp(server);
    const created = await me.api.post('/expense/addexpense', expense({ amount: 0.1 }));
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Expense created successfully');
    expect(created.body.data).toMatchObject({
      date: '2026-11-20',
      description: 'Team lunch',
      amount: 0.1,
      category: 'other',
    });
    await me.api.post('/expense/addexpense', expense({ amount: 0.2, category: 'movie' }));
    await me.api.post(
      '/expense/addexpense',
      expense({ amount: 12345678.99, category: 'shopping' }),
    );

    const list = await me.api.get('/expense/getuserallexpenses');
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(3);
    expect(list.body.totalAmount).toBe(12345679.29);
    expect(list.body.data).toHaveLength(3);

    const id = created.body.data._id;
    const updated = await me.api.post(
      '/expense/updateexpense',
      expense({ _id: id, version: 1, amount: 99.99, description: 'Chai', date: '2026-02-28' }),
    );
    expect(updated.status).toBe(200);
    expect(updated.body.message).toBe('Expense updated successfully');
    expect(updated.body.data).toMatchObject({
      _id: id,
      amount: 99.99,
      description: 'Chai',
      date: '2026-02-28',
    });

    const dash = await me.api.get('/user/getalldata');
    expect(dash.body.data.expenses).toEqual({ count: 3, totalAmount: 12345779.18 });

    const removed = await me.api.post('/expense/deleteexpense', { id });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('Expense deleted successfully');
    const after = await me.api.get('/expense/getuserallexpenses');
    expect(after.body.total).toBe(2);
    expect(after.body.totalAmount).toBe(12345679.19);
    expect((await me.api.get('/user/getalldata')).body.data.expenses.count).toBe(2);
  });

  it('pages, sorts and searches on the server, with the total of the whole filter', async () => {
    const me = await signUp(server);
    for (let i = 1; i <= 25; i++) {
      await me.api.post(
        '/expense/addexpense',
        expense({
          amount: i,
          description: i % 5 === 0 ? `Cinema ${i}` : `Groceries ${i}`,
          date: `2026-10-${String(i).padStart(2, '0')}`,
        }),
      );
    }
    await me.api.post('/expense/addexpense', expense({ amount: 7, description: '50% off_sale' }));

    const page2 = await me.api.get(
      '/expense/getuserallexpenses?page=2&pageSize=10&sort=amount&order=asc',
    );
    expect(page2.body.total).toBe(26);
    expect(page2.body.data.map((e: { amount: number }) => e.amount)).toEqual([
      10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
    ]);
    expect(page2.body.totalAmount).toBe(325 + 7);

    const newest = await me.api.get('/expense/getuserallexpenses?pageSize=1');
    expect(newest.body.data[0].date).toBe('2026-11-20');

    const cinema = await me.api.get('/expense/getuserallexpenses?search=cinema');
    expect(cinema.body.total).toBe(5);
    expect(cinema.body.totalAmount).toBe(5 + 10 + 15 + 20 + 25);
    // A page that is exactly full, a short last page and a short page reached by Next still
    // carry the whole search's count and sum, not their own rows'.
    const cinemaTotals = { total: 5, totalAmount: 75 };
    const full = await me.api.get('/expense/getuserallexpenses?search=cinema&pageSize=5');
    expect(full.body).toMatchObject(cinemaTotals);
    const last = await me.api.get('/expense/getuserallexpenses?search=cinema&pageSize=2&page=3');
    expect(last.body.data).toHaveLength(1);
    expect(last.body).toMatchObject(cinemaTotals);
    const firstTwo = await me.api.get('/expense/getuserallexpenses?search=cinema&pageSize=2');
    const next = await me.api.get(
      `/expense/getuserallexpenses?search=cinema&pageSize=4&after=${firstTwo.body.cursors.last}`,
    );
    expect(next.body.data).toHaveLength(3);
    expect(next.body).toMatchObject(cinemaTotals);

    // Wildcards are searched as text, not as patterns.
    const percent = await me.api.get(
      `/expense/getuserallexpenses?search=${encodeURIComponent('50%')}`,
    );
    expect(percent.body.total).toBe(1);
    const underscore = await me.api.get('/expense/getuserallexpenses?search=f_s');
    expect(underscore.body.total).toBe(1);

    const byCategory = await me.api.get('/expense/getuserallexpenses?search=other');
    expect(byCategory.body.total).toBe(26);
    // Part of a category's name, in any case.
    expect((await me.api.get('/expense/getuserallexpenses?search=tHE')).body.total).toBe(26);

    // A search matches a description as it is after an edit, not as it was.
    const groceries = await me.api.get(
      '/expense/getuserallexpenses?search=groceries%201&pageSize=1&sort=amount&order=asc',
    );
    const first = groceries.body.data[0];
    expect(first.description).toBe('Groceries 1');
    await me.api.post('/expense/updateexpense', {
      ...expense(first),
      _id: first._id,
      description: 'CINEMA Ünique',
    });
    expect((await me.api.get('/expense/getuserallexpenses?search=cinema')).body.total).toBe(6);
    expect((await me.api.get('/expense/getuserallexpenses?search=Groceries%201')).body.total).toBe(
      8,
    );
    expect(
      (await me.api.get(`/expense/getuserallexpenses?search=${encodeURIComponent('cinema Ü')}`))
        .body.total,
    ).toBe(1);

    const empty = await me.api.get('/expense/getuserallexpenses?page=99');
    expect(empty.body.data).toEqual([]);
    expect(empty.body.total).toBe(26);
  });

  it('counts a search up to 10,000, then says so and leaves the sum out; the pages go on', async () => {
    const me = await signUp(server);
    // 10,050 "movie" rows and 3 "zebra" rows, straight in SQL.
    await server.database.query(
      `insert into expenses (user_id, date, description, amount_paise, category)
         select $1, date '2026-01-01' + (g % 300), 'Movie night ' || g, 100, 'other'
           from generate_series(1, 10050) g`,
      [me.user._id],
    );
    await server.database.query(
      `insert into expenses (user_id, date, description, amount_paise, category)
         select $1, date '2026-01-01', 'Zebra crossing fine ' || g, 12345, 'other'
           from generate_series(1, 3) g`,
      [me.user._id],
    );
    const common = await me.api.get('/expense/getuserallexpenses?search=MOVIE');
    expect(common.status).toBe(200);
    expect(common.body).toMatchObject({ total: 10_000, totalCapped: true, totalAmount: null });
    expect(common.body.data).toHaveLength(20);
    // Past the counted pages the rows are still there.
    const deep = await me.api.get('/expense/getuserallexpenses?search=movie&page=503');
    expect(deep.body.data).toHaveLength(10);
    expect(deep.body.data.every((e: any) => /^Movie night/.test(e.description))).toBe(true);

    const rare = await me.api.get('/expense/getuserallexpenses?search=zebra');
    expect(rare.body).toMatchObject({ total: 3, totalAmount: 370.35 });
    expect(rare.body.totalCapped).toBeUndefined();
    // Unfiltered, the kept totals count every row.
    const all = await me.api.get('/expense/getuserallexpenses');
    expect({ total: all.body.total, totalAmount: all.body.totalAmount }).toEqual({
      total: 10_053,
      totalAmount: 10_420.35,
    });
  });

  it('sorts descriptions regardless of capitals, on both databases', async () => {
    const me = await signUp(server);
    for (const description of ['banana', 'Cherry', 'apple', 'Apricot', 'avocado'])
      await me.api.post('/expense/addexpense', expense({ description }));
    const names = async (order: string) =>
      (
        await me.api.get(`/expense/getuserallexpenses?sort=description&order=${order}`)
      ).body.data.map((e: { description: string }) => e.description);
    expect(await names('asc')).toEqual(['apple', 'Apricot', 'avocado', 'banana', 'Cherry']);
    expect(await names('desc')).toEqual(['Cherry', 'banana', 'avocado', 'Apricot', 'apple']);
  });

  it.each([
    ['a negative amount', { amount: -5 }, 'amount must be greater than 0'],
    ['a zero amount', { amount: 0 }, 'amount must be greater than 0'],
    ['three decimals', { amount: 10.005 }, 'amount must have at most 2 decimal places'],
    ['an amount as text', { amount: '12' }, 'amount must be a number'],
    ['an absurd amount', { amount: 1e15 }, 'amount must be at most 99999999999.99'],
    ['a null amount', { amount: null }, 'amount must be a number'],
    ['30 February', { date: '2026-02-30' }, 'date must be a real date between 1900 and 2200'],
    ['a DD/MM/YYYY date', { date: '20/11/2026' }, 'date must be a date (YYYY-MM-DD)'],
    [
      'an unknown category',
      { category: 'food' },
      'category must be one of your categories: movie, other, shopping',
    ],
    ['a blank category', { category: '  ' }, 'category is required'],
    [
      'a 51-character category',
      { category: 'x'.repeat(51) },
      'category must be at most 50 characters',
    ],
    ['an empty description', { description: '' }, 'description is required'],
    [
      'a 501-character description',
      { description: 'x'.repeat(501) },
      'description must be at most 500 characters',
    ],
  ])('refuses %s with a 400 naming the field', async (_label, bad, message) => {
    const me = await signUp(server);
    const res = await me.api.post('/expense/addexpense', expense(bad));
    expect(res.status).toBe(400);
    // The field the message names is the one the answer names.
    const field = message.split(' ')[0];
    expect(res.body).toEqual({ success: false, message, code: 'validation', field });
    expect((await me.api.get('/expense/getuserallexpenses')).body.total).toBe(0);
  });
});

describe('expenses, bad requests', () => {
  it('answers 400, never 500, to malformed requests, and keeps what was saved', async () => {
    const me = await signUp(server);
    const saved = await me.api.post('/expense/addexpense', expense());
    const id = saved.body.data._id;

    const cases = [
      await me.api.raw('POST', '/expense/addexpense', '{not json'),
      await me.api.raw('POST', '/expense/addexpense', '[]'),
      await me.api.post('/expense/updateexpense', expense({ _id: 'not-a-uuid', amount: 1 })),
      await me.api.post('/expense/deleteexpense', { id: 12 }),
      await me.api.get('/expense/getuserallexpenses?page=0'),
      await me.api.get('/expense/getuserallexpenses?pageSize=1000'),
      await me.api.get('/expense/getuserallexpenses?sort=password'),
      await me.api.get('/expense/getuserallexpenses?page=abc'),
    ];
    for (const res of cases) {
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toEqual(expect.any(String));
    }
    const big = await me.api.post(
      '/expense/addexpense',
      expense({ description: 'x'.repeat(70_000) }),
    );
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('Request body is too large');

    const list = await me.api.get('/expense/getuserallexpenses');
    expect(list.body.data).toEqual([expect.objectContaining({ _id: id, amount: 1234.56 })]);
  });

  it("never shows or changes another user's expenses: they answer 404", async () => {
    const owner = await signUp(server);
    const stranger = await signUp(server);
    const mine = await owner.api.post('/expense/addexpense', expense({ description: 'Private' }));
    const id = mine.body.data._id;

    expect((await stranger.api.get('/expense/getuserallexpenses')).body.total).toBe(0);
    expect(
      (await stranger.api.get('/expense/getuserallexpenses?search=Private')).body.data,
    ).toEqual([]);
    expect((await stranger.api.get('/user/getalldata')).body.data.expenses).toEqual({
      count: 0,
      totalAmount: 0,
    });

    const edit = await stranger.api.post(
      '/expense/updateexpense',
      expense({ _id: id, version: 1, amount: 1 }),
    );
    expect(edit.status).toBe(404);
    expect(edit.body.message).toBe('Expense not found');
    const del = await stranger.api.post('/expense/deleteexpense', { id });
    expect(del.status).toBe(404);

    const still = await owner.api.get('/expense/getuserallexpenses');
    expect(still.body.data).toEqual([expect.objectContaining({ _id: id, amount: 1234.56 })]);
  });

  it('needs a session for every call', async () => {
    const anon = server.api();
    for (const res of [
      await anon.get('/expense/getuserallexpenses'),
      await anon.post('/expense/addexpense', expense()),
      await anon.post('/expense/updateexpense', expense({ _id: crypto.randomUUID() })),
      await anon.post('/expense/deleteexpense', { id: crypto.randomUUID() }),
      await anon.get('/user/getalldata'),
    ]) {
      expect(res.status).toBe(401);
    }
  });
});

describe('paging', () => {
  it('lists rows with equal sort values once each, on one page only, in either order', async () => {
    const me = await signUp(server);
    for (let i = 0; i < 25; i++)
      await me.api.post('/expense/addexpense', expense({ amount: 10, description: `Same ${i}` }));
    for (const order of ['asc', 'desc']) {
      const pages = [];
      for (const page of [1, 2, 3]) {
        const res = await me.api.get(
          `/expense/getuserallexpenses?sort=amount&order=${order}&page=${page}&pageSize=10`,
        );
        expect(res.body).toMatchObject({ total: 25, page, pageSize: 10, totalAmount: 250 });
        pages.push(...res.body.data.map((e: { _id: string }) => e._id));
      }
      expect(pages).toHaveLength(25);
      expect(new Set(pages).size).toBe(25);
    }
  });

  it('Next and Previous from a row position give the same pages as page numbers, for every sort', async () => {
    const me = await signUp(server);
    // Ties in every sort column (dates, amounts, categories, descriptions of mixed case), and
    // rows made in the same instant, so that only the key breaks them.
    await server.database.query(
      `insert into expenses (user_id, date, description, amount_paise, category)
         select $1, date '2026-03-01' + (g % 4), (array['apple', 'Apple', 'banana'])[1 + g % 3],
                (g % 5) * 1000, (array['shopping', 'movie', 'other'])[1 + g % 3]
           from generate_series(1, 47) g`,
      [me.user._id],
    );
    const list = (query: string) => me.api.get(`/expense/getuserallexpenses?pageSize=10&${query}`);
    await expectRowPositionsPageAsNumbers(
      list,
      ['date', 'amount', 'description', 'category', 'createdAt'],
      47,
    );
    // Past the last row: an empty page, and no positions to go on from.
    const last = await list('page=5&after=' + (await list('page=5')).body.cursors.last);
    expect(last.body).toMatchObject({ data: [], cursors: null });
  });

  it('refuses a made-up row position with a 400 that says what to do', async () => {
    const me = await signUp(server);
    const forged = Buffer.from(JSON.stringify(["x'); drop table expenses;--", 'nope'])).toString(
      'base64url',
    );
    for (const position of [forged, 'bm90IGpzb24', 'a'.repeat(401), 'has spaces']) {
      const res = await me.api.get(`/expense/getuserallexpenses?page=2&after=${position}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(
        /after must be a page position from this list|out of date: go back to its first page/,
      );
    }
    const both = await me.api.get('/expense/getuserallexpenses?page=2&after=abc&before=abc');
    expect(both.status).toBe(400);
    expect(both.body.message).toBe('before cannot be used with after');
    // A well-formed position of a value its column cannot hold is refused the same way.
    const zero = '00000000-0000-0000-0000-000000000000';
    for (const [sort, value] of [
      ['date', '2026-02-30'],
      ['amount', '12.5'],
      ['createdAt', '2026-11-24 25:00:00+00'],
      ['description', 'nul \u0000 byte'],
    ]) {
      const position = Buffer.from(JSON.stringify([value, zero])).toString('base64url');
      const res = await me.api.get(
        `/expense/getuserallexpenses?sort=${sort}&page=2&after=${position}`,
      );
      expect(res.status, sort).toBe(400);
      expect(res.body.message).toBe(
        'This page of the list is out of date: go back to its first page',
      );
    }
  });
});

describe('the rest of the surface', () => {
  it('answers unknown API paths with a JSON 404 and serves the OpenAPI document', async () => {
    const missing = await server.api().get('/no/such/call');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ success: false, message: 'Not found', code: 'not_found' });

    const doc = await fetch(`${server.origin}/api/docs/json`).then((r) => r.json() as Promise<any>);
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/user/loginuser',
        '/api/expense/getuserallexpenses',
        '/api/expense/addexpense',
        '/api/user/getalldata',
      ]),
    );
    // The overview tells the envelope and every limit, with the numbers the server enforces.
    expect(doc.info.description).toContain('`{ success: boolean, message?: string, data?');
    expect(doc.info.description).toMatch(
      /\| POST \/api\/user\/registeruser \| address \| \d+ per 1 hour \|/,
    );
  });

  it('sends security headers and a request id', async () => {
    const res = await server.api().get('/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    // The SPA's one worker, which loads the locale data off the page's thread, is a blob.
    expect(res.headers.get('content-security-policy')).toContain("worker-src 'self' blob:");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-request-id')).toMatch(/^[\w-]+$/);
  });
});

describe('writes that meet at the same moment', () => {
  it('a deadlock the database broke is a 503 to try again, and nothing of the call is saved', async () => {
    const me = await signUp(server);
    // The database rolling back one of two writes that waited for each other, on demand.
    await whileInsertsRefused(
      server,
      { table: 'expenses', column: 'description', value: 'Deadlocked', errcode: '40P01' },
      async () => {
        const expense = {
          date: '2026-02-01',
          description: 'Deadlocked',
          amount: 10,
          category: 'other',
        };
        const res = await me.api.post('/expense/addexpense', expense);
        expect(res.status).toBe(503);
        expect(res.headers.get('retry-after')).toBe('1');
        expect(res.body).toEqual({
          success: false,
          message: 'Another change was being saved at the same moment. Please try again.',
          code: 'unavailable',
        });
        expect((await me.api.get('/expense/getuserallexpenses')).body.total).toBe(0);
      },
    );
  });
});
