import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ReceiptAnswer, ReceiptList, ReceivableList } from '../../contract/api/receipts';
import ReceivablesScreen from '../../src/features/invoicing/ReceivablesScreen';
import { pick, recordRequests, renderScreenAs } from './helpers';
import {
  CLIENT_ID,
  clientHandlers,
  issued,
  listHandler,
  profileHandler,
} from './invoicingFixtures';
import { onePage } from './fixtures/pages';
import { server } from './msw';

const ACCOUNT_ID = '00000000-0000-4000-8000-0000000000e1';
const OLD = '00000000-0000-4000-8000-0000000000d2';
const NEW = '00000000-0000-4000-8000-0000000000d3';

const ageing = { notDue: 1000, days1to30: 500, days31to60: 0, days61to90: 0, over90: 0 };
/** Acme Traders' figures, which are the whole list's too: it is the only client. */
const figures = {
  invoiced: 1500,
  received: 0,
  tds: 0,
  credited: 0,
  pending: 1500,
  advance: 0,
  ageing,
};
const receivables = () =>
  http.get('/api/receivables', () =>
    HttpResponse.json(
      ReceivableList.parse(
        onePage([{ _id: CLIENT_ID, name: 'Acme Traders', ...figures }], {
          asOf: '2026-11-26',
          totals: figures,
        }),
      ),
    ),
  );
const receipts = () =>
  http.get('/api/receipts', () =>
    HttpResponse.json(
      ReceiptList.parse(onePage([], { totals: { amount: 0, tds: 0, advance: 0 } })),
    ),
  );
const accounts = () =>
  http.get('/api/company/getallbankbyuserid', () =>
    HttpResponse.json({ success: true, data: [], total: 0, page: 1, pageSize: 20, totalAmount: 0 }),
  );

describe('receivables', () => {
  it('shows each client by ageing bucket, with the totals', async () => {
    server.use(receivables(), receipts());
    renderScreenAs('company', <ReceivablesScreen />, '/app/receivables');
    expect(await screen.findByText('Acme Traders')).toBeInTheDocument();
    for (const header of ['Not due', '1–30 days', '31–60 days', '61–90 days', 'Over 90 days'])
      expect(screen.getAllByRole('columnheader', { name: header }).length).toBeGreaterThan(0);
    expect(screen.getByText(/as of 26\/11\/2026/)).toBeInTheDocument();
  });

  it('records a receipt: allocated oldest first, the rest an advance, a cheque needs its number', async () => {
    const older = issued({
      _id: OLD,
      number: 'INV/2026-27/0001',
      issueDate: '2026-10-01',
      pending: 1000,
      total: 1000,
    });
    const newer = issued({
      _id: NEW,
      number: 'INV/2026-27/0002',
      issueDate: '2026-11-01',
      pending: 500,
      total: 500,
    });
    const calls = recordRequests();
    server.use(
      receivables(),
      receipts(),
      accounts(),
      profileHandler(),
      ...clientHandlers(),
      listHandler([newer, older]),
      http.post('/api/receipts', () =>
        HttpResponse.json(
          ReceiptAnswer.parse({
            success: true,
            message: 'Receipt recorded',
            data: {
              _id: '00000000-0000-4000-8000-0000000000f1',
              clientId: CLIENT_ID,
              clientName: 'Acme Traders',
              accountId: ACCOUNT_ID,
              paymentId: null,
              date: '2026-11-26',
              mode: 'cheque',
              reference: '004512',
              amount: 1200,
              tds: 0,
              advance: 0,
              reversed: false,
              version: 1,
              createdAt: '2026-11-26T10:00:00.000Z',
              allocations: [],
            },
          }),
          { status: 201 },
        ),
      ),
    );
    const { user } = renderScreenAs('company', <ReceivablesScreen />, '/app/receivables');
    await user.click(await screen.findByRole('button', { name: 'Record receipt' }));
    const dialog = screen.getByRole('dialog', { name: 'Record receipt' });
    await pick(user, 'Client', 'Acme Traders');
    await within(dialog).findByLabelText('Paid on INV/2026-27/0001');
    await user.type(within(dialog).getByLabelText('Amount received (₹)'), '1200');
    expect(within(dialog).getByLabelText('Paid on INV/2026-27/0001')).toHaveValue('1,000.00');
    expect(within(dialog).getByLabelText('Paid on INV/2026-27/0002')).toHaveValue('200.00');
    await user.clear(within(dialog).getByLabelText('Paid on INV/2026-27/0002'));
    await user.type(within(dialog).getByLabelText('Paid on INV/2026-27/0002'), '150');
    expect(dialog).toHaveTextContent("Left as the client's advance: ₹50.00");
    await user.selectOptions(within(dialog).getByLabelText('Mode'), 'cheque');
    await user.click(within(dialog).getByRole('button', { name: 'Record receipt' }));
    const reference = within(dialog).getByLabelText('Cheque number');
    expect(reference).toHaveAccessibleDescription('A cheque needs its number.');
    await user.type(reference, '004512');
    await user.click(within(dialog).getByRole('button', { name: 'Record receipt' }));
    await waitFor(() =>
      expect(calls.to('/api/receipts').filter((r) => r.method === 'POST')).toHaveLength(1),
    );
    const body = await calls
      .to('/api/receipts')
      .find((r) => r.method === 'POST')!
      .json();
    calls.stop();
    expect(body).toMatchObject({
      clientId: CLIENT_ID,
      mode: 'cheque',
      reference: '004512',
      amount: 1200,
      allocations: [
        { invoiceId: OLD, amount: 1000, tds: 0 },
        { invoiceId: NEW, amount: 150, tds: 0 },
      ],
    });
  });
});
