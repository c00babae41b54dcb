import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ENDPOINTS } from '../../contract/api/endpoints';
import { answerSerializer, writerFor } from '../../server/lib/serializer';

/** What the Zod path writes: the value encoded through the schema, then JSON.stringify. */
const contract = (schema: z.ZodType, value: unknown) =>
  JSON.stringify(z.encode(schema, value as never));

const Row = z.object({
  _id: z.string(),
  note: z.string().nullable(),
  amount: z.number(),
  done: z.boolean(),
  tag: z.enum(['a', 'b']).optional(),
});
const Page = z.object({
  success: z.boolean(),
  data: z.array(Row),
  extra: z.record(z.string(), z.unknown()),
  cursors: z.object({ first: z.string(), last: z.string() }).nullable().default(null),
  capped: z.boolean().optional(),
});

describe('the production answer writer', () => {
  it('writes what the Zod path writes: its keys in order, undeclared ones left out', () => {
    const value = {
      // In another order than the schema's, with keys it does not declare.
      capped: undefined,
      cursors: { last: 'L', first: 'F', secret: 'x' },
      extra: { b: 1, a: [1, 'two', null], skipped: undefined },
      data: [
        { amount: 12.5, _id: 'r1', note: null, done: false, passwordHash: 'never' },
        {
          _id: 'r2',
          note: 'quote " backslash \\ newline \n tab \t',
          amount: -0,
          done: true,
          tag: 'b',
        },
      ],
      success: true,
      internal: 'never',
    };
    const written = writerFor(Page)(value);
    expect(written).toBe(contract(Page, value));
    expect(written).not.toContain('never');
    expect(written.indexOf('"success"')).toBeLessThan(written.indexOf('"data"'));
  });

  it('writes any string as JSON.stringify does: escapes, control characters, lone surrogates', () => {
    const write = writerFor(z.object({ s: z.string(), list: z.array(z.string()) }));
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary' }),
        fc.array(fc.string({ unit: 'grapheme' })),
        (s, list) => {
          expect(write({ s, list })).toBe(JSON.stringify({ s, list }));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('writes any number as JSON.stringify does', () => {
    const write = writerFor(z.object({ n: z.number() }));
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        expect(write({ n })).toBe(JSON.stringify({ n }));
      }),
    );
  });

  it('leaves to Zod what only it can write: a string it trims, a union of objects, a transform', () => {
    const Odd = z.object({
      trimmed: z.string().trim(),
      either: z.union([
        z.object({ kind: z.literal('a'), a: z.number() }),
        z.object({ b: z.string() }),
      ]),
      lower: z.string().toLowerCase(),
    });
    const value = { trimmed: '  padded  ', either: { b: 'B', kind: 'x' }, lower: 'MiXeD' };
    expect(writerFor(Odd)(value)).toBe(contract(Odd, value));
    expect(writerFor(Odd)(value)).toContain('"trimmed":"padded"');
  });

  it('compiles a writer for every answer of the contract', () => {
    for (const [id, endpoint] of Object.entries(ENDPOINTS))
      if ('answer' in endpoint && endpoint.answer)
        expect(() => writerFor(endpoint.answer as z.ZodType), id).not.toThrow();
  });

  it('checked (tests, development) refuses an answer that breaks the contract; production writes it', () => {
    const route = { schema: Page, method: 'GET', url: '/x', httpStatus: '200' } as never;
    const broken = { success: 'yes', data: [], extra: {}, cursors: null };
    const checked = answerSerializer({ checked: true })(route);
    expect(() => checked(broken)).toThrow();
    const good = { success: true, data: [], extra: {}, cursors: null };
    expect(checked(good)).toBe(contract(Page, good));
    const production = answerSerializer({ checked: false })(route);
    expect(production(good)).toBe(contract(Page, good));
    // Not parsed in production: what the tests let through is written as it is.
    expect(production(broken)).toBe('{"success":"yes","data":[],"extra":{},"cursors":null}');
  });
});
