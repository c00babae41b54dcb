import type { z } from 'zod';
import type {
  AuditEntry as AuditEntrySchema,
  AuditList,
  AuditQuery,
} from '../../../contract/api/audit';
import { request } from '../../api/endpoint';
import { apiSlice } from '../../api/apiSlice';
import type { Tag } from '../../api/tags';

/** One change of the trail, as the server tells it (contract/api/audit.ts). */
export type AuditEntry = z.output<typeof AuditEntrySchema>;

/** A database row as the trail keeps it: snake_case columns, money in `*_paise`. */
export type AuditRow = NonNullable<AuditEntry['before']>;

/** A record an entry's record is tied to (a payment's account…), named by the server. */
export type AuditRelated = AuditEntry['related'][number];

export interface AuditArgs {
  /** '' = every company the caller may read. */
  companyId: string;
  actorId: string;
  /** One record's history; '' = every record. */
  recordId: string;
  kind: NonNullable<z.output<typeof AuditQuery>['kind']> | '';
  /** YYYY-MM-DD, inclusive; '' = open. */
  from: string;
  to: string;
  page: number;
  pageSize: number;
  /** A keyset page: right after (or before) an entry's position (`cursors` of a page). */
  after?: string;
  before?: string;
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
  // What changed elsewhere (another user, another device) comes as this tag.
  'audit',
];

export const auditApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getAudit: build.query<z.output<typeof AuditList>, AuditArgs>({
      query: ({ companyId, actorId, recordId, kind, from, to, page, pageSize, after, before }) =>
        request('listAudit', {
          // An empty filter is not sent at all (the server refuses `kind=`).
          query: {
            companyId: companyId || undefined,
            actorId: actorId || undefined,
            recordId: recordId || undefined,
            kind: kind || undefined,
            from: from || undefined,
            to: to || undefined,
            page,
            pageSize,
            after,
            before,
          },
        }),
      providesTags: AUDIT_TAGS,
    }),
  }),
});

export const { useGetAuditQuery } = auditApi;
