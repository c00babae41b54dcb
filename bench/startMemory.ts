// The embedded install's memory at start: the real server (production build, as `npm start`
// runs it) on an empty DATA_DIR, its RSS read every 200 ms from its first moment for 75 s,
// then the same server started again on the folder it left. Each start is used as a server is:
// 10 s in, the first registers, signs in, records 20 expenses and lists them; the restart lists
// them again with that session. The watch goes on past the hourly jobs' first run (a minute after
// start), so the peak includes every query a start makes PostgreSQL's code hot with. `npm run
// bench` reports it on PGlite; alone: `node scripts/ensure-build.mjs && npx tsx bench/startMemory.ts`.
// BENCH_START_SECONDS sets how long each start is watched (75 by default).
import { execSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startServerProcess } from '../support/serverProcess';
import { apiOf } from './load';
import { PASSWORD } from './seed';

export interface StartMemory {
  /** The kernel's peak RSS of the process (VmHWM), and the highest RSS sampled. */
  hwmMb: number;
  peakMb: number;
  /** RSS at 30 s and at the end of the watch. */
  at30sMb: number;
  atEndMb: number;
  seconds: number;
  /** From spawn to the first answer of /api/health. */
  readyMs: number;
  /** RSS at the end of each second, for the curve. */
  perSecondMb: number[];
}

/** When, from spawn, a start is first used (after its recurring jobs' first run). */
const USED_AT_MS = 10_000;
const OWNER = { name: 'Memory Owner', email: 'owner@memory.example' };

/** What a start's first calls leave for the next: the owner's session. */
interface Use {
  token?: string;
}

/**
 * A start's first calls: on a new folder the owner registers, signs in and records 20
 * expenses; on every start the owner's expense list is read once (20 rows, or it fails).
 */
async function useServer(origin: string, use: Use): Promise<void> {
  const { api, login } = apiOf(origin);
  if (!use.token) {
    const registered = await api('POST', '/user/registeruser', undefined, {
      ...OWNER,
      password: PASSWORD,
      cpassword: PASSWORD,
    });
    if (registered.status !== 201) throw new Error(`register: ${registered.status}`);
    use.token = await login(OWNER.email, 'admin');
    for (let i = 0; i < 20; i++) {
      const added = await api('POST', '/expense/addexpense', use.token, {
        date: `2026-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + i).padStart(2, '0')}`,
        description: `Expense ${i + 1}`,
        amount: 100 + i,
        category: 'other',
      });
      if (added.status !== 201) throw new Error(`add expense: ${added.status}`);
    }
  }
  const list = await api('GET', '/expense/getuserallexpenses', use.token);
  if (list.status !== 200 || list.body.data?.length !== 20)
    throw new Error(`expense list: ${list.status} ${JSON.stringify(list.body).slice(0, 200)}`);
}

const kb = (status: string, field: string) =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);

async function watchStart(dataDir: string, seconds: number, use: Use): Promise<StartMemory> {
  const started = performance.now();
  const server = await startServerProcess({ dataDir, built: true, waitUntilReady: false });
  const pid = server.child.pid!;
  const samples: { ms: number; rssMb: number }[] = [];
  let hwmMb = 0;
  const sample = () => {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      samples.push({ ms: performance.now() - started, rssMb: kb(status, 'VmRSS') / 1024 });
      hwmMb = kb(status, 'VmHWM') / 1024;
    } catch {
      /* the process has ended */
    }
  };
  sample();
  const timer = setInterval(sample, 200);
  try {
    let readyMs = NaN;
    while (Number.isNaN(readyMs)) {
      if (server.child.exitCode !== null || performance.now() - started > seconds * 1000)
        throw new Error(`the server did not start:\n${server.output()}`);
      try {
        if ((await fetch(`${server.origin}/api/health`)).ok) readyMs = performance.now() - started;
      } catch {
        /* not listening yet */
      }
      await new Promise((ok) => setTimeout(ok, 50));
    }
    const until = (ms: number) =>
      new Promise((ok) => setTimeout(ok, Math.max(0, ms - (performance.now() - started))));
    await until(USED_AT_MS);
    await useServer(server.origin, use);
    await until(seconds * 1000);
    sample();
    const at = (ms: number) => samples.findLast((s) => s.ms <= ms)?.rssMb ?? NaN;
    return {
      hwmMb,
      peakMb: Math.max(...samples.map((s) => s.rssMb)),
      at30sMb: at(30_000),
      atEndMb: samples.at(-1)!.rssMb,
      seconds,
      readyMs,
      perSecondMb: Array.from({ length: seconds }, (_, i) => Math.round(at((i + 1) * 1000))),
    };
  } finally {
    clearInterval(timer);
    await server.stop();
  }
}

/** A first start on an empty folder, then a restart on the folder it left. */
export async function measureStartMemory(
  seconds = Number(process.env.BENCH_START_SECONDS ?? 75),
): Promise<{ fresh: StartMemory; restart: StartMemory }> {
  const dataDir = mkdtempSync(join(os.tmpdir(), 'start-memory-'));
  try {
    const use: Use = {};
    const fresh = await watchStart(dataDir, seconds, use);
    const restart = await watchStart(dataDir, seconds, use);
    return { fresh, restart };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const describeStart = (name: string, m: StartMemory) =>
  `${name.padEnd(8)} ready in ${(m.readyMs / 1000).toFixed(2)} s, peak RSS ${m.hwmMb.toFixed(0)} MB` +
  ` (sampled ${m.peakMb.toFixed(0)})` +
  (m.seconds > 30 ? `, ${m.at30sMb.toFixed(0)} MB at 30 s` : '') +
  `, ${m.atEndMb.toFixed(0)} MB at ${m.seconds} s`;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { fresh, restart } = await measureStartMemory();
  let commit = '';
  try {
    commit = `, commit ${execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim()}`;
  } catch {
    /* not a git checkout */
  }
  console.log(
    `${new Date().toISOString().slice(0, 10)}${commit}, ${os.cpus().length} cores, Node ${process.version}`,
  );
  console.log(describeStart('fresh', fresh));
  console.log(describeStart('restart', restart));
  console.log(`fresh, MB each second:   ${fresh.perSecondMb.join(' ')}`);
  console.log(`restart, MB each second: ${restart.perSecondMb.join(' ')}`);
}
