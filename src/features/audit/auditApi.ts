import type { AuditAction, AuditedTable } from '../../../contract/enums';
import { apiSlice } from '../../api/apiSlice';
import type { Tag } from '../../api/tags';
import type { Page } from '../../api/types';

/** A database row as the trail stored it: snake_case columns, money in `*_paise`. */
export type AuditRow = Record<string, unknown>;

export interface AuditEntry {
  _id: string;
  /** ISO timestamp of the change. */
  at: string;
  actorId: string | null;
  /** The actor's name ('Deleted user' or 'System' when there is none). */
  actor: string;
  actorEmail: string;
  companyId: string | null;
  /** The table the change was made in. */
  kind: AuditedTable;
  recordId: string;
  action: AuditAction;
  before: AuditRow | null;
  after: AuditRow | null;
}

export interface AuditArgs {
  /** '' = every company the caller may read. */
  companyId: string;
  actorId: string;
  kind: AuditedTable | '';
  /** YYYY-MM-DD, inclusive; '' = open. */
  from: string;
  to: string;
  page: number;
  pageSize: number;
}

/**
 * Any change anywhere adds to the trail: every list's LIST tag (each create, update and
 * delete invalidates its list) and the signed-in user's own row (Profile) refetch it.
 */
const AUDIT_TAGS: Tag[] = [
  ...(['users', 'project', 'bank', 'expense', 'lend', 'borrowed'] as const).map((type) => ({
    type,
    id: 'LIST',
  })),
  { type: 'users', id: 'ME' },
];

export const auditApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getAudit: build.query<Page<AuditEntry>, AuditArgs>({
      query: ({ companyId, actorId, kind, from, to, page, pageSize }) => ({
        url: '/audit/getaudit',
        // An empty filter is not sent at all (the server refuses `kind=`).
        params: {
          companyId: companyId || undefined,
          actorId: actorId || undefined,
          kind: kind || undefined,
          from: from || undefined,
          to: to || undefined,
          page,
          pageSize,
        },
      }),
      providesTags: AUDIT_TAGS,
    }),
  }),
});

export const { useGetAuditQuery } = auditApi;
