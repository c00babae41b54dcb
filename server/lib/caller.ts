import type { userRole } from '../db/schema';

export type Role = (typeof userRole.enumValues)[number];

/** Who is calling: every service takes this first and scopes its queries by it. */
export interface Caller {
  userId: string;
  role: Role;
  sessionId: string;
  companyId: string | null;
}

/** Roles that sign in, with the position the SPA routes on (spec §6). */
export const POSITIONS = { admin: 1, company: 2, pm: 3 } as const;
export type LoginRole = keyof typeof POSITIONS;
export const positionOf = (role: Role): number | null =>
  role in POSITIONS ? POSITIONS[role as LoginRole] : null;
