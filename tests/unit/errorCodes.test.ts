import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, codeForStatus } from '../../contract/api/errorCodes';
import { ErrorResponse } from '../../contract/api/fields';

describe('the error codes', () => {
  it('are the table of docs/api.md, in its order and words', () => {
    const doc = readFileSync(join(__dirname, '../../docs/api.md'), 'utf8');
    const rows = [...doc.matchAll(/^\| `(\w+)` +\| (.+?) +\|$/gm)].map(([, code, meaning]) => [
      code,
      meaning,
    ]);
    expect(rows).toEqual(Object.entries(ERROR_CODES));
  });

  it('are what the envelope takes as its code', () => {
    for (const code of Object.keys(ERROR_CODES))
      expect(ErrorResponse.safeParse({ success: false, message: 'x', code }).success).toBe(true);
    expect(ErrorResponse.safeParse({ success: false, message: 'x', code: 'other' }).success).toBe(
      false,
    );
    expect(ErrorResponse.safeParse({ success: false, message: 'x' }).success).toBe(false);
  });

  it('give every status a code of its own meaning', () => {
    expect(codeForStatus(400)).toBe('validation');
    expect(codeForStatus(404)).toBe('not_found');
    expect(codeForStatus(409)).toBe('wrong_state');
    expect(codeForStatus(429)).toBe('rate_limited');
    expect(codeForStatus(418)).toBe('validation');
    expect(codeForStatus(500)).toBe('internal');
    expect(codeForStatus(503)).toBe('unavailable');
  });
});
