import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { MyData } from '../../contract/api/auth';
import { exportBatch } from '../../server/db/keyset';
import * as schema from '../../server/db/schema';
import { addUser, bankAccountBody, expenseBody, paymentBody, signUp } from './helpers';
import { useServer } from './fixtures/server';
import { unzipTexts } from './myDataZip';

const server = useServer(() => {
  // A few rows cross many batches.
  exportBatch.size = 2;
});
afterAll(() => {
  exportBatch.size = 2000;
});

/** The ZIP's file for each list of the JSON. */
const FILES: Record<string, string[]> = {
  expenses: ['expenses.csv'],
  loans: ['lend.csv', 'borrowed.csv'],
  repayments: ['repayments.csv'],
  categories: ['categories.csv'],
  recurringExpenses: ['recurring-expenses.csv'],
  khataPeople: ['khata-people.csv'],
  khataReminders: ['khata-reminders.csv'],
  lendReminderSchedules: ['lend-reminder-schedules.csv'],
  khataLinks: ['khata-links.csv'],
  people: ['people.csv'],
  projects: ['projects.csv'],
  bankAccounts: ['bank-accounts.csv'],
  payments: ['payments.csv'],
};

/** Data lines of a CSV (no record here spans lines). */
const lines = (text: string) => text.split('\r\n').filter(Boolean).slice(1);

describe('export my data', () => {
  it('holds the same records as JSON and as a ZIP of CSV files', async () => {
    const admin = await signUp(server);
    const company = await addUser(server, admin.api, 'Both Ways Co', 'company');
    await addUser(server, company.api, 'Both Ways PM', 'pm');
    const api = company.api;
    for (let i = 0; i < 5; i++)
      await api.post(
        '/expense/addexpense',
        expenseBody({
          date: `2026-02-0${1 + i}`,
          description: i === 0 ? '=HYPERLINK("http://x")' : `expense ${i}`,
          amount: 1 + i,
        }),
      );
    for (const [path, name] of [
      ['/lend/addlend', 'Ravi'],
      ['/lend/addlend', 'Asha'],
      ['/borrowed/addborrowed', 'Meena'],
    ] as const) {
      // Ravi has a mobile and reminders on schedule: the khata's records below are his.
      const ravi = name === 'Ravi' ? { mobile: '9123456780', autoRemind: true } : {};
      const entry = await api.post(path, {
        name,
        email: `${name.toLowerCase()}@example.com`,
        amount: 100,
        issueDate: '2026-01-01',
        repaymentDate: '2099-01-01',
        ...ravi,
      });
      expect(entry.status).toBe(201);
      if (name === 'Ravi')
        await api.post('/lend/addrepayment', {
          loanId: entry.body.data._id,
          date: '2026-01-10',
          amount: 10,
          remark: 'cash',
        });
    }
    await api.post('/expense/addrecurring', {
      description: 'Rent',
      amount: 250,
      category: 'other',
      schedule: 'monthly',
      day: 5,
      startDate: '2199-01-05',
    });
    const account = await api.post('/company/createbank', bankAccountBody({ openingBalance: 1 }));
    for (let i = 0; i < 3; i++)
      await api.post(
        '/company/addpayment',
        paymentBody({
          accountId: account.body.data._id,
          date: `2026-03-0${1 + i}`,
          remark: `pay ${i}`,
          amount: 1,
        }),
      );

    const people = (await api.get('/user/getcounterparties')).body.data as {
      _id: string;
      name: string;
    }[];
    const ravi = people.find((p) => p.name === 'Ravi')!._id;
    expect(
      (await api.post(`/khata/people/${ravi}/reminders`, { channel: 'whatsapp' })).status,
    ).toBe(201);
    const link = await api.post(`/khata/people/${ravi}/links`, { expiresInDays: 7 });
    expect(link.status).toBe(201);
    const token = (link.body.data.url as string).split('/statement/')[1]!;
    const [stored] = await server.db
      .select({ tokenHash: schema.khataLinks.tokenHash })
      .from(schema.khataLinks)
      .where(eq(schema.khataLinks.counterpartyId, ravi));
    const tokenHash = stored!.tokenHash;

    const json = (await api.raw('GET', '/user/exportmydata')).body as Record<string, unknown[]>;
    const zip = await fetch(`${server.origin}/api/user/exportmydata/zip`, {
      headers: { authorization: `Bearer ${company.token}` },
    });
    const files = await unzipTexts(Buffer.from(await zip.arrayBuffer()));
    expect(files.map((f) => f.name)).toEqual(['profile.csv', ...Object.values(FILES).flat()]);
    const counts = Object.fromEntries(
      Object.entries(FILES).map(([key, names]) => [
        key,
        names.flatMap((name) => lines(files.find((f) => f.name === name)!.text)).length,
      ]),
    );
    // The JSON holds every list the ZIP does (its document, MyData, declares them all), as
    // many records as the CSVs.
    const declared = Object.keys(FILES);
    expect(declared.filter((key) => !(key in MyData.shape))).toEqual([]);
    expect(Object.fromEntries(declared.map((key) => [key, json[key]!.length]))).toEqual(
      Object.fromEntries(declared.map((key) => [key, counts[key]])),
    );
    expect(counts).toMatchObject({
      expenses: 5,
      loans: 3,
      repayments: 1,
      recurringExpenses: 1,
      khataPeople: 3,
      khataReminders: 1,
      lendReminderSchedules: 1,
      khataLinks: 1,
      payments: 3,
    });
    expect(json.khataReminders![0]).toMatchObject({
      counterpartyId: ravi,
      channel: 'whatsapp',
      amountPaise: 9000,
    });
    expect(files.find((f) => f.name === 'khata-reminders.csv')!.text).toContain(
      ',Ravi,WhatsApp,90.00,',
    );
    // A statement link is listed, but neither its token nor its hash ever leaves the database.
    expect(json.khataLinks![0]).toMatchObject({ counterpartyId: ravi, revokedAt: null });
    expect(json.khataLinks![0]).not.toHaveProperty('tokenHash');
    for (const text of [JSON.stringify(json), ...files.map((f) => f.text)]) {
      expect(text).not.toContain(tokenHash);
      expect(text).not.toContain(token);
      expect(text).not.toMatch(/token_?hash/i);
    }
    // Money in paise in the JSON, in rupees in the CSV; no formula reaches a spreadsheet.
    expect(json.expenses![0]).toMatchObject({
      description: '=HYPERLINK("http://x")',
      amountPaise: 100,
    });
    expect(files[1]!.text).toContain(`"'=HYPERLINK(""http://x"")"`);
  });
});
