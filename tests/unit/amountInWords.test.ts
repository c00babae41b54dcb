import { describe, expect, it } from 'vitest';
import { amountInWords } from '../../contract/amountInWords';

describe('amountInWords', () => {
  it.each([
    [0, 'Rupees Zero Only'],
    [50, 'Rupees Zero and Fifty Paise Only'],
    [100, 'Rupees One Only'],
    [1_100, 'Rupees Eleven Only'],
    [2_000, 'Rupees Twenty Only'],
    [
      12_345_650,
      'Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Fifty Paise Only',
    ],
    [10_100_000, 'Rupees One Lakh One Thousand Only'],
    [1_000_000_000, 'Rupees One Crore Only'],
    [
      999_999_999,
      'Rupees Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine and Ninety-Nine Paise Only',
    ],
    [1_000_000_001, 'Rupees One Crore and One Paise Only'],
    [10_000_000_000, 'Rupees Ten Crore Only'],
    [100_000_000_000, 'Rupees One Hundred Crore Only'],
    [
      1_234_567_890_123,
      'Rupees One Thousand Two Hundred Thirty-Four Crore Fifty-Six Lakh Seventy-Eight Thousand Nine Hundred One and Twenty-Three Paise Only',
    ],
    [70_500_007, 'Rupees Seven Lakh Five Thousand and Seven Paise Only'],
  ])('%i paise', (paise, words) => {
    expect(amountInWords(paise)).toBe(words);
  });

  it('takes BigInt beyond 2^53', () => {
    expect(amountInWords(10n ** 18n)).toBe('Rupees One Hundred Crore Crore Only');
  });

  it('refuses negative and fractional paise', () => {
    expect(() => amountInWords(-1)).toThrow(RangeError);
    expect(() => amountInWords(10.5)).toThrow(RangeError);
  });
});
