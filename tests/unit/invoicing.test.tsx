import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { InvoiceAnswer, InvoiceLinkAnswer, InvoiceList } from '../../contract/api/invoices';
import ClientsScreen from '../../src/features/invoicing/ClientsScreen';
import InvoicesScreen from '../../src/features/invoicing/InvoicesScreen';
import InvoicingSettingsScreen from '../../src/features/invoicing/InvoicingSettingsScreen';
import type { Role } from '../../src/api/types';
import { pick, recordRequests, renderScreenAs, renderWithProviders } from './helpers';
import {
  INVOICE_ID,
  client,
  clientHandlers,
  invoice,
  invoiceHandler,
  issued,
  linksHandler,
  listHandler,
  profileHandler,
} from './invoicingFixtures';
import { server } from './msw';

/** The figure on the totals box's line named `label`. */
function totalsLine(label: string | RegExp): string {
  const box = screen.getByRole('region', { name: 'Totals' });
  const term = within(box).getByText(label);
  return term.closest('div')!.querySelector('dd')!.textContent ?? '';
}

type User = ReturnType<typeof renderWithProviders>['user'];

interface Line {
  description: string;
  sac: string;
  qty: string;
  rate: string;
  gst: string;
  discount?: string;
}

async function typeLine(user: User, n: number, line: Line) {
  await user.type(screen.getByLabelText(`Line ${n} description`), line.description);
  await user.type(screen.getByLabelText(`Line ${n} sac/hsn`), line.sac);
  const qty = screen.getByLabelText(`Line ${n} qty`);
  await user.clear(qty);
  await user.type(qty, line.qty);
  await user.type(screen.getByLabelText(`Line ${n} rate (₹)`), line.rate);
  await user.selectOptions(screen.getByLabelText(`Line ${n} GST rate`), line.gst);
  if (line.discount) await user.type(screen.getByLabelText(`Line ${n} discount`), line.discount);
}

/** The Invoices screen at `route`, signed in as the company unless `role` says otherwise. */
const renderInvoices = (route: string, role: Role = 'company') =>
  renderScreenAs(role, <InvoicesScreen />, route);

/** The issued invoice INV/2026-27/0001, opened from the list by the user in `role`. */
async function openIssuedFromList(role: Role) {
  server.use(
    listHandler([issued()]),
    invoiceHandler(() => issued()),
    ...clientHandlers(),
  );
  const rendered = renderInvoices('/app/invoices', role);
  await rendered.user.click(await screen.findByRole('button', { name: 'INV/2026-27/0001' }));
  await screen.findByRole('heading', { name: 'Invoice INV/2026-27/0001' });
  return rendered;
}

/** A new draft for Acme Traders, a client in `clientState`, its first line typed. */
async function startDraft(clientState: string, firstLine: Line, ...handlers: RequestHandler[]) {
  server.use(
    ...handlers,
    profileHandler(),
    ...clientHandlers([client({ stateCode: clientState })]),
  );
  const rendered = renderInvoices('/app/invoices?edit=new');
  await pick(rendered.user, 'Client', 'Acme Traders');
  await typeLine(rendered.user, 1, firstLine);
  return rendered;
}

describe('the invoice editor', () => {
  it('adds up an intra-state draft as it is typed: CGST + SGST by rate, round-off, words', async () => {
    const { user } = await startDraft('27', {
      description: 'Design',
      sac: '998391',
      qty: '1.5',
      rate: '1000.50',
      gst: '18',
    });
    expect(screen.getByTestId('line-0-taxable')).toHaveTextContent('₹1,500.75');
    await user.click(screen.getByRole('button', { name: 'Add line' }));
    await typeLine(user, 2, {
      description: 'Hosting',
      sac: '998315',
      qty: '3',
      rate: '333.33',
      gst: '5',
      discount: '10',
    });
    // 999.99 less 10 % (100.00, half up) is 899.99.
    expect(screen.getByTestId('line-1-taxable')).toHaveTextContent('₹899.99');
    expect(totalsLine('Taxable value')).toBe('₹2,400.74');
    expect(totalsLine('CGST 9% on ₹1,500.75')).toBe('₹135.07');
    expect(totalsLine('SGST 9% on ₹1,500.75')).toBe('₹135.07');
    expect(totalsLine('CGST 2.5% on ₹899.99')).toBe('₹22.50');
    expect(totalsLine('SGST 2.5% on ₹899.99')).toBe('₹22.50');
    expect(totalsLine('Round off')).toBe('+₹0.12');
    expect(totalsLine('Total')).toBe('₹2,716.00');
    expect(screen.getByRole('region', { name: 'Totals' })).toHaveTextContent(
      'Rupees Two Thousand Seven Hundred Sixteen Only',
    );
    expect(screen.queryByText(/IGST/)).not.toBeInTheDocument();
  });

  it('charges IGST to a client in another state, the odd paisa rounding down', async () => {
    const { user } = await startDraft('29', {
      description: 'Stickers',
      sac: '4911',
      qty: '1',
      rate: '10.50',
      gst: '5',
    });
    // 5 % of ₹10.50 is 52.5 paise: IGST ₹0.53; the total ₹11.03 rounds to ₹11.00.
    expect(totalsLine('IGST 5% on ₹10.50')).toBe('₹0.53');
    expect(totalsLine('Round off')).toBe('−₹0.03');
    expect(totalsLine('Total')).toBe('₹11.00');
    expect(screen.queryByText(/CGST/)).not.toBeInTheDocument();
    // The place of supply is the client's state until changed.
    expect(screen.getByLabelText('Place of supply')).toHaveValue('29');
    await user.selectOptions(screen.getByLabelText('Place of supply'), '27');
    expect(totalsLine('CGST 2.5% on ₹10.50')).toBe('₹0.26');
    expect(totalsLine('Total')).toBe('₹11.00');
    expect(totalsLine('Round off')).toBe('−₹0.02');
  });

  it("puts a refusal under the line's field it names, keeping what was typed", async () => {
    const { user } = await startDraft(
      '27',
      { description: 'Design', sac: '99839', qty: '1', rate: '100', gst: '18' },
      http.post('/api/invoices', () =>
        HttpResponse.json(
          {
            success: false,
            message: 'lines.0.sacHsn must be a SAC/HSN code of 4, 6 or 8 digits',
            code: 'validation',
            field: 'lines.0.sacHsn',
          },
          { status: 400 },
        ),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    const sac = screen.getByLabelText('Line 1 sac/hsn');
    await waitFor(() => expect(sac).toHaveAccessibleDescription(/SAC\/HSN code of 4, 6 or 8/));
    expect(sac).toHaveValue('99839');
    expect(screen.getByLabelText('Line 1 description')).toHaveValue('Design');
  });
});

describe('an invoice', () => {
  it('is issued after a confirmation, and then shows its number', async () => {
    let current = invoice();
    const calls = recordRequests();
    server.use(
      invoiceHandler(() => current),
      http.post('/api/invoices/:id/issue', () => {
        current = issued();
        return HttpResponse.json(InvoiceAnswer.parse({ success: true, data: current }));
      }),
      linksHandler(),
    );
    const { user } = renderInvoices(`/app/invoices?invoice=${INVOICE_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Issue' }));
    const dialog = screen.getByRole('dialog', { name: 'Issue invoice' });
    expect(dialog).toHaveTextContent('Numbers cannot be reused');
    await user.click(within(dialog).getByRole('button', { name: 'Issue' }));
    expect(await screen.findByRole('heading', { name: 'Invoice INV/2026-27/0001' })).toBeVisible();
    expect(await screen.findByText('Issued as INV/2026-27/0001')).toBeVisible();
    const sent = calls.to(`/api/invoices/${INVOICE_ID}/issue`);
    expect(sent).toHaveLength(1);
    expect(await sent[0]!.json()).toEqual({ version: 1 });
    calls.stop();
    expect(screen.getByRole('button', { name: 'Share on WhatsApp' })).toBeVisible();
  });

  it('offers an admin only reading: no write buttons on the list or the invoice', async () => {
    const { user } = await openIssuedFromList('admin');
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeVisible();
    for (const name of ['Issue', 'E-mail to client', 'Share on WhatsApp', 'Cancel by credit note'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to Invoices' }));
    await screen.findByRole('button', { name: 'INV/2026-27/0001' });
    expect(screen.queryByRole('button', { name: 'New invoice' })).not.toBeInTheDocument();
  });

  it("list's Next asks for the page after the last row's position, and Previous for the one before", async () => {
    const numbered = (n: number) =>
      issued({ _id: `i${n}`, number: `INV/2026-27/${String(n).padStart(4, '0')}` });
    server.use(
      ...clientHandlers(),
      http.get('/api/invoices', ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        const first = (page - 1) * 20 + 1;
        const rows = [...Array(page === 3 ? 1 : 20).keys()].map((i) => numbered(first + i));
        return HttpResponse.json(
          InvoiceList.parse({
            success: true,
            data: rows,
            totals: { total: 0, received: 0, pending: 0 },
            total: 41,
            page,
            pageSize: 20,
            cursors: { first: `p${page}-first`, last: `p${page}-last` },
          }),
        );
      }),
    );
    const log = recordRequests();
    const { user } = renderInvoices('/app/invoices');
    await screen.findByRole('button', { name: 'INV/2026-27/0020' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('button', { name: 'INV/2026-27/0040' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('button', { name: 'INV/2026-27/0041' });
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByRole('button', { name: 'INV/2026-27/0040' });
    const asked = log
      .to('/api/invoices')
      .map((r) => new URL(r.url).searchParams)
      .map((q) => [q.get('page'), q.get('after'), q.get('before')]);
    log.stop();
    expect(asked).toContainEqual(['2', 'p1-last', null]);
    expect(asked).toContainEqual(['3', 'p2-last', null]);
    expect(asked).toContainEqual(['2', null, 'p3-first']);
  });

  it('an admin reads clients without Add', async () => {
    server.use(...clientHandlers());
    renderScreenAs('admin', <ClientsScreen />, '/app/clients');
    expect(await screen.findByText('Acme Traders')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add client' })).not.toBeInTheDocument();
  });
});

describe('invoicing settings and clients', () => {
  it('checks the GSTIN as it is typed and fills the PAN from it', async () => {
    server.use(profileHandler(null));
    const { user } = renderScreenAs('company', <InvoicingSettingsScreen />, '/app/invoicing');
    await user.selectOptions(await screen.findByLabelText('State'), '27');
    const gstin = screen.getByLabelText('GSTIN');
    await user.type(gstin, '27AAPFU0939F1ZX');
    expect(gstin).toHaveAccessibleDescription(/check character/);
    await user.clear(gstin);
    await user.type(gstin, '27aapfu0939f1zv');
    expect(gstin).not.toHaveAccessibleDescription(/check character/);
    expect(screen.getByLabelText('PAN')).toHaveValue('AAPFU0939F');
    await user.selectOptions(screen.getByLabelText('State'), '29');
    expect(gstin).toHaveAccessibleDescription(/state's code, 29/);
  });

  it("puts the server's refusal of a client under the field it names", async () => {
    server.use(
      ...clientHandlers([]),
      http.post('/api/invoicing/clients', () =>
        HttpResponse.json(
          {
            success: false,
            message: 'mobile must be an Indian mobile number',
            code: 'validation',
            field: 'mobile',
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderScreenAs('company', <ClientsScreen />, '/app/clients');
    await user.click(await screen.findByRole('button', { name: 'Add client' }));
    const dialog = screen.getByRole('dialog', { name: 'Add client' });
    await user.type(within(dialog).getByLabelText('Name'), 'Acme');
    await user.selectOptions(within(dialog).getByLabelText('State'), '27');
    await user.type(within(dialog).getByLabelText('Billing address'), 'Pune');
    await user.type(within(dialog).getByLabelText('Mobile'), '12345');
    await user.click(within(dialog).getByRole('button', { name: 'Add client' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Mobile')).toHaveAccessibleDescription(
        'mobile must be an Indian mobile number',
      ),
    );
  });
});

describe('a stale draft', () => {
  it('keeps what was typed: Reload takes the new version, the next save sends it', async () => {
    const calls = recordRequests();
    let version = 1;
    server.use(
      profileHandler(),
      ...clientHandlers(),
      invoiceHandler(() => invoice({ version })),
      http.put('/api/invoices/:id', async ({ request }) => {
        const body = (await request.json()) as { version: number };
        if (body.version !== version)
          return HttpResponse.json(
            {
              success: false,
              message: 'This record was changed by someone else. Reload to see it.',
              code: 'stale_record',
            },
            { status: 409 },
          );
        return HttpResponse.json(
          InvoiceAnswer.parse({
            success: true,
            message: 'Draft saved',
            data: invoice({ version }),
          }),
        );
      }),
      linksHandler(),
    );
    const { user } = renderInvoices(`/app/invoices?edit=${INVOICE_ID}`);
    const description = await screen.findByLabelText('Line 1 description');
    // Someone else saves the draft meanwhile.
    version = 2;
    await user.clear(description);
    await user.type(description, 'Design, revised');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await user.click(await screen.findByRole('button', { name: 'Reload' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument(),
    );
    expect(screen.getByLabelText('Line 1 description')).toHaveValue('Design, revised');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await screen.findByRole('heading', { name: 'Invoice Draft' });
    const puts = calls.requests.filter((r) => r.method === 'PUT');
    calls.stop();
    const last = (await puts.at(-1)!.json()) as {
      version: number;
      lines: { description: string }[];
    };
    expect(last.version).toBe(2);
    expect(last.lines[0]!.description).toBe('Design, revised');
  });
});

describe('a project manager', () => {
  it("reads its projects' invoices with no write control", async () => {
    await openIssuedFromList('pm');
    expect(screen.queryByRole('button', { name: 'Share on WhatsApp' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record receipt' })).not.toBeInTheDocument();
  });
});

describe('an issued invoice', () => {
  it('is shared on WhatsApp with the contract text and a link to copy', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    server.use(
      invoiceHandler(() => issued()),
      linksHandler(),
      http.post('/api/invoices/:id/links', () =>
        HttpResponse.json(
          InvoiceLinkAnswer.parse({
            success: true,
            message: 'Link created',
            data: {
              _id: '00000000-0000-4000-8000-0000000000e9',
              createdAt: '2026-11-26T10:00:00.000Z',
              expiresAt: '2026-12-26T10:00:00.000Z',
              revokedAt: null,
              active: true,
              url: 'https://app.example/api/public/invoices/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
            },
          }),
          { status: 201 },
        ),
      ),
    );
    const { user } = renderInvoices(`/app/invoices?invoice=${INVOICE_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Share on WhatsApp' }));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    const url = new URL(open.mock.calls[0]![0] as string);
    expect(url.origin + url.pathname).toBe('https://wa.me/919876543210');
    expect(url.searchParams.get('text')).toBe(
      [
        'Dear Acme Traders,',
        'Invoice INV/2026-27/0001 from Lotus Works Private Limited for ₹1,180.00 is due on 05/12/2026.',
        'View and download it here: https://app.example/api/public/invoices/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
        'Thank you.',
      ].join('\n'),
    );
    expect(screen.getByRole('textbox', { name: /Share link/ })).toHaveValue(
      'https://app.example/api/public/invoices/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
    );
    open.mockRestore();
  });

  it('is cancelled by a credit note after its reason, and the credit note opens', async () => {
    const note = issued({
      _id: '00000000-0000-4000-8000-0000000000d9',
      kind: 'credit_note',
      number: 'CN/2026-27/0001',
      reason: 'Billed twice',
      original: { _id: INVOICE_ID, number: 'INV/2026-27/0001', issueDate: '2026-11-20' },
    });
    const calls = recordRequests();
    server.use(
      http.get('/api/invoices/:id', ({ params }) =>
        HttpResponse.json(
          InvoiceAnswer.parse({
            success: true,
            data: params.id === INVOICE_ID ? issued() : note,
          }),
        ),
      ),
      linksHandler(),
      http.post('/api/invoices/:id/cancel', () =>
        HttpResponse.json(
          InvoiceAnswer.parse({ success: true, message: 'Invoice cancelled', data: note }),
          { status: 201 },
        ),
      ),
    );
    const { user } = renderInvoices(`/app/invoices?invoice=${INVOICE_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Cancel by credit note' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel by credit note' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Billed twice');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel invoice' }));
    expect(
      await screen.findByRole('heading', { name: 'Credit note CN/2026-27/0001' }),
    ).toBeVisible();
    const sent = calls.to(`/api/invoices/${INVOICE_ID}/cancel`);
    calls.stop();
    expect(await sent[0]!.json()).toMatchObject({ version: 2, reason: 'Billed twice' });
  });
});
