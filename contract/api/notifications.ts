import { z } from 'zod';
import type { Endpoint } from './endpoint';
import { PageQuery, calendarDate, id, pageMeta } from './fields';

/**
 * What a notification tells: a payment recorded on the company's accounts by someone else,
 * a PM's status update of one of the company's projects, a lend of one's own that became
 * overdue, payments imported from a file by someone else (one for the whole import), a
 * month's spending in a category gone over its budget (once per budget and month), a day of
 * a recurring payment the ledger refused and the job skipped, a lend's scheduled reminder
 * (to follow up by WhatsApp or SMS), an invoice past its due date
 * unpaid (once per invoice).
 */
export const NOTIFICATION_KINDS = [
  'payment',
  'project_status',
  'lend_overdue',
  'payments_import',
  'budget_over',
  'recurring_payment_skipped',
  'invoice_overdue',
  'lend_reminder',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * What a notification opens, as its record stands now (the SPA names the screen by the kind):
 * a payment's or a project's history, the lend in the Lend list, the person of a lend's
 * reminder in Khata, the account's statement over an import's dates, the Category Report of
 * a budget's month, the recurring payment, the invoice.
 */
export const NotificationTarget = z.object({
  /** The record opened: the payment, project, lend, person, account, recurring payment or invoice. */
  id: z.string().optional(),
  /** What narrows its list to it: the lend's name, the recurring payment's remark. */
  search: z.string().optional(),
  /** The days it covers: a budget's month, an import's first and last dates. */
  from: calendarDate.optional(),
  to: calendarDate.optional(),
  /** The company whose record it is, when the reader is its admin. */
  companyId: z.string().optional(),
});

export const Notification = z.object({
  _id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** The payment, project, lend or import it is about; for a budget, the budget and month; for a skipped day, the day's own id; for an overdue invoice, the invoice. */
  recordId: z.string(),
  /** What happened, in a sentence. */
  message: z.string(),
  /** Where it opens; null when the record is gone (deleted since). */
  target: NotificationTarget.nullable(),
  /** ISO timestamp. */
  createdAt: z.string(),
  read: z.boolean(),
});

export const NotificationQuery = z.object({
  page: PageQuery.shape.page,
  pageSize: PageQuery.shape.pageSize,
});

/** One page of the caller's notifications, newest first, with how many are unread. */
export const NotificationList = z.object({
  success: z.boolean(),
  data: z.array(Notification),
  ...pageMeta,
  unread: z.number(),
});

export const UnreadCount = z.object({ success: z.boolean(), unread: z.number() });

export const MarkRead = z.object({
  /** The notifications to mark read; all of the caller's when absent. */
  ids: z.array(id).min(1).max(100).optional(),
});

export const MarkReadAnswer = z.object({
  success: z.boolean(),
  message: z.string(),
  unread: z.number(),
});

export const notificationEndpoints = {
  listNotifications: {
    method: 'GET',
    path: '/notifications',
    query: NotificationQuery,
    answer: NotificationList,
  },
  countUnreadNotifications: {
    method: 'GET',
    path: '/notifications/unread',
    answer: UnreadCount,
  },
  markNotificationsRead: {
    method: 'POST',
    path: '/notifications/read',
    body: MarkRead,
    answer: MarkReadAnswer,
  },
} as const satisfies Record<string, Endpoint>;
