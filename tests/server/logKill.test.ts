import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * A process that logs, then dies before the batch would go out (SIGKILL, as the out-of-memory
 * killer does): what it printed is read from its standard output.
 */
function logThenKill(lines: string, end = `process.kill(process.pid, 'SIGKILL');`): string {
  const script = `
    import pino from 'pino';
    import { loggerOptions } from './server/lib/logSafe.ts';
    const options = loggerOptions('info');
    const log = pino(options, options.stream); // as Fastify builds its logger
    ${lines}
    ${end}
  `;
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    {
      encoding: 'utf8',
      timeout: 30_000,
    },
  );
  expect(run.signal ?? run.status).toBe(end.includes('SIGKILL') ? 'SIGKILL' : 0);
  return run.stdout;
}

describe('the log of a process killed outright', () => {
  it('keeps an error line, and the lines before it', () => {
    const out = logThenKill(`log.info('before'); log.error(new Error('what went wrong'));`);
    expect(out).toContain('"msg":"before"');
    expect(out).toContain('what went wrong');
    expect(out.indexOf('"msg":"before"')).toBeLessThan(out.indexOf('what went wrong'));
  });

  it('may lose ordinary lines still waiting in the batch (they go out by the quarter second)', () => {
    // The batch is what keeps logging cheap; this pins that an info line alone is not forced out.
    expect(logThenKill(`log.info('only info');`)).not.toContain('only info');
  });
});

describe('the log of a process that lives on or exits', () => {
  it('writes an ordinary line within the quarter second', () => {
    const out = logThenKill(
      `log.info('a quiet line');`,
      `setTimeout(() => process.kill(process.pid, 'SIGKILL'), 1_000);`,
    );
    expect(out).toContain('"msg":"a quiet line"');
  });

  it('writes what is waiting as it exits', () => {
    expect(logThenKill(`log.info('the last line');`, 'process.exit(0);')).toContain(
      '"msg":"the last line"',
    );
  });
});
