// `npm run bench -- --only=ratio` or `DATABASE_URL=postgres://… tsx bench/ratio.ts`: the CPU the
// app's server process spends per request, against a plain node:http + pg server
// (bench/baseline.ts) that runs the same statements and answers the same bytes. Four calls:
// the expense list (first page, default sort), a search of it, the dashboard and /api/health.
//
// 1. A database with the bench's data set (bench/seed.ts): RATIO_DATABASE names one to reuse
//    (created and seeded if it does not exist, and kept), else a fresh one is seeded and dropped.
// 2. The statements: the app (in this process, with Drizzle's query logger) and the baseline
//    (with its own) answer each call once; their statements, texts and values, must be the
//    same, or the bench stops.
// 3. The answers: the production build (as `npm start` runs it) and the baseline, each in a
//    process of its own, answer each call; the bodies must be byte-identical, or it stops.
// 4. The CPU: per call and server, RATIO_REQUESTS requests (4,000) at 16 connections
//    (autocannon); the server process's utime+stime (/proc/<pid>/stat, every thread) over the
//    requests, and the same for the database's backends serving it; RATIO_ROUNDS rounds (3),
//    the servers alternating, and the median of each. Wall time is not used: the 2 cores are
//    shared with the load generator and with whatever else runs.
//
// The app logs at RATIO_LOG_LEVEL (info, as in production) to a pipe this process drains.
// RATIO_CALLS=search,dashboard: only those calls (by name), to iterate on one.
// RATIO_NODE_ARGS: more Node flags for the app's process, after `npm start`'s own, e.g.
// `--cpu-prof --cpu-prof-dir=/tmp/profiles` to see where its CPU goes (the profile is written
// as the server stops).
// RATIO_COMPARE_NODE_ARGS: the 'before' process's flags instead of RATIO_NODE_ARGS (with
// RATIO_COMPARE=. the same build under two sets of flags).
// RATIO_COMPARE=<folder>: another checkout of the app (its dependencies installed or linked),
// built and measured in the same rounds as 'before', so that a change is judged against
// its parent under the same load on the machine rather than against a run of another hour.
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { get as httpGet } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/client';
import { freePort, startCommand } from '../support/serverProcess';
import { startBaseline } from './baseline';
import { ACCOUNTS, PASSWORD, seed } from './seed';

const baseUrl = process.env.DATABASE_URL;
if (!baseUrl) {
  console.error('The ratio bench runs on PostgreSQL: set DATABASE_URL (postgres://…).');
  process.exit(2);
}
const REQUESTS = Number(process.env.RATIO_REQUESTS ?? 4000);
const ROUNDS = Number(process.env.RATIO_ROUNDS ?? 3);
if (!Number.isInteger(ROUNDS) || ROUNDS < 1) {
  console.error('RATIO_ROUNDS is a number of rounds, 1 or more.');
  process.exit(2);
}
const CONNECTIONS = 16;
const LOG_LEVEL = process.env.RATIO_LOG_LEVEL ?? 'info';
const nodeArgs = (flags = '') => flags.split(/\s+/).filter(Boolean);
const NODE_ARGS = nodeArgs(process.env.RATIO_NODE_ARGS);
/** The 'before' process's own flags when set (e.g. the same checkout under other GC flags). */
const COMPARE_NODE_ARGS = nodeArgs(
  process.env.RATIO_COMPARE_NODE_ARGS ?? process.env.RATIO_NODE_ARGS,
);
const TICK_US = 1e6 / Number(execSync('getconf CLK_TCK').toString().trim() || 100);

interface Call {
  name: string;
  path: string;
  signedIn: boolean;
  /** Sent as Accept-Encoding; none by default, so the answers go out as they are. */
  acceptEncoding?: string;
  /** Times RATIO_REQUESTS: a cheap call takes more, so that its CPU is read as precisely. */
  weight?: number;
}
const CALLS: Call[] = [
  { name: 'expense list', path: '/api/expense/getuserallexpenses', signedIn: true },
  {
    name: 'search',
    path: '/api/expense/getuserallexpenses?search=movie%20item',
    signedIn: true,
  },
  { name: 'dashboard', path: '/api/user/getalldata?today=2025-12-31', signedIn: true },
  { name: 'health', path: '/api/health', signedIn: false, weight: 5 },
  // The list as a browser asks for it: the app compresses it (the baseline does not).
  {
    name: 'list, browser',
    path: '/api/expense/getuserallexpenses',
    signedIn: true,
    acceptEncoding: 'gzip, deflate, br, zstd',
  },
];

/** RATIO_CALLS: only the calls named (a comma-separated list, e.g. `search,dashboard`). */
const only = process.env.RATIO_CALLS?.split(',').map((name) => name.trim());
if (only) {
  const unknown = only.filter((name) => !CALLS.some((c) => c.name === name));
  if (unknown.length)
    throw new Error(
      `RATIO_CALLS names no call: ${unknown.join(', ')} (${CALLS.map((c) => c.name).join(', ')})`,
    );
  CALLS.splice(0, CALLS.length, ...CALLS.filter((c) => only.includes(c.name)));
}

const fail = (message: string): never => {
  console.error(`\nRATIO BENCH FAILED: ${message}`);
  process.exit(1);
};

// ------------------------------------------------------------------ 1. the database
const withName = (name: string) => {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
};
async function onServer<T>(work: (c: pg.Client) => Promise<T>) {
  const c = new pg.Client({ connectionString: baseUrl });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}
const keep = process.env.RATIO_DATABASE;
const dbName = keep ?? `ratio_${Date.now()}`;
if (!/^[a-z_][a-z0-9_]*$/.test(dbName)) fail(`RATIO_DATABASE must be a plain name: ${dbName}`);
const databaseUrl = withName(dbName);
const exists = await onServer(
  async (c) => (await c.query('select 1 from pg_database where datname = $1', [dbName])).rowCount,
);
if (!exists) await onServer((c) => c.query(`create database ${dbName}`));
const dropDatabase = async () => {
  if (!keep) await onServer((c) => c.query(`drop database if exists ${dbName} with (force)`));
};
{
  const database = await openDatabase({ databaseUrl, dataDir: 'unused' });
  const seeded = await database.query('select 1 from users where email = $1', [ACCOUNTS.user]);
  if (!seeded.rows.length) {
    // The calls read user1's rows only: the million-row user is kept small unless asked.
    process.env.BENCH_BIG ??= '1000';
    console.log(`Seeding ${dbName}…`);
    const { rows, seconds } = await seed(database, Number(process.env.BENCH_SCALE ?? 1));
    console.log(`Seeded ${rows.toLocaleString('en-IN')} rows in ${seconds.toFixed(0)} s`);
  } else console.log(`Using the seeded database ${dbName}`);
  await database.close();
}

// ------------------------------------------------ 2. the same statements on both sides
type Logged = string[];
const statementsOf = async (
  run: (log: (text: string, params: unknown[]) => void) => Promise<void>,
): Promise<Logged> => {
  const logged: Logged = [];
  // A statement without values is none of a call's: the app's health check of its database
  // (`select 1`) may come at any moment.
  await run((text, params) => params.length && logged.push(JSON.stringify([text, params])));
  return logged.sort();
};
{
  let record: ((text: string, params: unknown[]) => void) | undefined;
  const database = await openDatabase({
    databaseUrl,
    dataDir: 'unused',
    onQuery: (text, params) => record?.(text, params),
  });
  const app = await buildApp({ database, logLevel: 'silent', spaRoot: '/nonexistent' });
  const login = await app.inject({
    method: 'POST',
    url: '/api/user/loginuser',
    payload: { email: ACCOUNTS.user, password: PASSWORD, userType: 'admin' },
  });
  const token = (login.json() as { data: { token: string } }).data.token;
  // The app's scheduled work (recurring entries) first runs a second after it is ready: its
  // statements must not be taken for a call's.
  await new Promise((ok) => setTimeout(ok, 3000));
  const baseline = await startBaseline({
    databaseUrl,
    onQuery: (text, params) => record?.(text, params),
  });
  for (const call of CALLS) {
    const headers: Record<string, string> = call.signedIn
      ? { authorization: `Bearer ${token}` }
      : {};
    const ours = await statementsOf(async (log) => {
      record = log;
      const res = await app.inject({ url: call.path, headers });
      if (res.statusCode !== 200) fail(`the app answered ${call.path} with ${res.statusCode}`);
    });
    const theirs = await statementsOf(async (log) => {
      record = log;
      const res = await fetch(`${baseline.origin}${call.path}`, { headers });
      if (res.status !== 200) fail(`the baseline answered ${call.path} with ${res.status}`);
      await res.arrayBuffer();
    });
    record = undefined;
    if (ours.join('\n') !== theirs.join('\n'))
      fail(
        `${call.name}: the baseline's statements differ from the app's\n--- app\n${ours.join('\n')}\n--- baseline\n${theirs.join('\n')}`,
      );
    console.log(`${call.name}: the same ${ours.length} statement(s) on both`);
  }
  await baseline.close();
  await app.close();
}

// ------------------------------------------- 3. both servers, each in its own process
interface Running {
  name: string;
  origin: string;
  child: ChildProcess;
  lines(): number;
  stop(): Promise<void>;
}
async function run(
  name: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd = process.cwd(),
): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    cwd,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Drained as a log collector would, keeping only the last lines (for a failure's message).
  let lines = 0;
  let tail = '';
  const drain = (chunk: Buffer) => {
    const text = chunk.toString();
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lines++;
    tail = (tail + text).slice(-4000);
  };
  child.stdout!.on('data', drain);
  child.stderr!.on('data', drain);
  const exited = new Promise((ok) => child.once('exit', ok));
  const origin = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 60_000; ;) {
    if (child.exitCode !== null) fail(`${name} exited before it was ready:\n${tail}`);
    if (Date.now() > deadline) fail(`${name} did not start within 60 s:\n${tail}`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((ok) => setTimeout(ok, 100));
  }
  return {
    name,
    origin,
    child,
    lines: () => lines,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

const compare = process.env.RATIO_COMPARE;
const dataDir = mkdtempSync(join(os.tmpdir(), 'ratio-'));
/** The production build of the checkout in `cwd`, as `npm start` runs it. */
const startApp = (name: string, cwd = process.cwd(), flags = NODE_ARGS) => {
  execSync('node scripts/ensure-build.mjs', { stdio: 'inherit', cwd });
  const start = startCommand('postgres', cwd);
  return run(
    name,
    [...start.nodeArgs, ...flags, 'build/server/main.js'],
    { ...start.env, LOG_LEVEL: LOG_LEVEL, DATA_DIR: dataDir, METRICS: 'false' },
    cwd,
  );
};
const app = await startApp('app');
const before = compare ? await startApp('before', compare, COMPARE_NODE_ARGS) : undefined;
const baseline = await run('baseline', ['--import', 'tsx', 'bench/baseline.ts'], {
  NODE_ENV: 'production',
});
const servers = [app, ...(before ? [before] : []), baseline];
const stopAll = async () => {
  await Promise.all(servers.map((s) => s.stop()));
  rmSync(dataDir, { recursive: true, force: true });
  await dropDatabase();
};

const loginRes = await fetch(`${app.origin}/api/user/loginuser`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: ACCOUNTS.user, password: PASSWORD, userType: 'admin' }),
});
const token = ((await loginRes.json()) as { data: { token: string } }).data.token;
const headersOf = (call: Call): Record<string, string> => ({
  ...(call.signedIn ? { authorization: `Bearer ${token}` } : {}),
  ...(call.acceptEncoding ? { 'accept-encoding': call.acceptEncoding } : {}),
});
/** A body as it travelled, decoded: fetch would decode it, and hide what the server sent. */
const getRaw = (url: string, headers: Record<string, string>) =>
  new Promise<{ status: number; encoding?: string; body: Buffer }>((resolve, reject) =>
    httpGet(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        resolve({
          status: res.statusCode!,
          encoding,
          body:
            encoding === 'br'
              ? brotliDecompressSync(raw)
              : encoding === 'gzip'
                ? gunzipSync(raw)
                : raw,
        });
      });
    }).on('error', reject),
  );

for (const call of CALLS) {
  const answers = await Promise.all(
    servers.map((s) => getRaw(`${s.origin}${call.path}`, headersOf(call))),
  );
  const theirs = answers.at(-1)!;
  for (const [i, ours] of answers.slice(0, -1).entries()) {
    const name = servers[i]!.name;
    if (ours.status !== 200 || theirs.status !== 200)
      fail(`${call.name}: ${name} ${ours.status}, baseline ${theirs.status}`);
    if (!ours.body.equals(theirs.body)) {
      let at = 0;
      while (at < ours.body.length && ours.body[at] === theirs.body[at]) at++;
      const around = (b: Buffer) => b.subarray(Math.max(0, at - 80), at + 80).toString();
      await stopAll();
      fail(
        `${call.name}: the answers differ at byte ${at} (${name} ${ours.body.length} bytes, baseline ${theirs.body.length})\n  ${name}: …${around(ours.body)}…\n  baseline: …${around(theirs.body)}…`,
      );
    }
    console.log(
      `${call.name}: ${name} and baseline answer byte-identical JSON (${ours.body.length} bytes${ours.encoding ? `, ${name}'s sent as ${ours.encoding}` : ''})`,
    );
  }
}

// ------------------------------------------------------------------- 4. the CPU
/** utime+stime of a process, every thread, in µs. */
const cpuOf = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_US;
  } catch {
    return 0; // ended
  }
};
const monitor = new pg.Client({ connectionString: databaseUrl });
await monitor.connect();
/** The CPU of each backend serving the bench's database (its pid to µs). */
const backends = async () => {
  const { rows } = await monitor.query<{ pid: number }>(
    `select pid from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()
        and backend_type = 'client backend'`,
  );
  return new Map(rows.map((r) => [r.pid, cpuOf(r.pid)]));
};

async function load(server: Running, call: Call, amount: number) {
  const result = await autocannon({
    url: `${server.origin}${call.path}`,
    connections: CONNECTIONS,
    amount,
    headers: headersOf(call),
  });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed) {
    await stopAll();
    fail(`${server.name} ${call.name}: ${failed} of ${amount} requests failed`);
  }
  return result;
}

interface Sample {
  serverUs: number;
  dbUs: number;
}
const amountOf = (call: Call) => REQUESTS * (call.weight ?? 1);
async function measure(server: Running, call: Call): Promise<Sample> {
  await load(server, call, 300); // connections up, caches warm
  await new Promise((ok) => setTimeout(ok, 200));
  const pid = server.child.pid!;
  const dbBefore = await backends();
  const cpuBefore = cpuOf(pid);
  const amount = amountOf(call);
  await load(server, call, amount);
  const cpuAfter = cpuOf(pid);
  const dbAfter = await backends();
  let db = 0;
  for (const [p, us] of dbAfter) db += us - (dbBefore.get(p) ?? 0);
  return { serverUs: (cpuAfter - cpuBefore) / amount, dbUs: db / amount };
}

console.log(
  `\nWarming up (2,000 requests per call and server), then ${ROUNDS} rounds of ${REQUESTS.toLocaleString('en-US')} requests${
    CALLS.some((c) => c.weight)
      ? ` (${CALLS.filter((c) => c.weight)
          .map((c) => `${c.name} ${amountOf(c).toLocaleString('en-US')}`)
          .join(', ')})`
      : ''
  } at ${CONNECTIONS} connections, the servers in turn…`,
);
for (const call of CALLS) for (const s of servers) await load(s, call, 2000);

/** Per call, per server: one sample a round. */
const samples = new Map(
  CALLS.map((c) => [c.name, new Map(servers.map((s) => [s.name, [] as Sample[]]))]),
);
for (let round = 0; round < ROUNDS; round++) {
  for (const call of CALLS) {
    // Each server goes first in some rounds: a drift of the machine's load falls on all.
    const order = servers.map((_, k) => servers[(k + round) % servers.length]!);
    for (const s of order)
      samples
        .get(call.name)!
        .get(s.name)!
        .push(await measure(s, call));
    console.log(
      `  round ${round + 1} ${call.name.padEnd(13)} ${servers.map((s) => `${s.name} ${samples.get(call.name)!.get(s.name)!.at(-1)!.serverUs.toFixed(0).padStart(5)} µs`).join('  ')}`,
    );
  }
}
const appLogLines = app.lines();
const requestsSent =
  2 + CALLS.reduce((n, call) => n + ROUNDS * (amountOf(call) + 300) + 2000 + 1, 0);
await monitor.end();
await stopAll();

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
/** Where this ran from: the commit, and whether files git tracks had changed (a copy
 * outside git, as when comparing builds side by side, names itself by RATIO_LABEL). */
const git = (args: string, cwd?: string) => {
  try {
    return execSync(`git ${args}`, { cwd, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return undefined;
  }
};
const commit = process.env.RATIO_LABEL ?? git('rev-parse --short HEAD') ?? 'unknown';
const dirty = !process.env.RATIO_LABEL && !!git('status --porcelain --untracked-files=no');
const beforeLabel = compare
  ? (process.env.RATIO_COMPARE_LABEL ?? git('rev-parse --short HEAD', compare) ?? compare)
  : undefined;
const rows = CALLS.map((call) => {
  const got = samples.get(call.name)!;
  const us = (name: string) => median(got.get(name)!.map((s) => s.serverUs));
  const db = (name: string) => median(got.get(name)!.map((s) => s.dbUs));
  const baselineUs = us('baseline');
  return {
    call: call.name,
    ...(before ? { beforeUs: us('before'), beforeRatio: us('before') / baselineUs } : {}),
    appUs: us('app'),
    baselineUs,
    ratio: us('app') / baselineUs,
    /** Each round's own ratio (app and baseline measured in the same round): the spread. */
    roundRatios: got.get('app')!.map((s, i) => s.serverUs / got.get('baseline')![i]!.serverUs),
    appDbUs: db('app'),
    baselineDbUs: db('baseline'),
    rounds: Object.fromEntries(got),
  };
});
console.log(
  `\nPostgreSQL, ${new Date().toISOString().slice(0, 10)}, app: ${commit}${dirty ? ' (with uncommitted changes)' : ''}${beforeLabel ? `, before: ${beforeLabel}` : ''}, ${os.cpus().length} cores, Node ${process.version}, logging at ${LOG_LEVEL}`,
);
console.log(
  `CPU per request, median of ${ROUNDS} rounds (server process utime+stime; db: the PostgreSQL backends serving it)`,
);
const cells = (r: (typeof rows)[number]) => [
  r.call.padEnd(14),
  ...(before
    ? [r.beforeUs!.toFixed(0).padStart(9), `${r.beforeRatio!.toFixed(2)}x`.padStart(7)]
    : []),
  r.appUs.toFixed(0).padStart(9),
  r.baselineUs.toFixed(0).padStart(9),
  `${r.ratio.toFixed(2)}x`.padStart(7),
  `${Math.min(...r.roundRatios).toFixed(2)}–${Math.max(...r.roundRatios).toFixed(2)}x`.padStart(11),
  r.appDbUs.toFixed(0).padStart(9),
  r.baselineDbUs.toFixed(0).padStart(9),
];
console.log(
  [
    'call'.padEnd(14),
    ...(before ? ['before µs'.padStart(9), 'ratio'.padStart(7)] : []),
    'app µs'.padStart(9),
    'base µs'.padStart(9),
    'ratio'.padStart(7),
    'rounds'.padStart(11),
    'db (app)'.padStart(9),
    'db (base)'.padStart(9),
  ].join(' '),
);
for (const r of rows) console.log(cells(r).join(' '));
console.log(
  `(the app wrote ${appLogLines.toLocaleString('en-US')} log lines for ${requestsSent.toLocaleString('en-US')} requests)`,
);

mkdirSync(join('bench', 'results'), { recursive: true });
const file = join('bench', 'results', 'ratio-postgres.json');
writeFileSync(
  file,
  JSON.stringify(
    {
      when: new Date().toISOString(),
      commit,
      uncommittedChanges: dirty,
      before: beforeLabel,
      machine: { cores: os.cpus().length, node: process.version },
      requests: REQUESTS,
      rounds: ROUNDS,
      connections: CONNECTIONS,
      logLevel: LOG_LEVEL,
      appLogLines,
      rows,
    },
    null,
    2,
  ),
);
console.log(`written to ${file}`);
