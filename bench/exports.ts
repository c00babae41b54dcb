// A streamed export under the benchmark: the million-row user's expenses as CSV, downloaded
// from the running server as fast as it sends it, while the server's memory is watched.
// Used by bench/run.ts.
import { readFileSync } from 'node:fs';
import { get } from 'node:http';

export interface ExportMeasure {
  /** The call downloaded, below /api. */
  path: string;
  /** Data rows of the CSV (its lines less the header). */
  rows: number;
  /** Bytes of the body as sent (uncompressed: the benchmark asks for identity). */
  bytes: number;
  seconds: number;
  mbPerSecond: number;
  rowsPerSecond: number;
  /** The file starts with the UTF-8 byte-order mark. */
  bom: boolean;
  /** The server's memory just before the download, and the most it used during it. */
  rssBeforeMb: number;
  peakRssMb: number;
  /** peak - before: what the download cost the server; flat when it streams. */
  rssGrowthMb: number;
}

const MB = 2 ** 20;

/**
 * The server's resident memory in MB: from /proc when its process id is known (the same
 * machine), else from its /api/metrics (METRICS=1).
 */
export async function serverRssMb(origin: string, pid: number | undefined): Promise<number> {
  if (pid !== undefined) {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  }
  const res = await fetch(`${origin}/api/metrics`);
  return ((await res.json()) as { rssMb: number }).rssMb;
}

/**
 * Samples the server's resident memory every `sampleMs` from now until `stop()`: what it was
 * at the start, and its peak. A sample the server does not answer is skipped.
 */
export async function rssSampler(origin: string, pid: number | undefined, sampleMs = 100) {
  const beforeMb = await serverRssMb(origin, pid);
  let peakMb = beforeMb;
  let sampling = Promise.resolve();
  const timer = setInterval(() => {
    sampling = sampling.then(async () => {
      try {
        peakMb = Math.max(peakMb, await serverRssMb(origin, pid));
      } catch {
        /* the server is busy or gone: the next sample tells */
      }
    });
  }, sampleMs);
  return {
    beforeMb,
    /** Stops sampling and answers the peak, with the sample under way counted. */
    async stop() {
      clearInterval(timer);
      await sampling;
      return peakMb;
    },
  };
}

/**
 * Downloads `path` (default: every expense of the caller, oldest first) with `token`, counting
 * rows and bytes as they arrive and sampling the server's memory every `sampleMs`. The body is
 * never kept: the client's memory stays flat too.
 */
export async function measureExport(
  origin: string,
  token: string,
  opts: { pid?: number; path?: string; sampleMs?: number } = {},
): Promise<ExportMeasure> {
  const path = opts.path ?? '/expense/export?sort=date&order=asc';
  const rss = await rssSampler(origin, opts.pid, opts.sampleMs);
  let peakRssMb = rss.beforeMb;

  const started = performance.now();
  let bytes = 0;
  let lines = 0;
  let head: Buffer | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      const request = get(
        `${origin}/api${path}`,
        { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' } },
        (res) => {
          if (res.statusCode !== 200) {
            res.resume();
            return reject(new Error(`export answered ${res.statusCode}`));
          }
          res.on('data', (chunk: Buffer) => {
            head ??= chunk.subarray(0, 3);
            bytes += chunk.length;
            // Lines end in CRLF; the data set's descriptions hold no line breaks.
            for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
          });
          res.on('end', resolve);
          res.on('error', reject);
        },
      );
      request.on('error', reject);
    });
  } finally {
    peakRssMb = await rss.stop();
  }
  const seconds = (performance.now() - started) / 1000;
  peakRssMb = Math.max(peakRssMb, await serverRssMb(origin, opts.pid).catch(() => 0));
  const rows = Math.max(0, lines - 1);
  return {
    path,
    rows,
    bytes,
    seconds,
    mbPerSecond: bytes / MB / seconds,
    rowsPerSecond: rows / seconds,
    bom: head !== undefined && head.equals(Buffer.from([0xef, 0xbb, 0xbf])),
    rssBeforeMb: rss.beforeMb,
    peakRssMb,
    rssGrowthMb: peakRssMb - rss.beforeMb,
  };
}
