/**
 * An amount in words in the Indian system (thousand, lakh, crore), as invoices and cheques
 * write it: "Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Fifty Paise
 * Only". From integer paise, never a float.
 */

const ONES = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 1 to 99: "Seven", "Nineteen", "Forty", "Twenty-Three". */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n] as string;
  const unit = n % 10;
  return `${TENS[Math.floor(n / 10)]}${unit ? `-${ONES[unit]}` : ''}`;
}

/** A positive whole number in words; crores of crores repeat the system before "Crore". */
function wholeInWords(n: bigint): string {
  const parts: string[] = [];
  const crores = n / 10_000_000n;
  if (crores > 0n) parts.push(`${wholeInWords(crores)} Crore`);
  const rest = Number(n % 10_000_000n);
  const lakhs = Math.floor(rest / 100_000);
  const thousands = Math.floor(rest / 1000) % 100;
  const hundreds = Math.floor(rest / 100) % 10;
  const units = rest % 100;
  if (lakhs) parts.push(`${belowHundred(lakhs)} Lakh`);
  if (thousands) parts.push(`${belowHundred(thousands)} Thousand`);
  if (hundreds) parts.push(`${ONES[hundreds]} Hundred`);
  if (units) parts.push(belowHundred(units));
  return parts.join(' ');
}

/** Integer paise (0 or more) in words: "Rupees Zero Only", "Rupees One Crore Only". */
export function amountInWords(paise: number | bigint): string {
  if (typeof paise === 'number' && !Number.isSafeInteger(paise)) {
    throw new RangeError('amount must be a whole number of paise');
  }
  const amount = BigInt(paise);
  if (amount < 0n) throw new RangeError('amount cannot be negative');
  const rupees = amount / 100n;
  const rest = Number(amount % 100n);
  const rupeeWords = rupees > 0n ? wholeInWords(rupees) : 'Zero';
  const paiseWords = rest ? ` and ${belowHundred(rest)} Paise` : '';
  return `Rupees ${rupeeWords}${paiseWords} Only`;
}
