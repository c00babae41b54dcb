// `tsx bench/compression.ts`: what compressing a JSON answer costs the server and saves on the
// wire, by size (1 to 16 KB: pages of the expense list, as the API answers them) and by
// method: Brotli at a few qualities, with the default 4 MB window and with a window fitted to
// the answer (a size hint: the encoder's tables are then small), and gzip at a few levels.
// CPU time per answer (process.cpuUsage over many), and the bytes left. The chosen settings
// are in server/plugins/compression.ts.
import { randomUUID } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync, type BrotliOptions } from 'node:zlib';

const CATEGORIES = ['shopping', 'movie', 'other'];
/** A page of the expense list as the API answers it (the bench's data set, random ids). */
function pageOf(rows: number) {
  const data = Array.from({ length: rows }, (_, i) => ({
    _id: randomUUID(),
    date: `2026-09-${String(28 - Math.floor(i / 3)).padStart(2, '0')}`,
    description: `Expense ${4999 - i} ${CATEGORIES[i % 3]} item`,
    amount: (100 + ((i * 7919) % 500_000)) / 100,
    category: CATEGORIES[i % 3],
    createdAt: `2026-11-26T12:08:4${i % 10}.${String(100 + i).padStart(3, '0')}Z`,
    version: 1,
  }));
  const position = (row: (typeof data)[number]) =>
    Buffer.from(JSON.stringify([row.date, row._id])).toString('base64url');
  return JSON.stringify({
    success: true,
    data,
    totalAmount: 12482025,
    total: 5000,
    page: 1,
    pageSize: rows,
    cursors: { first: position(data[0]!), last: position(data.at(-1)!) },
  });
}

const brotli = (quality: number, fitted: boolean) => (b: Buffer) =>
  brotliCompressSync(b, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: quality,
      ...(fitted ? { [constants.BROTLI_PARAM_SIZE_HINT]: b.length } : {}),
    },
  } satisfies BrotliOptions);
const gzip = (level: number) => (b: Buffer) => gzipSync(b, { level });

const METHODS: [string, (b: Buffer) => Buffer][] = [
  ['br q4 (4 MB window)', brotli(4, false)],
  ['br q4 size hint', brotli(4, true)],
  ['br q5 size hint', brotli(5, true)],
  ['br q6 size hint', brotli(6, true)],
  ['br q3 size hint', brotli(3, true)],
  ['br q2 size hint', brotli(2, true)],
  ['br q1 size hint', brotli(1, true)],
  ['gzip 6', gzip(6)],
  ['gzip 4', gzip(4)],
  ['gzip 1', gzip(1)],
];

function cpuPerCall(f: () => unknown, atLeastMs = 300) {
  for (let i = 0; i < 50; i++) f(); // warm
  let n = 0;
  const start = process.cpuUsage();
  let used = 0;
  while (used < atLeastMs * 1000) {
    for (let i = 0; i < 50; i++) f();
    n += 50;
    const u = process.cpuUsage(start);
    used = u.user + u.system;
  }
  return used / n;
}

const sizes = [5, 10, 20, 40, 80].map((rows) => Buffer.from(pageOf(rows)));
console.log(
  `method                 ${sizes.map((b) => `${(b.length / 1024).toFixed(1)} KB`.padStart(17)).join('')}`,
);
console.log(`${''.padEnd(23)}${sizes.map(() => '   µs  bytes left'.padStart(17)).join('')}`);
for (const [name, f] of METHODS) {
  const cells = sizes.map((b) => {
    const us = Math.min(...[0, 1, 2].map(() => cpuPerCall(() => f(b))));
    return `${us.toFixed(0).padStart(5)} ${String(f(b).length).padStart(6)} ${`${Math.round((100 * f(b).length) / b.length)}%`.padStart(4)}`;
  });
  console.log(`${name.padEnd(23)}${cells.map((c) => c.padStart(17)).join('')}`);
}
