// Invoicing at scale: company 1 of the bench's data set has 100,000 issued invoices with
// their lines, receipts allocated to four in ten (bench/seed.ts, seedInvoicing). Measured as
// the other lists are (autocannon at 1 and 16 connections): the invoice list's first page, a
// filter by status, a search by number, and receivables by client and by project with their
// ageing; then invoice PDFs through the app's endpoint, one at a time and two callers at once
// (the server makes at most 2 at once and 1 per user: server/routes/invoicing.ts).
// `npm run bench` includes them; `npm run bench -- --only=invoicing` runs them alone, on a
// data set of a few companies (company 1 with its projects, clients and invoices whole).
import { execSync } from 'node:child_process';
import os from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../server/db/client';
import { startServerProcess } from '../support/serverProcess';
import {
  apiOf,
  freshDatabase,
  measureScenarios,
  percentile,
  printResults,
  printTargets,
  settle,
  type Measured,
  type Scenario,
  type Target,
  writeResults,
} from './load';
import { ACCOUNTS, seed } from './seed';

/** Invoices the PDFs are made of, and a number to search for. */
export interface InvoicingIds {
  invoiceIds: string[];
  number: string;
  invoices: number;
}

/** The first page's invoices (for the PDFs) and the number of one from the middle of the list. */
export async function findInvoicing(origin: string, token: string): Promise<InvoicingIds> {
  const { api } = apiOf(origin);
  const first = (await api('GET', '/invoices?pageSize=100', token)).body;
  const invoices = Number(first.total);
  const middle = (await api('GET', `/invoices?page=${Math.ceil(invoices / 40)}`, token)).body;
  return {
    invoiceIds: (first.data as { _id: string }[]).map((i) => i._id),
    number: (middle.data[0] as { number: string }).number,
    invoices,
  };
}

const INVOICE_LISTS = [
  'invoices page 1',
  'invoices status=issued',
  'invoices search number',
  'receivables by client',
  'receivables by project',
] as const;

export function invoicingScenarios(token: string, ids: InvoicingIds): Scenario[] {
  const [page1, byStatus, search, byClient, byProject] = INVOICE_LISTS;
  return [
    { name: page1, kind: 'list', path: '/invoices', token },
    { name: byStatus, kind: 'list', path: '/invoices?status=issued', token },
    {
      name: search,
      kind: 'list',
      path: `/invoices?search=${encodeURIComponent(ids.number)}`,
      token,
    },
    { name: byClient, kind: 'list', path: '/receivables?by=client', token },
    { name: byProject, kind: 'list', path: '/receivables?by=project', token },
  ];
}

export interface PdfTimes {
  callers: number;
  requests: number;
  /** Answers other than a PDF, not counting `refused`. */
  errors: number;
  /** 503 with Retry-After: the render limit refusing, by design. */
  refused: number;
  p50: number;
  p95: number;
  p99: number;
  bytes: number;
}

/** Each token asks for `perCaller` PDFs, one after another, all tokens at once. */
async function pdfRound(origin: string, tokens: string[], ids: string[], perCaller: number) {
  const ms: number[] = [];
  let errors = 0;
  let refused = 0;
  let bytes = 0;
  await Promise.all(
    tokens.map(async (token, caller) => {
      for (let n = 0; n < perCaller; n++) {
        const id = ids[(caller * perCaller + n) % ids.length]!;
        const started = performance.now();
        const res = await fetch(`${origin}/api/invoices/${id}/pdf`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const body = Buffer.from(await res.arrayBuffer());
        ms.push(performance.now() - started);
        if (res.status === 503) refused++;
        else if (res.status !== 200 || body.subarray(0, 5).toString() !== '%PDF-') errors++;
        else bytes = body.length;
      }
    }),
  );
  ms.sort((a, b) => a - b);
  return {
    callers: tokens.length,
    requests: ms.length,
    errors,
    refused,
    p50: percentile(ms, 50),
    p95: percentile(ms, 95),
    p99: percentile(ms, 99),
    bytes,
  } satisfies PdfTimes;
}

/**
 * Invoice PDFs through GET /api/invoices/:id/pdf: BENCH_PDFS (60) one at a time, then as
 * many from each of `tokens` at once (each caller its own user: the server makes one per user
 * at a time, two in all). A few unmeasured first (the PDF library's fonts and JIT).
 */
export async function measureInvoicePdf(origin: string, tokens: string[], ids: InvoicingIds) {
  const count = Number(process.env.BENCH_PDFS ?? 60);
  console.log('\nInvoice PDFs:');
  await pdfRound(origin, tokens.slice(0, 1), ids.invoiceIds, 5);
  const sequential = await pdfRound(origin, tokens.slice(0, 1), ids.invoiceIds, count);
  await settle(origin);
  const concurrent = await pdfRound(origin, tokens, ids.invoiceIds, count);
  for (const t of [sequential, concurrent])
    console.log(
      `  invoice PDF, ${t.callers} caller${t.callers > 1 ? 's' : ' '}  p50 ${t.p50.toFixed(1).padStart(7)} ms  p95 ${t.p95.toFixed(1).padStart(7)} ms  (${t.requests}, ${(t.bytes / 1024).toFixed(1)} KB)${t.errors ? `  ${t.errors} errors` : ''}${t.refused ? `  ${t.refused} refused` : ''}`,
    );
  return { sequential, concurrent };
}

/**
 * A target line for each invoicing call, as the other lists are held: on PostgreSQL p95 at
 * 16 connections within 25 ms (a search within 50); on PGlite at 1 connection within 50 ms
 * (a search also at 16 within 150). The PDF's p95 within 500 ms, alone and two at once.
 */
export function invoicingTargets(
  kind: 'postgres' | 'pglite',
  results: Measured[],
  pdf: Awaited<ReturnType<typeof measureInvoicePdf>>,
): Target[] {
  const targets: Target[] = [];
  const p95 = (name: string, connections: number) =>
    results.find((r) => r.name === name && r.connections === connections)?.p95 ?? NaN;
  for (const name of INVOICE_LISTS) {
    const search = name.includes('search');
    const [connections, limit] = kind === 'postgres' ? [16, search ? 50 : 25] : [1, 50];
    const measured = p95(name, connections);
    targets.push({
      target: `${connections} conn${connections > 1 ? 's' : ''}: ${name} p95 <= ${limit} ms`,
      measured: `${measured.toFixed(1)} ms`,
      holds: measured <= limit,
    });
    if (search && kind === 'pglite') {
      const at16 = p95(name, 16);
      targets.push({
        target: `16 conns: ${name} p95 <= 150 ms`,
        measured: `${at16.toFixed(1)} ms`,
        holds: at16 <= 150,
      });
    }
  }
  for (const t of [pdf.sequential, pdf.concurrent])
    targets.push({
      target: `invoice PDF, ${t.callers === 1 ? 'one at a time' : `${t.callers} callers at once`}: p95 <= 500 ms`,
      measured: `p50 ${t.p50.toFixed(0)} ms, p95 ${t.p95.toFixed(0)} ms`,
      holds: t.p95 <= 500 && t.errors === 0 && t.refused === 0,
    });
  return targets;
}

/** `npm run bench -- --only=invoicing`. */
export async function runInvoicingAlone() {
  const scale = Number(process.env.BENCH_SCALE ?? 1);
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const baseUrl = process.env.DATABASE_URL;
  const kind = baseUrl ? 'postgres' : 'pglite';
  const dataDir = join('bench', 'data');
  const { databaseUrl, drop } = await freshDatabase(baseUrl, dataDir);

  console.log(`Seeding ${kind} (scale ${scale}, invoicing)…`);
  const database = await openDatabase({ databaseUrl, dataDir });
  // Company 1 whole (its projects, accounts, clients and invoices), little of the rest.
  const seeded = await seed(database, scale, {
    companies: 3,
    payments: 100,
    users: 1,
    expenses: 10,
    loans: 10,
    bigExpenses: 10,
  });
  await database.close();
  console.log(
    `Seeded ${seeded.rows.toLocaleString('en-IN')} rows in ${seeded.seconds.toFixed(1)} s`,
  );

  execSync('node scripts/ensure-build.mjs', { stdio: 'inherit' });
  const server = await startServerProcess({
    dataDir,
    databaseUrl,
    env: { METRICS: '1', LOG_LEVEL: 'warn' },
    built: true,
  });
  const { origin } = server;
  const { login } = apiOf(origin);
  const company = await login(ACCOUNTS.company, 'company');
  const admin = await login(ACCOUNTS.admin, 'admin');
  const ids = await findInvoicing(origin, company);
  console.log(`${ids.invoices.toLocaleString('en-IN')} invoices; searching for ${ids.number}`);

  const scenarios: Scenario[] = [
    { name: 'health (ceiling)', kind: 'ceiling', path: '/health' },
    ...invoicingScenarios(company, ids),
  ];
  const results = await measureScenarios(origin, scenarios, [1, 16], seconds);
  await settle(origin);
  const pdf = await measureInvoicePdf(origin, [company, admin], ids);
  await server.stop();
  await drop();

  console.log(
    `\n${kind}, ${ids.invoices.toLocaleString('en-IN')} invoices, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
  );
  printResults(results);
  const targets = invoicingTargets(kind, results, pdf);
  printTargets(targets);
  writeResults(`${kind}-invoicing`, kind, {
    scale,
    seconds,
    seeded,
    invoices: ids.invoices,
    results,
    pdf,
    targets,
  });
}
