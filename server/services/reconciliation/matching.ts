import type { PaymentType } from '../../../contract/enums';
import { MATCH_DAYS } from '../../../contract/reconciliation';

/**
 * Suggesting a ledger entry for each statement line: the same amount and direction, dated
 * within MATCH_DAYS of the line, with the reference or a word in common (or the same day).
 * The entries are indexed by amount and direction in a Map, each bucket sorted by date, so a
 * line looks only at the entries of its own amount and days: O((n + m) log m) for n lines and
 * m entries, never n × m. Of a line's candidates the one with the most in common wins, then
 * the nearest in date; each entry goes to one line at most, lines taking turns oldest first.
 */

/** The most entries of its amount one line is weighed against (see suggestMatches). */
const SCAN_MAX = 400;

export interface MatchLine {
  id: string;
  date: string;
  type: PaymentType;
  amountPaise: number;
  description: string;
  reference: string;
}

export interface MatchEntry {
  id: string;
  date: string;
  type: PaymentType;
  amountPaise: number;
  remark: string;
  reference: string | null;
  partyName?: string | null;
}

/** Words that say how money moved, not what for: in common, they tell nothing. */
const NOISE = new Set(
  (
    'neft rtgs imps upi nach ach ecs mmt inb ibl net txn trf tfr transfer transferred fund funds ' +
    'payment paid pay from the and for with via by ref reference chq cheque clg clearing inward ' +
    'outward bank ltd limited pvt private india indian inr rs rupees cash dep deposit wdl ' +
    'withdrawal debit credit cr dr a/c acct account int bil billpay online mobile mob pos'
  ).split(' '),
);

/** A text's words that may tell two descriptions of one payment: 3+ letters or 4+ digits. */
export function wordsOf(text: string): Set<string> {
  const words = new Set<string>();
  for (const word of text.toLowerCase().split(/[^a-z0-9]+/)) {
    if (word.length < 3 || NOISE.has(word)) continue;
    if (/^\d+$/.test(word) && word.length < 4) continue;
    words.add(word);
  }
  return words;
}

const DAY_MS = 86_400_000;
const dayOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
const keyOf = (type: PaymentType, amountPaise: number) => `${type}:${amountPaise}`;

interface Indexed {
  entry: MatchEntry;
  day: number;
  /** Its words, read when a line first looks at it: most entries are never looked at. */
  words?: Set<string>;
  taken: boolean;
}

/** The first index of `bucket` (sorted by day) dated `day` or later. */
function firstFrom(bucket: Indexed[], day: number): number {
  let low = 0;
  let high = bucket.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (bucket[mid]!.day < day) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** How much a line and an entry have in common: shared words, the reference counting double. */
function inCommon(line: MatchLine, lineWords: Set<string>, candidate: Indexed): number {
  const { entry } = candidate;
  candidate.words ??= wordsOf(`${entry.remark} ${entry.reference ?? ''} ${entry.partyName ?? ''}`);
  let shared = 0;
  for (const word of lineWords) if (candidate.words.has(word)) shared++;
  const reference = line.reference.trim().toLowerCase();
  if (reference.length >= 4) {
    const theirs = `${candidate.entry.reference ?? ''} ${candidate.entry.remark}`.toLowerCase();
    if (theirs.includes(reference)) shared += 2;
  }
  return shared;
}

/** The suggested entry of each line that has one: line id → entry id. */
export function suggestMatches(lines: MatchLine[], entries: MatchEntry[]): Map<string, string> {
  const index = new Map<string, Indexed[]>();
  for (const entry of entries) {
    const key = keyOf(entry.type, entry.amountPaise);
    let bucket = index.get(key);
    if (!bucket) index.set(key, (bucket = []));
    bucket.push({ entry, day: dayOf(entry.date), taken: false });
  }
  for (const bucket of index.values()) bucket.sort((a, b) => a.day - b.day);

  const ordered = [...lines].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const chosen = new Map<string, string>();
  for (const line of ordered) {
    const bucket = index.get(keyOf(line.type, line.amountPaise));
    if (!bucket) continue;
    const day = dayOf(line.date);
    const words = wordsOf(`${line.description} ${line.reference}`);
    let best: Indexed | undefined;
    let bestShared = 0;
    let bestDistance = Infinity;
    const from = firstFrom(bucket, day - MATCH_DAYS);
    // Thousands of entries of one amount on the same days would make this lines × entries:
    // a line weighs at most SCAN_MAX of them, the earliest first.
    for (let i = from; i < bucket.length && i < from + SCAN_MAX; i++) {
      const candidate = bucket[i]!;
      if (candidate.day > day + MATCH_DAYS) break;
      if (candidate.taken) continue;
      const distance = Math.abs(candidate.day - day);
      const shared = inCommon(line, words, candidate);
      if (shared === 0 && distance !== 0) continue;
      if (shared > bestShared || (shared === bestShared && distance < bestDistance)) {
        best = candidate;
        bestShared = shared;
        bestDistance = distance;
      }
    }
    if (best) {
      best.taken = true;
      chosen.set(line.id, best.entry.id);
    }
  }
  return chosen;
}

/**
 * Of earlier entries, the one most like a line (most words in common, then the latest): what
 * a new entry made from the line takes its party and category from. Undefined when none
 * shares a word.
 */
export function likest<T extends { remark: string; partyName: string | null; date: string }>(
  line: Pick<MatchLine, 'description'>,
  earlier: T[],
): T | undefined {
  const words = wordsOf(line.description);
  let best: T | undefined;
  let bestShared = 0;
  for (const entry of earlier) {
    const theirs = wordsOf(`${entry.remark} ${entry.partyName ?? ''}`);
    let shared = 0;
    for (const word of words) if (theirs.has(word)) shared++;
    if (
      shared > bestShared ||
      (shared === bestShared && shared > 0 && best && entry.date > best.date)
    ) {
      best = entry;
      bestShared = shared;
    }
  }
  return best;
}
