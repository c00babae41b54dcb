import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../contract/api/endpoints';
import { ROUTES } from '../../contract/routes';
import { pathOf, request } from '../../src/api/endpoint';

const ROOT = join(__dirname, '..', '..');

function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** What must come from the contract's tables, never be written by hand. */
const BY_HAND = [
  { what: 'a URL', pattern: /\burl:\s*['"`]\// },
  { what: 'a verb', pattern: /\bmethod:\s*['"`](GET|POST|PUT|PATCH|DELETE)\b/i },
  { what: 'an operation id', pattern: /\boperationId:\s*['"`]/ },
  { what: 'a route by its verb', pattern: /\b(app|scope)\.(get|post|put|patch|delete)\(/ },
];

/**
 * Routes that are not in the contract: the health check and the benchmark's metrics, which
 * the SPA never calls and which describe their own small answers.
 */
const OUTSIDE_THE_CONTRACT = new Set(['server/routes/health.ts', 'server/routes/metrics.ts']);

/** The SPA's API files: they reach the API only through the route table. */

describe('the route table', () => {
  it('says the method and path of every entry of ENDPOINTS, and no other', () => {
    const fromEndpoints = Object.fromEntries(
      Object.entries(ENDPOINTS).map(([id, entry]) => [id, [entry.method, entry.path]]),
    );
    expect(ROUTES).toEqual(fromEndpoints);
  });

  it("builds a call's request from its entry, filling in the path's parameters", () => {
    expect(request('addLend', { body: { name: 'A' } })).toEqual({
      url: '/lend/addlend',
      method: 'POST',
      body: { name: 'A' },
    });
    expect(request('deleteUser', { params: { id: 'a/b' }, query: { hard: 'true' } })).toEqual({
      url: '/users/a%2Fb',
      method: 'DELETE',
      params: { hard: 'true' },
    });
    expect(request('getProfile')).toEqual({ url: '/user/profile', method: 'GET' });
    expect(pathOf('endSession', { params: { id: 's1' } })).toBe('/user/sessions/s1/end');
    // Type tests, never run: the table's ids only, and a path's parameters given.
    void (() => {
      // @ts-expect-error -- a call with a path parameter needs it
      pathOf('endSession');
      // @ts-expect-error -- no such call
      pathOf('noSuchCall');
    });
  });

  it('is where every URL, verb and operation id comes from, in server/routes and src', () => {
    const found: string[] = [];
    for (const file of [...filesUnder('server/routes'), ...filesUnder('src')]) {
      const path = relative(ROOT, join(ROOT, file)).split('\\').join('/');
      if (OUTSIDE_THE_CONTRACT.has(path)) continue;
      readFileSync(join(ROOT, file), 'utf8')
        .split('\n')
        .forEach((line, index) => {
          for (const { what, pattern } of BY_HAND)
            if (pattern.test(line)) found.push(`${path}:${index + 1}: ${what}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });

  it('is where every API path in src comes from, downloads included', () => {
    const paths = new Set<string>(Object.values(ROUTES).map(([, path]) => path));
    const found: string[] = [];
    for (const file of filesUnder('src')) {
      const code = readFileSync(join(ROOT, file), 'utf8')
        .split('\n')
        .filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line)) // comments may name a path
        .join('\n');
      // A quoted or template string starting with a path, up to its query or first `${`.
      for (const [, path] of code.matchAll(/['`](\/[\w/:.-]*)(?:[?'`]|\$\{)/g))
        if (path && path.length > 1 && paths.has(path)) found.push(`${file}: ${path}`);
    }
    expect(found).toEqual([]);
  });
});
