import { createHash } from 'node:crypto';

/** The name a query's text is prepared under, on either driver: short, stable, unique. */
export const statementName = (text: string) =>
  `q${createHash('sha1').update(text).digest('base64url')}`;

/**
 * A query whose best plan depends on its values carries this comment, and both drivers send
 * it unnamed, so PostgreSQL plans it for those values each time. A search is one: a rare
 * term is found fastest from the trigram index, a common one by walking the list's order
 * until the page is full, and a reused plan made without the term would do one of them for
 * every term.
 */
export const PLANNED_PER_CALL = '/* planned per call */';

/** Whether a query may be prepared under a name and its plan reused. */
export const reusablePlan = (text: string) => !text.includes(PLANNED_PER_CALL);
