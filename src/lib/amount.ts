import { amountProblem, MAX_RUPEES_TEXT, parseRupees } from '../../contract/rules';

/** The rupees a form sends for a typed amount (contract/rules.ts parseRupees). */
export const typedRupees = (typed: string): number => parseRupees(typed);

/**
 * What a form says of a typed amount of rupees, or undefined when the server accepts it:
 * the contract's rule (at most 2 decimals, at most 99999999999.99), so a form refuses
 * exactly what the server refuses. `atLeast`: 'positive' for an expense, a loan, a
 * repayment, a price or a payment; 'zero' for an opening balance.
 */
export function amountError(typed: string, atLeast: 'positive' | 'zero'): string | undefined {
  const problem = amountProblem(parseRupees(typed), atLeast);
  if (problem === undefined) return undefined;
  if (problem === 'too large') return `Must be at most ${MAX_RUPEES_TEXT}.`;
  return atLeast === 'zero'
    ? 'Must be 0 or more, with at most 2 decimals.'
    : 'Must be more than 0, with at most 2 decimals.';
}
