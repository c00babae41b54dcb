import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ImportPreview } from '../../contract/api/imports';
import type { Role } from '../../contract/enums';
import { IMPORT_MAX_BYTES } from '../../contract/imports';
import type { Account } from '../../src/api/accountsApi';
import { dashboardApi } from '../../src/features/dashboard/dashboardApi';
import { todayLocalISO } from '../../src/lib/dates';
import { dashboardData, dashboardHandler, recordRequests } from './helpers';
import { accountsHandler, account as bankAccount } from './bankFixtures';
import { server } from './msw';
import { renderAs, refusal } from './fixtures/screens';

const PREVIEW = '/api/import/preview';
const RUN = '/api/import/run';

/** An expenses sheet whose row 3 has a bill date that does not exist; column D is the paid date. */
const CSV = [
  'Bill date,Spent on,Amount,Paid on',
  '01/11/2026,Groceries,"1,250.50",02/11/2026',
  '31/02/2026,Cinema,450,03/11/2026',
  '05/11/2026,Books,"12,000",05/11/2026',
].join('\r\n');
const csvFile = () => new File([CSV], 'spending.csv', { type: 'text/csv' });

const COLUMNS = [
  { column: 1, letter: 'A', header: 'Bill date' },
  { column: 2, letter: 'B', header: 'Spent on' },
  { column: 3, letter: 'C', header: 'Amount' },
  { column: 4, letter: 'D', header: 'Paid on' },
];
const BAD_DATE = '"31/02/2026" is not a real date (between 1900 and 2200)';

/** The server's preview of CSV with its dates read from `dateColumn` (A, as guessed, is bad). */
function previewOf(dateColumn = 1, settingsFrom: 'guessed' | 'given' = 'guessed') {
  const bad = dateColumn === 1;
  const problem = { row: 3, column: 1, message: BAD_DATE };
  const row = (n: number, cells: string[], error = false) => ({
    row: n,
    cells,
    status: error ? 'error' : 'ready',
    problems: error ? [problem] : [],
    note: null,
  });
  return ImportPreview.parse({
    fileType: 'csv',
    sheets: [],
    settings: {
      kind: 'expenses',
      headerRow: 1,
      dateFormat: 'DD/MM/YYYY',
      amountStyle: 'single',
      dateColumn,
      descriptionColumn: 2,
      amountColumn: 3,
      category: 'other',
    },
    settingsFrom,
    above: [],
    columns: COLUMNS,
    settingProblems: [],
    rows: [
      row(2, ['01/11/2026', 'Groceries', '1,250.50', '02/11/2026']),
      row(3, ['31/02/2026', 'Cinema', '450', '03/11/2026'], bad),
      row(4, ['05/11/2026', 'Books', '12,000', '05/11/2026']),
    ],
    counts: { rows: 3, ready: bad ? 2 : 3, errors: bad ? 1 : 0, duplicates: 0, skipped: 0 },
    problems: bad ? [problem] : [],
  });
}

/** Answers each preview by the date column asked for (none given: the guess, column A). */
const previewHandler = () =>
  http.post(PREVIEW, ({ request }) => {
    const asked = new URL(request.url).searchParams.get('dateColumn');
    return HttpResponse.json(asked ? previewOf(Number(asked), 'given') : previewOf());
  });

/** The company's account, open, with ₹10,000.00 in it. */
const account: Account = {
  ...bankAccount,
  defaultStatus: 'active',
  openingBalance: 10000,
  balance: 10000,
};

/** The import screen (or `route`), signed in as the test user in `role`. */
const renderImport = (role: Role, route = '/app/import') => renderAs(role, route);

type User = ReturnType<typeof renderImport>['user'];

async function chooseFile(user: User, file: File = csvFile()) {
  await user.upload(await screen.findByLabelText('File (.csv or .xlsx)'), file);
}

/** A body the test writes a line at a time, as the server writes its progress. */
function lineStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  return {
    stream,
    send: (event: object) => controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`)),
    end: () => controller.close(),
  };
}

describe('Import', () => {
  it('previews a file: sends only the kind, then shows the guessed mapping and the rows', async () => {
    server.use(previewHandler());
    const log = recordRequests();
    const { user } = renderImport('company');
    await chooseFile(user);

    expect(await screen.findByLabelText('Date column')).toHaveDisplayValue('A · Bill date');
    expect(screen.getByLabelText('Description column')).toHaveDisplayValue('B · Spent on');
    expect(screen.getByLabelText('Amount column')).toHaveDisplayValue('C · Amount');
    expect(screen.getByLabelText('Date format')).toHaveDisplayValue('DD/MM/YYYY (31/03/2026)');
    expect(screen.getByLabelText('Amounts')).toHaveDisplayValue('One amount column');
    // The user's own categories, as named.
    await waitFor(() =>
      expect(screen.getByLabelText('Category of rows without one')).toHaveDisplayValue('other'),
    );
    expect(screen.getByText('The settings below are guessed from the file: check them.'));
    expect(
      screen.getByText('3 rows: 2 ready, 1 with errors, 0 already there, 0 skipped'),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'The rows of the file' });
    expect(
      within(table).getByRole('columnheader', { name: 'B · Spent on, read as Description' }),
    ).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Groceries/ })).toHaveTextContent('Ready');

    // The file itself is the body; only the kind is sent, the rest is the server's guess.
    const sent = log.to(PREVIEW)[0]!;
    expect(Object.fromEntries(new URL(sent.url).searchParams)).toEqual({ kind: 'expenses' });
    expect(sent.headers.get('content-type')).toBe('text/csv');
    expect(sent.headers.get('authorization')).toBe('Bearer tok-1');
    expect(await sent.text()).toBe(CSV);
  });

  it('marks the bad cell, lists the problem and keeps Import disabled, saying why', async () => {
    server.use(previewHandler());
    const { user } = renderImport('company');
    await chooseFile(user);

    const row = await screen.findByRole('row', { name: /Cinema/ });
    expect(within(row).getByText('Error')).toBeInTheDocument();
    const cell = within(row).getByRole('cell', { name: '31/02/2026' });
    expect(cell).toHaveClass('bg-red-100');
    expect(cell).toHaveAccessibleDescription(`A: ${BAD_DATE}`);
    expect(cell).toHaveAttribute('title', BAD_DATE);
    // The other cells of the row are not marked.
    expect(within(row).getByRole('cell', { name: 'Cinema' })).not.toHaveClass('bg-red-100');
    expect(screen.getByRole('region', { name: 'Problems in the file' })).toHaveTextContent(
      `Row 3, column A “Bill date”: ${BAD_DATE}`,
    );

    const importButton = screen.getByRole('button', { name: 'Import 2 rows' });
    expect(importButton).toBeDisabled();
    expect(importButton).toHaveAccessibleDescription(
      '1 row has an error: change the settings above, or correct the file and choose it again.',
    );
  });

  it('checks the file again when a mapping changes, sending that setting', async () => {
    server.use(previewHandler());
    const log = recordRequests();
    const { user } = renderImport('company');
    await chooseFile(user);
    await screen.findByRole('row', { name: /Cinema/ });

    await user.selectOptions(screen.getByLabelText('Date column'), 'D · Paid on');
    await waitFor(() => expect(log.to(PREVIEW)).toHaveLength(2));
    expect(Object.fromEntries(new URL(log.to(PREVIEW)[1]!.url).searchParams)).toEqual({
      kind: 'expenses',
      dateColumn: '4',
    });
    expect(await log.to(PREVIEW)[1]!.text()).toBe(CSV);
    expect(
      await screen.findByText('3 rows: 3 ready, 0 with errors, 0 already there, 0 skipped'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Date column')).toHaveDisplayValue('D · Paid on');
    expect(within(screen.getByRole('row', { name: /Cinema/ })).getByText('Ready'));
    expect(screen.queryByRole('region', { name: 'Problems in the file' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Import 3 rows' })).toBeEnabled();
  });

  it('imports with the preview’s settings: the progress moves, then the result and its links', async () => {
    const body = lineStream();
    let dashboards = 0;
    server.use(
      previewHandler(),
      http.post(
        RUN,
        () =>
          new HttpResponse(body.stream, {
            headers: { 'content-type': 'application/x-ndjson; charset=utf-8' },
          }),
      ),
      http.get('/api/user/getalldata', () => {
        dashboards += 1;
        return HttpResponse.json({ success: true, data: dashboardData() });
      }),
    );
    const log = recordRequests();
    const { user, store } = renderImport('company');
    // The dashboard's totals are on screen elsewhere: an import must refresh them.
    const dashboard = store.dispatch(
      dashboardApi.endpoints.getDashboard.initiate({ today: todayLocalISO() }),
    );
    await waitFor(() => expect(dashboards).toBe(1));

    await chooseFile(user);
    await screen.findByRole('row', { name: /Cinema/ });
    await user.selectOptions(screen.getByLabelText('Date column'), 'D · Paid on');
    await user.click(await screen.findByRole('button', { name: 'Import 3 rows' }));

    const bar = await screen.findByRole('progressbar', { name: 'Import progress' });
    expect(screen.getByRole('button', { name: 'Importing…' })).toBeDisabled();
    body.send({ progress: { done: 0, total: 3 } });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '0'));
    expect(bar).toHaveAttribute('aria-valuemax', '3');
    body.send({ progress: { done: 2, total: 3 } });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '2'));
    expect(screen.getByText('2 of 3 rows imported')).toBeInTheDocument();
    body.send({
      result: {
        imported: 3,
        duplicatesSkipped: 0,
        duplicatesKept: 0,
        skipped: 0,
        balance: null,
        from: '2026-03-02',
        to: '2026-03-30',
      },
    });
    body.end();

    expect(await screen.findByText('Import finished: 3 expenses imported')).toBeInTheDocument();
    const result = screen.getByRole('region', { name: 'Import finished' });
    expect(within(result).getByText('Imported').nextSibling).toHaveTextContent('3 expenses');
    expect(within(result).getByRole('link', { name: 'Open the Expenses list' })).toHaveAttribute(
      'href',
      '/app/expenses',
    );
    expect(screen.queryByRole('progressbar', { name: 'Import progress' })).toBeNull();
    await waitFor(() => expect(dashboards).toBe(2));

    // The import is sent the settings the preview answered, the file again as its body.
    const run = log.to(RUN)[0]!;
    expect(Object.fromEntries(new URL(run.url).searchParams)).toEqual({
      kind: 'expenses',
      headerRow: '1',
      dateFormat: 'DD/MM/YYYY',
      amountStyle: 'single',
      dateColumn: '4',
      descriptionColumn: '2',
      amountColumn: '3',
      category: 'other',
      keepDuplicates: 'false',
    });
    expect(await run.text()).toBe(CSV);

    // Another file starts over.
    await user.click(within(result).getByRole('button', { name: 'Import another file' }));
    expect(screen.queryByRole('region', { name: 'Import finished' })).toBeNull();
    expect(screen.getByLabelText('File (.csv or .xlsx)')).toHaveValue('');
    dashboard.unsubscribe();
  });

  it('shows why an import was refused and which rows, saving nothing', async () => {
    server.use(
      http.post(PREVIEW, () => HttpResponse.json(previewOf(4, 'given'))),
      http.post(RUN, () =>
        HttpResponse.json(
          {
            success: false,
            message:
              '1 row has errors, so nothing was imported; the first: row 4, column C: "12,000.505" has more than 2 decimals',
            code: 'validation',
            problems: [{ row: 4, column: 3, message: '"12,000.505" has more than 2 decimals' }],
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderImport('company');
    await chooseFile(user);
    await user.click(await screen.findByRole('button', { name: 'Import 3 rows' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Nothing was imported. 1 row has errors, so nothing was imported; the first: row 4, column C',
    );
    expect(screen.getByRole('region', { name: 'Rows the import refused' })).toHaveTextContent(
      'Row 4, column C “Amount”: "12,000.505" has more than 2 decimals',
    );
  });

  it('imports the rows already there too when asked, and says so to the server', async () => {
    const preview = previewOf(4, 'given');
    preview.rows[0] = {
      ...preview.rows[0]!,
      status: 'duplicate',
      note: 'Already there: the same date, amount and text is recorded',
    };
    preview.counts = { ...preview.counts, ready: 2, duplicates: 1 };
    const lines = [
      { progress: { done: 0, total: 3 } },
      {
        result: {
          imported: 3,
          duplicatesSkipped: 0,
          duplicatesKept: 1,
          skipped: 0,
          balance: null,
          from: '2026-03-02',
          to: '2026-03-30',
        },
      },
    ];
    server.use(
      http.post(PREVIEW, () => HttpResponse.json(preview)),
      http.post(
        RUN,
        () =>
          new HttpResponse(lines.map((l) => `${JSON.stringify(l)}\n`).join(''), {
            headers: { 'content-type': 'application/x-ndjson' },
          }),
      ),
    );
    const log = recordRequests();
    const { user } = renderImport('company');
    await chooseFile(user);
    expect(
      within(await screen.findByRole('row', { name: /Groceries/ })).getByText('Already there'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import 2 rows' })).toBeEnabled();
    await user.click(screen.getByLabelText('Also import the row that is already there'));
    await user.click(screen.getByRole('button', { name: 'Import 3 rows' }));

    const result = await screen.findByRole('region', { name: 'Import finished' });
    expect(
      within(result).getByText('Already there, imported anyway').nextSibling,
    ).toHaveTextContent('1 row');
    expect(new URL(log.to(RUN)[0]!.url).searchParams.get('keepDuplicates')).toBe('true');
  });

  it('refuses a file over 20 MB before sending it', async () => {
    const log = recordRequests();
    const { user } = renderImport('company');
    const big = new File([new Uint8Array(IMPORT_MAX_BYTES + 1)], 'everything.csv', {
      type: 'text/csv',
    });
    await chooseFile(user, big);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'everything.csv is 20 MB: an import takes files of up to 20 MB. Split it into smaller files.',
    );
    expect(screen.getByLabelText('File (.csv or .xlsx)')).toHaveAttribute('aria-invalid', 'true');
    await new Promise((r) => setTimeout(r, 400));
    expect(log.to(PREVIEW)).toHaveLength(0);
  });

  it('opens on a bank account’s payments from the address, and sends the account', async () => {
    server.use(
      accountsHandler([account]),
      http.post(PREVIEW, () =>
        refusal('Bank account not found', { code: 'not_found', status: 404 }),
      ),
    );
    const log = recordRequests();
    const { user } = renderImport('company', '/app/import?kind=payments&account=a1');
    expect(await screen.findByLabelText('Import as')).toHaveDisplayValue('Bank payments');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Bank account' })).toHaveValue(
        'Lotus Current · ••9012',
      ),
    );
    await chooseFile(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The file could not be checked. Bank account not found',
    );
    expect(Object.fromEntries(new URL(log.to(PREVIEW)[0]!.url).searchParams)).toEqual({
      kind: 'payments',
      accountId: 'a1',
    });
  });

  it("is in everyone's menu, for their own records; only a company imports payments", async () => {
    server.use(dashboardHandler());
    for (const role of ['admin', 'pm', 'company'] as const) {
      const { unmount } = renderAs(role, '/app/dashboard');
      const menu = await screen.findByRole('navigation', { name: 'Main' });
      expect(await within(menu).findByRole('link', { name: 'Import' })).toHaveAttribute(
        'href',
        '/app/import',
      );
      unmount();
    }
    renderImport('pm', '/app/import?kind=payments');
    const kind = await screen.findByLabelText('Import as');
    expect(within(kind).queryByRole('option', { name: 'Bank payments' })).toBeNull();
    expect(kind).toHaveValue('expenses');
  });
});
