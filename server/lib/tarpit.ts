/**
 * A refused call is answered a second late. A flood then costs its sender a second per
 * request and connection, and the server a timer: 40 connections sending as fast as they
 * can make 40 calls a second instead of thousands, and a real user's calls are not queued
 * behind them. At most MAX refusals wait at once, so the open sockets stay bounded; past
 * that, refusals are answered at once.
 */
const DELAY_MS = 1000;
const MAX = 512;
let waiting = 0;

export async function tarpit() {
  if (waiting >= MAX) return;
  waiting++;
  try {
    await new Promise((resolve) => setTimeout(resolve, DELAY_MS));
  } finally {
    waiting--;
  }
}
