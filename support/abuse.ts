import autocannon from 'autocannon';

/**
 * The two attacks the server must shrug off, run the same way by the tests and by
 * `npm run bench` against a real server process.
 */

/** `from`: the address to pose as, for a server that trusts loopback as its proxy. */
const post = (origin: string, path: string, body: unknown, from?: string) =>
  fetch(`${origin}/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(from ? { 'x-forwarded-for': from } : {}),
    },
    body: JSON.stringify(body),
  });

/** Times one successful login, in ms. */
export async function timeLogin(origin: string, login: Record<string, unknown>) {
  const started = performance.now();
  const res = await post(origin, '/user/loginuser', login);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`login answered ${res.status}`);
  return performance.now() - started;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** `count` wrong passwords for one account, all at once: how many were checked (401). */
export async function wrongPasswordBurst(
  origin: string,
  login: { email: string; userType: string },
  { count = 100, from }: { count?: number; from?: string } = {},
) {
  const statuses = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const res = await post(origin, '/user/loginuser', { ...login, password: `wrong ${i}` }, from);
      await res.arrayBuffer();
      return res.status;
    }),
  );
  return {
    checked: statuses.filter((s) => s === 401).length,
    refused: statuses.filter((s) => s === 429).length,
    other: statuses.filter((s) => s !== 401 && s !== 429).length,
  };
}

/**
 * `connections` anonymous callers sending made-up password resets and registrations for
 * `seconds`, while a real user logs in again and again: the logins' times and what the
 * flood was answered.
 */
export async function anonymousFlood(
  origin: string,
  login: Record<string, unknown>,
  { connections = 40, seconds = 4 } = {},
) {
  let n = 0;
  const flood = autocannon({
    url: origin,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: '/api/user/resetpassword',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: 'made-up', password: 'a password', cpassword: 'a password' }),
      },
      {
        method: 'POST',
        path: '/api/user/registeruser',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({
            name: 'Flood',
            email: `flood${++n}@example.com`,
            password: 'a password',
            cpassword: 'a password',
          }),
        }),
      },
    ],
  });
  const loginMs: number[] = [];
  const started = performance.now();
  while (performance.now() - started < (seconds - 0.5) * 1000)
    loginMs.push(await timeLogin(origin, login));
  const result = await flood;
  return {
    loginMs,
    requests: result.requests.total,
    serverErrors: result['5xx'],
    refused: result['4xx'],
    errors: result.errors,
  };
}
