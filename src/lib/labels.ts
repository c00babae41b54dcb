import { ROLE_LABELS, type Role } from '../../contract/enums';

/**
 * How a stored enum value reads on screen, the same in a list cell and in Data Details:
 * 'movie' → 'Movie', 'active' → 'Active', 'deActive' → 'DeActive'.
 */
export function formatEnum(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '—';
  return value.charAt(0).toUpperCase() + value.slice(1);
}

/** 'pm' → 'PM', 'tl' → 'TL', 'company' → 'Company'. */
export const roleLabel = (role: Role | undefined): string => (role ? ROLE_LABELS[role] : '');
