import { toIso } from '../lib/dates';

/*
 * What invoice links and khata statement links have in common: a link opens one record
 * without a session until it expires or is revoked, and a list shows it without its token.
 */

const DAY_MS = 24 * 60 * 60_000;

/** A share link's row, of either kind. */
interface LinkRow {
  id: string;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

/** A share link as a list shows it (its token is never shown again). */
export const linkToApi = (l: LinkRow) => ({
  _id: l.id,
  createdAt: toIso(l.createdAt),
  expiresAt: toIso(l.expiresAt),
  revokedAt: l.revokedAt ? toIso(l.revokedAt) : null,
  active: !l.revokedAt && l.expiresAt.getTime() > Date.now(),
});

/** When a link made now to last `days` days expires. */
export const expiresIn = (days: number) => new Date(Date.now() + days * DAY_MS);
