import type { FastifyBaseLogger } from 'fastify';
import { ping, type Db } from './client';

/**
 * What the server last knew of its database, kept by a light background ping, so that
 * /api/health answers from memory (it is also the benchmark's ceiling) and a lost
 * database is noticed, and its return too, without anyone calling.
 */
export function watchDatabase(db: Db, log: FastifyBaseLogger, everyMs = 2000) {
  let up = true;
  let checking = false;
  const check = async () => {
    if (checking) return;
    checking = true;
    try {
      await ping(db);
      if (!up) log.info('database is back');
      up = true;
    } catch (err) {
      if (up) log.error({ err }, 'database unavailable');
      up = false;
    } finally {
      checking = false;
    }
  };
  const timer = setInterval(check, everyMs);
  timer.unref();
  return {
    get up() {
      return up;
    },
    /** A call just failed to reach the database. */
    markDown() {
      if (up) log.error('database unavailable');
      up = false;
    },
    stop: () => clearInterval(timer),
  };
}

export type DatabaseHealth = ReturnType<typeof watchDatabase>;
