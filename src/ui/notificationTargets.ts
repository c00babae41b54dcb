import type { Notification } from '../api/notificationsApi';

/**
 * Where a notification opens: the record it tells of, as far as a screen shows one. A
 * payment and a project's status change open their history in the Audit Trail (their
 * readers, a company and its admin, read it), with the payment's account and the payment a
 * reversal reverses; an overdue invoice opens the invoice; the rest open the screen their
 * record is listed on.
 */
export function notificationTarget(n: Pick<Notification, 'kind' | 'recordId'>): string {
  const history = (recordId: string) =>
    `/app/audit?${new URLSearchParams({ recordId }).toString()}`;
  switch (n.kind) {
    case 'payment':
    case 'project_status':
      return history(n.recordId);
    case 'invoice_overdue':
      return `/app/invoices?${new URLSearchParams({ invoice: n.recordId }).toString()}`;
    case 'lend_overdue':
      return '/app/lend';
    case 'lend_reminder':
      // A scheduled reminder: followed up by WhatsApp or SMS from the person's page.
      return '/app/khata';
    case 'payments_import':
      return '/app/accountstatement';
    case 'budget_over':
      return '/app/categories';
    case 'recurring_payment_skipped':
      return '/app/recurringpayments';
    default:
      // A kind added later, until it names its screen here: about a loan, or the dashboard.
      return String(n.kind).startsWith('lend') ? '/app/lend' : '/app/dashboard';
  }
}
