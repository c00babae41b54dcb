import type { Notification } from '../api/notificationsApi';

/** The query parameter a list opens a record by: its row is marked and scrolled to. */
export const OPEN_PARAM = 'open';

const at = (path: string, params: Record<string, string | undefined>) => {
  const query = new URLSearchParams(
    Object.entries(params).filter((entry): entry is [string, string] => !!entry[1]),
  ).toString();
  return query ? `${path}?${query}` : path;
};

/**
 * Where a notification opens: the record it tells of, on the screen that shows it. A payment
 * and a project's status change open their history in the Audit Trail; an overdue lend opens
 * the Lend list narrowed to its name with its row marked; a lend's scheduled reminder opens
 * the person's page in Khata (where WhatsApp and SMS are); an import opens the account's
 * statement over the imported dates; a budget gone over opens the Category Report of its
 * month; a skipped day opens its recurring payment's row; an overdue invoice opens the
 * invoice. Null when the record is gone (the server found it deleted; a payment's or a
 * project's history outlives it, so those still open).
 */
export function notificationTarget(n: Pick<Notification, 'kind' | 'recordId' | 'target'>) {
  const t = n.target;
  if (!t) return null;
  const company = t.companyId;
  switch (n.kind) {
    case 'payment':
    case 'project_status':
      return at('/app/audit', { recordId: t.id ?? n.recordId });
    case 'invoice_overdue':
      return at('/app/invoices', { invoice: t.id ?? n.recordId });
    case 'lend_overdue':
      return at('/app/lend', { q: t.search, [OPEN_PARAM]: t.id });
    case 'lend_reminder':
      return at('/app/khata', { person: t.id });
    case 'payments_import':
      return at('/app/report', { accountId: t.id, from: t.from, to: t.to, companyId: company });
    case 'budget_over':
      return at('/app/categoryreport', { from: t.from, to: t.to });
    case 'recurring_payment_skipped':
      return at('/app/recurringpayments', { q: t.search, [OPEN_PARAM]: t.id, companyId: company });
    default:
      // A kind added later, until it names its screen here: about a loan, or the dashboard.
      return String(n.kind).startsWith('lend') ? '/app/lend' : '/app/dashboard';
  }
}

/** What a notification whose record is gone says instead of opening it. */
export const GONE_MESSAGE = 'What this tells of has since been deleted: there is nothing to open.';
