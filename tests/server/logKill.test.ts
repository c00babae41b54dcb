import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * A process that logs, then dies before the batch would go out (SIGKILL, as the out-of-memory
 * killer does): what it printed is read from its standard output.
 */
function logThenKill(lines: string): string {
  const script = `
    import pino from 'pino';
    import { loggerOptions } from './server/lib/logSafe.ts';
    const options = loggerOptions('info');
    const log = pino(options, options.stream); // as Fastify builds its logger
    ${lines}
    process.kill(process.pid, 'SIGKILL');
  `;
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    {
      encoding: 'utf8',
      timeout: 30_000,
    },
  );
  expect(run.signal).toBe('SIGKILL');
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
