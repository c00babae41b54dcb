/** Shapes of docs/api-contract.md. */
export type Role = 'admin' | 'company' | 'pm' | 'tl' | 'employee' | 'team' | 'other';
export type LoginType = 'admin' | 'company' | 'pm';

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
