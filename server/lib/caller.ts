import type { LoginRole, Role } from '../../contract/enums';

/** Who is calling: every service takes this first and scopes its queries by it. */
export interface Caller {
  userId: string;
  role: Role;
  sessionId: string;
  companyId: string | null;
  /** What the user must do before any other call (see `Pending`). */
  pending: Pending;
}

/**
 * What a signed-in user must do before anything else: change a password someone else chose,
 * or turn on two-factor sign-in that the company requires. Null when nothing is pending.
 */
export type Pending = 'password' | 'twoFactor' | null;

/** Roles that sign in, with the position the SPA routes on (spec §6). */
export const POSITIONS: Readonly<Record<LoginRole, number>> = { admin: 1, company: 2, pm: 3 };
export const positionOf = (role: Role): number | null =>
  role in POSITIONS ? POSITIONS[role as LoginRole] : null;

/** The one rule for what is pending, from the user's row and its company's requirement. */
export const pendingOf = (
  u: { mustChangePassword: boolean; totpSecret: string | null },
  companyRequires: boolean,
): Pending =>
  u.mustChangePassword ? 'password' : companyRequires && !u.totpSecret ? 'twoFactor' : null;
