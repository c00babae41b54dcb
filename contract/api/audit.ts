import { z } from 'zod';
import { AUDIT_ACTIONS, AUDITED_TABLES } from '../enums';
import type { Endpoint } from './endpoint';
import {
  KeysetQuery,
  PageQuery,
  calendarDate,
  id,
  oneDirection,
  pageCursors,
  pageMeta,
  totalCapped,
} from './fields';

/** A database row as the trail stored it: snake_case columns, money in `*_paise`. */
const Row = z.record(z.string(), z.unknown());

/** One change: who made it, to which record, and the row before and after. */
export const AuditEntry = z.object({
  _id: z.string(),
  /** ISO timestamp of the change. */
  at: z.string(),
  actorId: z.string().nullable(),
  /** The actor's name ('Deleted user' or 'System' when there is none). */
  actor: z.string(),
  actorEmail: z.string(),
  companyId: z.string().nullable(),
  /** The table the change was made in (one of AUDITED_TABLES). */
  kind: z.string(),
  recordId: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  before: Row.nullable(),
  after: Row.nullable(),
});

export const AuditQuery = z
  .object({
    companyId: id.optional(),
    actorId: id.optional(),
    kind: z
      .enum(AUDITED_TABLES, { error: `must be one of ${AUDITED_TABLES.join(', ')}` })
      .optional(),
    from: calendarDate.optional(),
    to: calendarDate.optional(),
    page: PageQuery.shape.page,
    pageSize: PageQuery.shape.pageSize,
  })
  .extend(KeysetQuery.shape)
  .refine(...oneDirection);
/** One page of the trail, newest first. */
export const AuditList = z.object({
  success: z.boolean(),
  data: z.array(AuditEntry),
  ...pageMeta,
  cursors: pageCursors,
  totalCapped: totalCapped('entries'),
});

export const auditEndpoints = {
  listAudit: { method: 'GET', path: '/audit/getaudit', query: AuditQuery, answer: AuditList },
} as const satisfies Record<string, Endpoint>;
