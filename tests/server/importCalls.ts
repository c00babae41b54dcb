/** The import calls as the SPA makes them, against the test server at `origin()`. */

export type Query = Record<string, string | number | boolean | undefined>;

export function importCalls(origin: () => string) {
  /** Sends a file as the body of an import call, as the SPA does. */
  async function send(
    token: string,
    path: 'preview' | 'run',
    file: string | Buffer,
    query: Query,
    type = 'text/csv',
  ) {
    const params = new URLSearchParams(
      Object.entries(query)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]): [string, string] => [k, String(v)]),
    );
    const res = await fetch(`${origin()}/api/import/${path}?${params}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': type },
      body: typeof file === 'string' ? file : new Uint8Array(file),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, text };
  }

  async function preview(token: string, file: string | Buffer, query: Query, type?: string) {
    const res = await send(token, 'preview', file, query, type);
    return { ...res, body: JSON.parse(res.text) };
  }

  /** Runs an import: the refusal's body, or the progress lines and the last line. */
  async function run(token: string, file: string | Buffer, query: Query, type?: string) {
    const res = await send(token, 'run', file, query, type);
    if (res.status !== 200) return { status: res.status, body: JSON.parse(res.text), lines: [] };
    const lines = res.text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    return { status: res.status, body: lines.at(-1), lines };
  }

  return { send, preview, run };
}
