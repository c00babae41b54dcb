import { http, HttpResponse } from 'msw';
import {
  InvoiceAnswer,
  InvoiceClientList,
  InvoiceLinkList,
  InvoiceList,
  InvoiceProfileAnswer,
} from '../../contract/api/invoices';
import type { Client, Invoice, InvoiceProfile } from '../../src/features/invoicing/invoicingApi';

/** The invoicing fixtures of the unit tests: each answer parsed by the contract's schema. */

export const COMPANY_ID = '00000000-0000-4000-8000-0000000000c1';
export const CLIENT_ID = '00000000-0000-4000-8000-0000000000a1';
export const INVOICE_ID = '00000000-0000-4000-8000-0000000000d1';

export const profile: InvoiceProfile = {
  _id: '00000000-0000-4000-8000-0000000000b1',
  legalName: 'Lotus Works Private Limited',
  address: '12 Marine Drive, Mumbai',
  stateCode: '27',
  gstin: '27AAPFU0939F1ZV',
  pan: 'AAPFU0939F',
  bankAccountId: null,
  upiId: 'lotus@okbank',
  invoicePrefix: 'INV',
  creditNotePrefix: 'CN',
  termsDays: 15,
  version: 1,
  updatedAt: '2026-11-01T10:00:00.000Z',
};

export const client = (overrides: Partial<Client> = {}): Client => ({
  _id: CLIENT_ID,
  name: 'Acme Traders',
  gstin: null,
  stateCode: '27',
  billingAddress: '4 MG Road, Pune',
  email: 'accounts@acme.example',
  mobile: '+919876543210',
  version: 1,
  createdAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

export const invoice = (overrides: Partial<Invoice> = {}): Invoice => ({
  _id: INVOICE_ID,
  kind: 'invoice',
  status: 'draft',
  number: null,
  issueDate: '2026-11-20',
  dueDate: '2026-12-05',
  clientId: CLIENT_ID,
  clientName: 'Acme Traders',
  projectId: null,
  creditNoteOf: null,
  placeOfSupply: '27',
  taxable: 1000,
  tax: 180,
  total: 1180,
  received: 0,
  tds: 0,
  credited: 0,
  pending: 1180,
  version: 1,
  createdAt: '2026-11-20T10:00:00.000Z',
  exportUnderLut: false,
  termsDays: 15,
  notes: '',
  reason: null,
  treatment: 'intra',
  seller: null,
  buyer: null,
  lines: [
    {
      description: 'Design work',
      sacHsn: '998391',
      quantity: 1,
      rate: 1000,
      gstRate: 18,
      discountPercent: null,
      discountAmount: null,
      taxable: 1000,
    },
  ],
  taxTable: [{ gstRate: 18, taxable: 1000, cgst: 90, sgst: 90, igst: 0 }],
  cgst: 90,
  sgst: 90,
  igst: 0,
  roundOff: 0,
  amountInWords: 'Rupees One Thousand One Hundred Eighty Only',
  original: null,
  creditNotes: [],
  ...overrides,
});

/** The same invoice, issued. */
export const issued = (overrides: Partial<Invoice> = {}) =>
  invoice({
    status: 'issued',
    number: 'INV/2026-27/0001',
    version: 2,
    seller: {
      name: profile.legalName,
      address: profile.address,
      stateCode: '27',
      gstin: profile.gstin,
      pan: profile.pan,
    },
    buyer: {
      name: 'Acme Traders',
      address: '4 MG Road, Pune',
      stateCode: '27',
      gstin: null,
      email: 'accounts@acme.example',
      mobile: '+919876543210',
    },
    ...overrides,
  });

export const profileHandler = (data: InvoiceProfile | null = profile) =>
  http.get('/api/invoicing/profile', () =>
    HttpResponse.json(InvoiceProfileAnswer.parse({ success: true, data })),
  );

export const clientHandlers = (clients: Client[] = [client()]) => [
  http.get('/api/invoicing/clients', () =>
    HttpResponse.json(
      InvoiceClientList.parse({
        success: true,
        data: clients,
        total: clients.length,
        page: 1,
        pageSize: 20,
      }),
    ),
  ),
  http.get('/api/invoicing/clients/:id', ({ params }) => {
    const found = clients.find((c) => c._id === params.id);
    return found
      ? HttpResponse.json({ success: true, data: found })
      : HttpResponse.json(
          { success: false, message: 'Client not found', code: 'not_found' },
          { status: 404 },
        );
  }),
];

export const invoiceHandler = (get: () => Invoice) =>
  http.get('/api/invoices/:id', () =>
    HttpResponse.json(InvoiceAnswer.parse({ success: true, data: get() })),
  );

export const linksHandler = () =>
  http.get('/api/invoices/:id/links', () =>
    HttpResponse.json(InvoiceLinkList.parse({ success: true, data: [] })),
  );

export const listHandler = (rows: Invoice[]) =>
  http.get('/api/invoices', () =>
    HttpResponse.json(
      InvoiceList.parse({
        success: true,
        data: rows,
        totals: {
          total: rows.reduce((s, r) => s + r.total, 0),
          received: 0,
          pending: rows.reduce((s, r) => s + r.pending, 0),
        },
        total: rows.length,
        page: 1,
        pageSize: 20,
      }),
    ),
  );
