import { createHash } from 'node:crypto';

/** The name a query's text is prepared under, on either driver: short, stable, unique. */
export const statementName = (text: string) =>
  `q${createHash('sha1').update(text).digest('base64url')}`;
