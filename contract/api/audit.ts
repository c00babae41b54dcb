import { z } from 'zod';
import { AUDIT_ACTIONS, AUDITED_TABLES } from '../enums';
import type { Endpoint } from './endpoint';
import {
  KeysetQuery,
  PageQuery,
  calendarDate,
  id,
  keysetPage,
  oneDirection,
  totalCapped,
} from './fields';

/** A database row as the trail keeps it: snake_case columns, money in `*_paise`. */
const Row = z.record(z.string(), z.unknown());

/**
 * How a related record is tied to an entry's record: a payment's account, the payment a
 * reversal reverses and the reversal of a reversed payment, a transfer's other leg, a
 * repayment's loan.
 */
export const AUDIT_RELATIONS = ['account', 'reverses', 'reversedBy', 'otherLeg', 'loan'] as const;
export type AuditRelation = (typeof AUDIT_RELATIONS)[number];

/** A record an entry's record is tied to, named as its screen names it. */
export const AuditRelated = z.object({
  relation: z.enum(AUDIT_RELATIONS),
  /** Its table (one of AUDITED_TABLES). */
  kind: z.string(),
  recordId: z.string(),
  name: z.string(),
});

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
  /**
   * The record as its screen names it: a bank account by its bank, holder and last four
   * digits; a payment by its type, amount and remark; a project by its name…
   */
  record: z.string(),
  /** The records it is tied to (a payment's account, a reversal's payment…), named. */
  related: z.array(AuditRelated),
  action: z.enum(AUDIT_ACTIONS),
  /** The row without the database's own bookkeeping (kept totals, sequence, version). */
  before: Row.nullable(),
  after: Row.nullable(),
});

export const AuditQuery = z
  .object({
    companyId: id.optional(),
    actorId: id.optional(),
    /** One record's history (and nothing else). */
    recordId: id.optional(),
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
export const AuditList = keysetPage(AuditEntry, { totalCapped: totalCapped('entries') });

export const auditEndpoints = {
  listAudit: { method: 'GET', path: '/audit/getaudit', query: AuditQuery, answer: AuditList },
} as const satisfies Record<string, Endpoint>;
