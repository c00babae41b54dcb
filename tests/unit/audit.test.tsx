import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { AuditEntry, AuditList } from '../../contract/api/audit';
import { Person, PersonList } from '../../contract/api/people';
import { apiSlice } from '../../src/api/apiSlice';
import type { Role, User } from '../../src/api/types';
import { pick, recordRequests, signedIn, testUser, textsOf } from './helpers';
import { adminCompanies } from './fixtures/people';
import { server } from './msw';
import { renderApp } from './fixtures/screens';

const as = (role: Role): User => ({
  ...testUser,
  _id: `${role}-1`,
  role,
  position: role === 'admin' ? 1 : 2,
});

const person = (p: Partial<z.output<typeof Person>>) =>
  Person.parse({
    _id: 'x',
    date: '2026-01-05T10:00:00.000Z',
    name: 'Someone',
    email: 'someone@example.com',
    mobile: '9000000000',
    registration_number: 'R-1',
    status: 'active',
    role: 'pm',
    country: 'India',
    invitePending: false,
    version: 1,
    ...p,
  });

const acme = person({ _id: 'c1', name: 'Acme Builders', role: 'company', employeeCount: 1 });
const bluebird = person({ _id: 'c2', name: 'Bluebird Traders', role: 'company', employeeCount: 0 });
const priya = person({ _id: 'pm-1', name: 'Priya Menon', role: 'pm' });

const projectRow = {
  id: 'pr1',
  company_id: 'c1',
  project_manager_id: 'pm-1',
  date: '2026-03-15',
  project_name: 'Riverside Tower',
  client_name: 'Kapoor Estates',
  price_paise: 100000,
  payment_status: 'Advance paid',
  created_at: '2026-03-15T10:00:00.123456+00:00',
  updated_at: '2026-03-15T10:00:00.123456+00:00',
};

const entry = (e: Partial<z.output<typeof AuditEntry>>) =>
  AuditEntry.parse({
    _id: '1',
    at: '2026-03-15T10:00:00.000Z',
    actorId: 'c1',
    actor: 'Acme Builders',
    actorEmail: 'acme@example.com',
    companyId: 'c1',
    kind: 'projects',
    recordId: 'pr1',
    record: 'Riverside Tower',
    related: [],
    action: 'create',
    before: null,
    after: projectRow,
    ...e,
  });

const created = entry({ _id: '1' });
const updated = entry({
  _id: '2',
  at: '2026-03-16T11:30:00.000Z',
  action: 'update',
  before: projectRow,
  after: {
    ...projectRow,
    price_paise: 150050,
    project_manager_id: 'pm-2',
    updated_at: '2026-03-16T11:30:00.000000+00:00',
  },
});
const deletedExpense = entry({
  _id: '3',
  actorId: 'pm-1',
  actor: 'Priya Menon',
  actorEmail: 'priya@example.com',
  kind: 'expenses',
  recordId: 'ex1',
  record: 'Team lunch',
  action: 'delete',
  before: {
    id: 'ex1',
    user_id: 'pm-1',
    date: '2026-03-10',
    description: 'Team lunch',
    amount_paise: 45075,
    category: 'other',
  },
  after: null,
});
const lent = entry({
  _id: '4',
  kind: 'loans',
  recordId: 'l1',
  record: 'Ravi Kumar',
  after: { id: 'l1', direction: 'lend', name: 'Ravi Kumar', amount_paise: 500000 },
});

type Answer = {
  data: z.output<typeof AuditEntry>[];
  total?: number;
  totalCapped?: boolean;
  cursors?: { first: string; last: string };
};

/** The audit call (answering `answer(url)`), the companies and the PMs. */
function handlers(answer: (url: URL) => Answer = () => ({ data: [updated, created] })) {
  server.use(
    http.get('/api/audit/getaudit', ({ request }) => {
      const url = new URL(request.url);
      const { data, total = data.length, ...rest } = answer(url);
      return HttpResponse.json(
        AuditList.parse({
          success: true,
          data,
          total,
          ...rest,
          page: Number(url.searchParams.get('page') ?? 1),
          pageSize: 20,
        }),
      );
    }),
    adminCompanies([acme, bluebird]),
    http.get('/api/company/getallpm', () =>
      HttpResponse.json(
        PersonList.parse({ success: true, data: [priya], total: 1, page: 1, pageSize: 100 }),
      ),
    ),
  );
}

function renderAs(role: Role) {
  return renderApp('/app/audit', signedIn(as(role)));
}

/** The trail as `role` opens it, its requests recorded, once its rows have come. */
async function openTrail(role: Role) {
  handlers();
  const rec = recordRequests();
  const rendered = renderAs(role);
  await screen.findAllByText('Riverside Tower');
  return { ...rendered, rec };
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;
const cellsOf = (row: HTMLElement) => textsOf(row, 'cell');
const lastCall = (calls: Request[]) => new URL(calls.at(-1)!.url).searchParams;

describe('Audit Trail', () => {
  it('is in the menu of admins and companies only', async () => {
    handlers();
    renderAs('company');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Audit Trail' })).toHaveAttribute(
      'href',
      '/app/audit',
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Audit Trail' })).toBeVisible();
  });

  it('a PM cannot open it', async () => {
    renderAs('pm');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).queryByRole('link', {
        name: 'Audit Trail',
      }),
    ).toBeNull();
  });

  it('shows when, who (e-mail on hover), what, action and record of each entry', async () => {
    handlers(() => ({ data: [updated, created, deletedExpense, lent] }));
    renderAs('admin');
    const rows = within(await screen.findByRole('table', { name: 'Audit Trail' }));
    await rows.findAllByText('Riverside Tower');
    const bodyRows = rows.getAllByRole('row').slice(1);
    expect(bodyRows).toHaveLength(4);

    const [upd, crt, del, loan] = bodyRows.map((r) => cellsOf(r));
    // When: DD/MM/YYYY HH:mm in local time.
    const local = (iso: string) => {
      const d = new Date(iso);
      const p = (n: number) => String(n).padStart(2, '0');
      return `${p(d.getDate())}/${p(d.getMonth() + 1)}/${d.getFullYear()} ${p(d.getHours())}:${p(d.getMinutes())}`;
    };
    expect(upd!.slice(0, 5)).toEqual([
      local(updated.at),
      'Acme Builders',
      'Projects',
      'Updated',
      'Riverside Tower',
    ]);
    expect(crt!.slice(0, 5)).toEqual([
      local(created.at),
      'Acme Builders',
      'Projects',
      'Created',
      'Riverside Tower',
    ]);
    expect(del!.slice(1, 5)).toEqual(['Priya Menon', 'Expenses', 'Deleted', 'Team lunch']);
    expect(loan!.slice(2, 5)).toEqual(['Lend', 'Created', 'Ravi Kumar']);
    expect(within(bodyRows[2]!).getByText('Priya Menon')).toHaveAttribute(
      'title',
      'priya@example.com',
    );
    expect(screen.getByText('4 entries', { exact: false })).toBeInTheDocument();
  });

  it('an update lists the changed fields, money in rupees, internal columns hidden', async () => {
    handlers();
    renderAs('admin');
    const row = await rowOf('price:');
    const changes = within(row).getAllByRole('listitem');
    expect(changes.map((li) => li.textContent)).toEqual(['price: ₹1,000.00 → ₹1,500.50']);
    for (const hidden of ['updated at', 'project manager', 'pm-2'])
      expect(row).not.toHaveTextContent(hidden);
    expect(within(row).queryByRole('button', { name: /Details/ })).toBeNull();
    // No Add, Edit or Delete anywhere: the trail is read only.
    expect(screen.queryByRole('button', { name: /Add|Edit|Delete/ })).toBeNull();
  });

  it('a create opens Data Details with the row: money formatted, ids hidden', async () => {
    handlers(() => ({ data: [created, deletedExpense] }));
    const { user } = renderAs('admin');
    await user.click(
      await screen.findByRole('button', { name: 'Details of created Projects: Riverside Tower' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Data Details' });
    const pairs = Object.fromEntries(
      within(dialog)
        .getAllByRole('term')
        .map((dt) => [dt.textContent, dt.nextElementSibling!.textContent]),
    );
    expect(pairs).toMatchObject({
      'Project Name': 'Riverside Tower',
      'Client Name': 'Kapoor Estates',
      Price: '₹1,000.00',
      Date: '15/03/2026',
    });
    // What names the record comes first.
    expect(within(dialog).getAllByRole('term')[0]).toHaveTextContent('Project Name');
    for (const hidden of ['Id', 'Company Id', 'Project Manager Id', 'Updated At', 'Price Paise'])
      expect(pairs).not.toHaveProperty(hidden);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(
      screen.getByRole('button', { name: 'Details of deleted Expenses: Team lunch' }),
    );
    const expense = await screen.findByRole('dialog', { name: 'Data Details' });
    expect(expense).toHaveTextContent('₹450.75');
    expect(expense).toHaveTextContent('Team lunch');
    expect(within(expense).getByText('Category').nextElementSibling).toHaveTextContent(/^Other$/);
    expect(expense).not.toHaveTextContent('pm-1');
  });

  it("names a payment's account, links its related records and opens a record's history", async () => {
    const account = { relation: 'account', kind: 'bank_accounts', recordId: 'a1' } as const;
    const payment = entry({
      _id: '5',
      kind: 'payments',
      recordId: 'p1',
      record: 'Debit of ₹40.50: rent',
      related: [
        { ...account, name: 'HDFC Bank, Asha Rao ••9012' },
        {
          relation: 'reversedBy',
          kind: 'payments',
          recordId: 'p2',
          name: 'Credit reversal of ₹40.50: Reversal: rent',
        },
      ],
      after: { id: 'p1', account_id: 'a1', remark: 'rent', type: 'debit', amount_paise: 4050 },
    });
    const history = entry({
      _id: '6',
      kind: 'bank_accounts',
      recordId: 'a1',
      record: 'HDFC Bank, Asha Rao ••9012',
      after: { id: 'a1', bank_name: 'HDFC Bank', holder_name: 'Asha Rao' },
    });
    handlers((url) => ({
      data: url.searchParams.get('recordId') === 'a1' ? [history] : [payment],
    }));
    const rec = recordRequests();
    const { user } = renderAs('company');
    const row = await rowOf('Debit of ₹40.50: rent');
    expect(
      within(row).getByRole('link', { name: 'History of Debit of ₹40.50: rent' }),
    ).toBeVisible();
    expect(row).toHaveTextContent('Account: HDFC Bank, Asha Rao ••9012');
    expect(row).toHaveTextContent('Reversed by: Credit reversal of ₹40.50');

    // Data Details says which account it was on; no ids.
    await user.click(
      within(row).getByRole('button', {
        name: 'Details of created Payments: Debit of ₹40.50: rent',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Data Details' });
    expect(within(dialog).getByText('Account').nextElementSibling).toHaveTextContent(
      'HDFC Bank, Asha Rao ••9012',
    );
    expect(dialog).not.toHaveTextContent('a1');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    // The account's link opens its history: the trail of that record alone.
    await user.click(
      within(row).getByRole('link', { name: 'History of HDFC Bank, Asha Rao ••9012' }),
    );
    // The record's name comes with the trail's first page.
    await waitFor(() =>
      expect(screen.getByText(/The history of one record/)).toHaveTextContent(
        'The history of one record: HDFC Bank, Asha Rao ••9012',
      ),
    );
    expect(lastCall(rec.to('/api/audit/getaudit')).get('recordId')).toBe('a1');
    await user.click(screen.getByRole('button', { name: 'Every record' }));
    await rowOf('Debit of ₹40.50: rent');
    expect(screen.queryByText(/The history of one record/)).toBeNull();
  });

  it('filters send kind, from, to, user and companyId, and start again at page 1', async () => {
    const { user, rec } = await openTrail('admin');
    const calls = () => rec.to('/api/audit/getaudit');
    const first = lastCall(calls());
    expect(first.get('page')).toBe('1');
    for (const key of ['kind', 'from', 'to', 'companyId', 'actorId'])
      expect(first.has(key)).toBe(false);

    await pick(user, 'Company', 'Acme Builders');
    await waitFor(() => expect(lastCall(calls()).get('companyId')).toBe('c1'));
    await user.selectOptions(screen.getByLabelText('Kind'), 'Projects');
    await waitFor(() => expect(lastCall(calls()).get('kind')).toBe('projects'));
    const kinds = textsOf(screen.getByLabelText('Kind'), 'option');
    expect(kinds).toEqual([
      'All kinds',
      'People',
      'Expenses',
      'Lend/Borrowed',
      'Repayments',
      'Projects',
      'Bank accounts',
      'Payments',
    ]);
    await user.type(screen.getByLabelText('From'), '2026-03-01');
    await waitFor(() => expect(lastCall(calls()).get('from')).toBe('2026-03-01'));
    await user.type(screen.getByLabelText('To'), '2026-03-31');
    await waitFor(() => expect(lastCall(calls()).get('to')).toBe('2026-03-31'));
    await pick(user, 'User', 'Priya Menon (PM)');
    await waitFor(() => expect(lastCall(calls()).get('actorId')).toBe('pm-1'));
    expect(Object.fromEntries(lastCall(calls()))).toEqual({
      companyId: 'c1',
      actorId: 'pm-1',
      kind: 'projects',
      from: '2026-03-01',
      to: '2026-03-31',
      page: '1',
      pageSize: '20',
    });

    // Clear filters: every filter back to empty (the unfiltered page is served from cache).
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    for (const label of ['Company', 'User', 'Kind', 'From', 'To'])
      expect(screen.getByLabelText(label)).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('an end date before the start date is not sent', async () => {
    const { user, rec } = await openTrail('admin');
    await user.type(screen.getByLabelText('From'), '2026-03-31');
    await user.type(screen.getByLabelText('To'), '2026-03-01');
    expect(await screen.findByText('End date must be on or after the start date')).toBeVisible();
    const sent = rec.to('/api/audit/getaudit').map((r) => new URL(r.url).searchParams.get('to'));
    expect(sent).not.toContain('2026-03-01');
  });

  it('a long trail says 500+ pages; Next and Previous go from the entries at the edges', async () => {
    handlers((url) => {
      const page = Number(url.searchParams.get('page') ?? 1);
      // Full pages: past a capped count a short page would be the last.
      return {
        data: Array.from({ length: 20 }, (_, i) => ({ ...updated, _id: `${page}-${i}` })),
        total: 10_000,
        totalCapped: true,
        cursors: { first: `first-of-${page}`, last: `last-of-${page}` },
      };
    });
    const rec = recordRequests();
    const { user } = renderAs('admin');
    expect(await screen.findByText('Page 1 of 500+')).toBeInTheDocument();
    expect(screen.getByText(/newest first/)).toHaveTextContent(/· 10,000\+ entries$/);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 500+')).toBeInTheDocument();
    expect(lastCall(rec.to('/api/audit/getaudit')).get('after')).toBe('last-of-1');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 3 of 500+')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Page 2 of 500+')).toBeInTheDocument();
    const back = lastCall(rec.to('/api/audit/getaudit'));
    expect([back.get('page'), back.get('before'), back.get('after')]).toEqual([
      '2',
      'first-of-3',
      null,
    ]);
  });

  it('pages on the server: Next sends page 2', async () => {
    handlers((url) =>
      url.searchParams.get('page') === '2'
        ? { data: [created], total: 21 }
        : { data: [updated], total: 21 },
    );
    const rec = recordRequests();
    const { user } = renderAs('admin');
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(lastCall(rec.to('/api/audit/getaudit')).get('page')).toBe('2');
    expect(await screen.findByRole('button', { name: /^Details of created/ })).toBeInTheDocument();
  });

  it('a company reads its own trail: no company picker, its PMs in the user filter', async () => {
    const { user, rec } = await openTrail('company');
    expect(screen.queryByLabelText('Company')).toBeNull();
    await user.click(screen.getByRole('combobox', { name: 'User' }));
    await screen.findByRole('option', { name: 'Priya Menon (PM)' });
    const users = textsOf(screen.getByRole('listbox', { name: 'User options' }), 'option');
    expect(users).toEqual(['Everyone', 'Asha Rao (you)', 'Priya Menon (PM)']);
    expect(rec.to('/api/user/getadminallcompany')).toHaveLength(0);
    expect(lastCall(rec.to('/api/audit/getaudit')).has('companyId')).toBe(false);
  });

  it('any change elsewhere refreshes the trail', async () => {
    const { store, rec } = await openTrail('company');
    const before = rec.to('/api/audit/getaudit').length;
    for (const type of ['project', 'expense', 'lend', 'borrowed', 'bank', 'users'] as const) {
      const count = rec.to('/api/audit/getaudit').length;
      store.dispatch(apiSlice.util.invalidateTags([{ type, id: 'LIST' }]));
      await waitFor(() => expect(rec.to('/api/audit/getaudit').length).toBe(count + 1));
    }
    expect(rec.to('/api/audit/getaudit').length).toBe(before + 6);
  });
});
