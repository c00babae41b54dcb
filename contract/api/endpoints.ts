import { accountEndpoints } from './account';
import { auditEndpoints } from './audit';
import { authEndpoints } from './auth';
import { bankEndpoints } from './bank';
import { budgetEndpoints } from './budgets';
import { categoryEndpoints } from './categories';
import { counterpartyEndpoints } from './counterparties';
import { dashboardEndpoints } from './dashboard';
import type { Endpoint } from './endpoint';
import type { ROUTES } from '../routes';
import { eventEndpoints } from './events';
import { expenseEndpoints } from './expenses';
import { exportEndpoints } from './exports';
import { importEndpoints } from './imports';
import { inviteEndpoints } from './invites';
import { invoiceEndpoints } from './invoices';
import { khataEndpoints } from './khata';
import { loanEndpoints } from './loans';
import { notificationEndpoints } from './notifications';
import { peopleEndpoints } from './people';
import { projectEndpoints } from './projects';
import { reconciliationEndpoints } from './reconciliation';
import { receiptEndpoints } from './receipts';
import { recurringEndpoints } from './recurring';
import { recurringPaymentEndpoints } from './recurringPayments';
import { vendorEndpoints } from './vendors';

/** Every call of the API, by operation id: the one table of endpoints. */
export const ENDPOINTS = {
  ...authEndpoints,
  ...accountEndpoints,
  ...peopleEndpoints,
  ...inviteEndpoints,
  ...projectEndpoints,
  ...expenseEndpoints,
  ...recurringEndpoints,
  ...categoryEndpoints,
  ...budgetEndpoints,
  ...exportEndpoints,
  ...importEndpoints,
  ...loanEndpoints,
  ...counterpartyEndpoints,
  ...khataEndpoints,
  ...bankEndpoints,
  ...reconciliationEndpoints,
  ...vendorEndpoints,
  ...invoiceEndpoints,
  ...receiptEndpoints,
  ...recurringPaymentEndpoints,
  ...dashboardEndpoints,
  ...auditEndpoints,
  ...eventEndpoints,
  ...notificationEndpoints,
} as const satisfies Record<string, Endpoint>;

export type OperationId = keyof typeof ENDPOINTS;

/** The entry answering `method` at a concrete path below /api ("/users/42"), if any. */
export function endpointAt(method: string, path: string): [OperationId, Endpoint] | undefined {
  for (const [id, entry] of Object.entries(ENDPOINTS) as [OperationId, Endpoint][]) {
    if (entry.method !== method) continue;
    const pattern = entry.path
      .split('/')
      .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    if (new RegExp(`^${pattern}$`).test(path)) return [id, entry];
  }
  return undefined;
}

/** Compiles only when `T` is assignable to `U`. */
type Assignable<T extends U, U> = T;
type Routed = {
  readonly [K in OperationId]: readonly [
    (typeof ENDPOINTS)[K]['method'],
    (typeof ENDPOINTS)[K]['path'],
  ];
};
/**
 * The plain route table the SPA reads (contract/routes.ts) has the same entries as this one,
 * each with a method and path this one allows (loans' paths are typed by direction only):
 * else this does not compile. tests/unit/apiRoutes.test.ts holds them equal.
 */
export type RoutesAgree = Assignable<typeof ROUTES, Routed> &
  Assignable<OperationId, keyof typeof ROUTES>;
