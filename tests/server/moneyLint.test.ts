import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The lint rules that keep money off floats in server code catch the usual slips. */
describe('money in server code', () => {
  it('refuses sums of paise in numbers, parseFloat and * or / 100, and takes BigInt', async () => {
    const eslint = new ESLint();
    const lint = async (code: string) => {
      const [result] = await eslint.lintText(code, { filePath: 'server/services/example.ts' });
      return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').length;
    };
    expect(
      await lint(
        'export const f = (a: { amountPaise: number }) => { let credits = 0; credits += a.amountPaise; return credits; };',
      ),
    ).toBe(1);
    expect(
      await lint(
        'export const f = (r: { they_owe: string; i_owe: string }) => Number(r.they_owe) - Number(r.i_owe);',
      ),
    ).toBe(2);
    expect(await lint("export const f = (paise: number) => paise / 100 + parseFloat('1');")).toBe(
      2,
    );
    expect(
      await lint(
        'export const f = (a: { amountPaise: number }) => { let credits = 0n; credits += BigInt(a.amountPaise); return credits; };',
      ),
    ).toBe(0);
  });
});
