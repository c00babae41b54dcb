import type { Role } from '../../contract/enums';

/** Shapes of docs/api-contract.md; the enumerations are contract/enums.ts's. */
export type { Role };

export interface User {
  _id: string;
  name: string;
  email: string;
  role: Role;
  position: 1 | 2 | 3 | null;
  createdAt: string;
}

export interface Envelope<T = undefined> {
  success: boolean;
  message?: string;
  data?: T;
}

export interface Page<T> {
  success: boolean;
  data: T[];
  total: number;
  page: number;
  pageSize: number;
}

export type SortOrder = 'asc' | 'desc';

/** Query arguments every server-side list takes. */
export interface ListParams<S extends string = string> {
  search: string;
  page: number;
  pageSize: number;
  sort: S;
  order: SortOrder;
}
