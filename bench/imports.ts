// An import under the benchmark: a bank download of `rows` payments (DD/MM/YYYY dates,
// Indian-grouped amounts in withdrawal and deposit columns) previewed and imported into a
// new account of the company, while the server's memory is watched. Used by bench/run.ts.
import { rssSampler } from './exports';

export interface ImportMeasure {
  rows: number;
  bytes: number;
  /** The preview: every row read and checked, the first shown. */
  previewSeconds: number;
  /** The import: checked again, then written in one transaction, progress lines read. */
  importSeconds: number;
  rowsPerSecond: number;
  imported: number;
  progressLines: number;
  rssBeforeMb: number;
  peakRssMb: number;
  /** peak - before: what the import cost the server; bounded when it reads row by row. */
  rssGrowthMb: number;
}

const indian = (paise: number) => {
  const rupees = String(Math.floor(paise / 100));
  const last3 = rupees.slice(-3);
  const rest = rupees.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${rest ? `${rest},` : ''}${last3}.${String(paise % 100).padStart(2, '0')}`;
};

/** A bank download: a few lines about the account, the header, then a payment a row. */
export function bankDownload(rows: number): Buffer {
  const lines = [
    'Bench Bank',
    'Account Number,000012345678',
    '',
    'Txn Date,Narration,Ref No,Withdrawal Amt.,Deposit Amt.,Balance',
  ];
  const start = Date.UTC(2020, 0, 1);
  for (let i = 0; i < rows; i++) {
    const day = new Date(start + Math.floor((i * 2000) / rows) * 86_400_000);
    const date = `${String(day.getUTCDate()).padStart(2, '0')}/${String(day.getUTCMonth() + 1).padStart(2, '0')}/${day.getUTCFullYear()}`;
    const paise = 10_000 + ((i * 7919) % 5_000_000);
    // Credits outweigh debits, so the balance never dips below zero.
    const credit = i % 3 !== 2;
    lines.push(
      `${date},"${credit ? 'NEFT from client' : 'UPI to supplier'} ${i}",REF${i},${credit ? '' : `"${indian(paise)}"`},${credit ? `"${indian(paise)}"` : ''},`,
    );
  }
  return Buffer.from(lines.join('\r\n'));
}

export async function measureImport(
  origin: string,
  token: string,
  accountId: string,
  opts: { pid?: number; rows?: number; sampleMs?: number } = {},
): Promise<ImportMeasure> {
  const rows = opts.rows ?? 100_000;
  const file = bankDownload(rows);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'text/csv' };
  const rss = await rssSampler(origin, opts.pid, opts.sampleMs);
  try {
    let started = performance.now();
    const preview = await fetch(
      `${origin}/api/import/preview?kind=payments&accountId=${accountId}`,
      {
        method: 'POST',
        headers,
        body: new Uint8Array(file),
      },
    );
    const answer = (await preview.json()) as {
      settings: Record<string, unknown>;
      counts: { ready: number };
    };
    if (preview.status !== 200 || answer.counts.ready !== rows)
      throw new Error(
        `preview answered ${preview.status}: ${JSON.stringify({ c: answer.counts, p: (answer as any).problems?.slice(0, 3) })}`,
      );
    const previewSeconds = (performance.now() - started) / 1000;

    started = performance.now();
    const query = new URLSearchParams(
      Object.entries(answer.settings).map(([k, v]) => [k, String(v)]),
    );
    const run = await fetch(`${origin}/api/import/run?${query}`, {
      method: 'POST',
      headers,
      body: new Uint8Array(file),
    });
    const lines = (await run.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, any>);
    const importSeconds = (performance.now() - started) / 1000;
    const last = lines.at(-1)!;
    if (run.status !== 200 || !last.result)
      throw new Error(`import answered ${run.status}: ${JSON.stringify(last).slice(0, 300)}`);
    const peakRssMb = await rss.stop();
    return {
      rows,
      bytes: file.length,
      previewSeconds,
      importSeconds,
      rowsPerSecond: rows / importSeconds,
      imported: last.result.imported,
      progressLines: lines.length - 1,
      rssBeforeMb: rss.beforeMb,
      peakRssMb,
      rssGrowthMb: peakRssMb - rss.beforeMb,
    };
  } finally {
    await rss.stop();
  }
}
