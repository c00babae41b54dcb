import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../server/lib/logSafe';

describe('a URL as the logs keep it', () => {
  it.each([
    ['/api/expense/getexpenses?page=2&q=rent', '/api/expense/getexpenses?page=2&q=rent'],
    ['/reset-password?token=abc&x=1', '/reset-password?token=[redacted]&x=1'],
    // A name escaped or spelt with '+' is judged decoded, as the server reads it.
    ['/reset-password?to%6Ben=abc', '/reset-password?to%6Ben=[redacted]'],
    ['/x?new+password=abc&q=a%20b', '/x?new+password=[redacted]&q=a%20b'],
    ['/statement/s3cr3t?download=1', '/statement/[redacted]?download=1'],
    ['/api/public/khata/s3cr3t/pdf', '/api/public/khata/[redacted]/pdf'],
  ])('%s is logged as %s', (sent, logged) => {
    expect(redactUrl(sent)).toBe(logged);
  });
});
