/** How many characters of a typed name an e-mail quotes. */
export const QUOTED_MAX = 60;

/**
 * Text someone typed (a borrower's or a sender's name), made fit to quote in an e-mail that
 * goes to another person: it cannot add lines, hide characters, or offer a link.
 * - One line: control characters, line and paragraph separators become spaces, invisible
 *   format characters (bidirectional overrides, zero-width ones) go, runs of spaces are one.
 * - At most `max` characters (then "…").
 * - Nothing a mail reader turns into a link: compatibility forms are folded first (a
 *   full-width "ｈｔｔｐｓ：／／" is "https://"), then a scheme's "://" becomes "[:]//", every
 *   dot between two letters or digits (any script; "-" and "_" too) "[.]" (so "www.x.com", "evil.example/login" and a bare
 *   domain are no links) and an "@" "(at)" (no mail address either).
 */
export function quotedInMail(text: string, max = QUOTED_MAX): string {
  const line = text
    .normalize('NFKC')
    .replace(/\p{Cf}/gu, '')
    .replace(/[\p{Cc}\p{Zl}\p{Zp}\s]+/gu, ' ')
    .trim();
  const chars = Array.from(line);
  const capped =
    chars.length > max
      ? `${chars
          .slice(0, max - 1)
          .join('')
          .trimEnd()}…`
      : line;
  return capped
    .replace(/:\/\//g, '[:]//')
    .replace(/(?<=[\p{L}\p{M}\p{N}_-])\.(?=[\p{L}\p{M}\p{N}_-])/gu, '[.]')
    .replace(/@/g, '(at)');
}
