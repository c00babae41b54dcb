import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Role } from '../../contract/enums';
import type { AppDispatch } from './store';
import {
  BankIcon,
  BriefcaseIcon,
  BuildingIcon,
  CardIcon,
  HistoryIcon,
  RepeatIcon,
  StatementIcon,
  TagIcon,
  TeamIcon,
  UploadIcon,
} from '../ui/icons';
import {
  ArrowDownLeftIcon,
  ArrowUpRightIcon,
  DashboardIcon,
  ReportIcon,
  UserIcon,
  UsersIcon,
  WalletIcon,
} from '../ui/icons';

export interface AppRoute {
  /** Below /app. */
  path: string;
  /** Menu label and page title. */
  title: string;
  icon: ComponentType<{ className?: string }>;
  Screen: LazyExoticComponent<ComponentType>;
  /**
   * Starts loading the screen's code (for a page opened directly: beside the shell's); settles
   * when it is in or has failed (the screen's own load then reports the failure).
   */
  preload: () => Promise<void>;
  /** For a page opened directly: asks for the screen's data beside its code. */
  prefetch?: (dispatch: AppDispatch) => void;
  /** Who may open it; every signed-in role when absent. The server enforces the same. */
  roles?: readonly Role[];
  /** The menu's group; none for the Dashboard and Profile (always at hand). */
  group?: MenuGroup;
  /** Roles that only read here: the header says "Read-only" and no write control shows. */
  readOnlyFor?: readonly Role[];
}

type Module<T> = { default: T };

/**
 * React.lazy with a `preload` that starts loading early (one fetch either way) and settles once
 * the code is in or has failed (the component's own load then reports the failure). Code that
 * is in renders at once, with no fallback: React takes a thenable that resolves synchronously
 * as a module already there.
 */
export function preloadableLazy<T extends ComponentType>(load: () => Promise<Module<T>>) {
  let loaded: Module<T> | undefined;
  const preload = () =>
    load().then(
      (module) => void (loaded = module),
      () => undefined,
    );
  const inHand = (module: Module<T>) =>
    ({ then: (resolve: (m: Module<T>) => void) => resolve(module) }) as Promise<Module<T>>;
  return { Component: lazy(() => (loaded ? inHand(loaded) : load())), preload };
}

/** A screen loaded on first use, and its preload. */
function lazyScreen(load: () => Promise<{ default: ComponentType }>) {
  const { Component, preload } = preloadableLazy(load);
  return { Screen: Component, preload };
}

/** The menu's groups, in order. */
export const MENU_GROUPS = ['Personal', 'Company', 'Banking', 'Reports', 'Audit'] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

/** The screens of the signed-in area, in menu order; each loads lazily. */
export const APP_ROUTES: readonly AppRoute[] = [
  {
    path: 'dashboard',
    title: 'Dashboard',
    icon: DashboardIcon,
    ...lazyScreen(() => import('../features/dashboard/DashboardScreen')),
    // The first page of every session: its figures are on their way while its code loads, so
    // that its first paint has them. The same query (and day) as the screen's.
    prefetch: (dispatch) =>
      void import('../features/dashboard/dashboardApi')
        .then(({ dashboardApi, dashboardQueryAt }) =>
          dispatch(
            dashboardApi.util.prefetch(
              'getDashboard',
              dashboardQueryAt(window.location.search),
              {},
            ),
          ),
        )
        .catch(() => undefined),
  },
  {
    path: 'expenses',
    group: 'Personal',
    title: 'Expenses',
    icon: WalletIcon,
    ...lazyScreen(() => import('../features/expenses/ExpensesScreen')),
  },
  {
    path: 'recurring',
    group: 'Personal',
    title: 'Recurring',
    icon: RepeatIcon,
    ...lazyScreen(() => import('../features/recurring/RecurringScreen')),
  },
  {
    path: 'categories',
    group: 'Personal',
    title: 'Categories',
    icon: TagIcon,
    ...lazyScreen(() => import('../features/categories/CategoriesScreen')),
  },
  // Lend and borrowed share one module (one screen configured by direction).
  {
    path: 'lend',
    group: 'Personal',
    title: 'Lend',
    icon: ArrowUpRightIcon,
    ...lazyScreen(() =>
      import('../features/loans/LoansScreen').then((m) => ({ default: m.LendScreen })),
    ),
  },
  {
    path: 'borrowed',
    group: 'Personal',
    title: 'Borrowed',
    icon: ArrowDownLeftIcon,
    ...lazyScreen(() =>
      import('../features/loans/LoansScreen').then((m) => ({ default: m.BorrowedScreen })),
    ),
  },
  {
    path: 'categoryreport',
    group: 'Reports',
    title: 'Category Report',
    icon: ReportIcon,
    ...lazyScreen(() => import('../features/reports/CategoryReportScreen')),
  },
  {
    path: 'lendreport',
    group: 'Reports',
    title: 'Lend Report',
    icon: ReportIcon,
    ...lazyScreen(() =>
      import('../features/loans/ReportScreen').then((m) => ({ default: m.LendReportScreen })),
    ),
  },
  {
    path: 'borrowedreport',
    group: 'Reports',
    title: 'Borrowed Report',
    icon: ReportIcon,
    ...lazyScreen(() =>
      import('../features/loans/ReportScreen').then((m) => ({ default: m.BorrowedReportScreen })),
    ),
  },
  {
    path: 'people',
    group: 'Personal',
    title: 'People',
    icon: UsersIcon,
    ...lazyScreen(() => import('../features/loans/CounterpartiesScreen')),
  },
  // The khata: a person by name and mobile, You gave / You got, reminders, statements.
  {
    path: 'khata',
    group: 'Personal',
    title: 'Khata',
    icon: WalletIcon,
    ...lazyScreen(() => import('../features/khata/KhataScreen')),
  },
  // A file's rows as one's expenses, lend or borrowed, or (a company) an account's payments.
  {
    path: 'import',
    group: 'Personal',
    title: 'Import',
    icon: UploadIcon,
    ...lazyScreen(() => import('../features/import/ImportScreen')),
  },
  // Companies, people and projects: one people screen configured by kind.
  {
    path: 'company',
    group: 'Company',
    title: 'Company List',
    icon: BuildingIcon,
    roles: ['admin'],
    ...lazyScreen(() =>
      import('../features/people/PeopleScreen').then((m) => ({ default: m.CompanyListScreen })),
    ),
  },
  {
    path: 'pm',
    group: 'Company',
    readOnlyFor: ['admin'],
    title: 'Project Manager List',
    icon: TeamIcon,
    roles: ['admin', 'company'],
    ...lazyScreen(() =>
      import('../features/people/PeopleScreen').then((m) => ({ default: m.PmListScreen })),
    ),
  },
  {
    path: 'tl',
    group: 'Company',
    readOnlyFor: ['admin', 'pm'],
    title: 'TL List',
    icon: TeamIcon,
    roles: ['admin', 'company', 'pm'],
    ...lazyScreen(() =>
      import('../features/people/PeopleScreen').then((m) => ({ default: m.TlListScreen })),
    ),
  },
  {
    path: 'employee',
    group: 'Company',
    readOnlyFor: ['admin', 'pm'],
    title: 'Employee List',
    icon: TeamIcon,
    roles: ['admin', 'company', 'pm'],
    ...lazyScreen(() =>
      import('../features/people/PeopleScreen').then((m) => ({ default: m.EmployeeListScreen })),
    ),
  },
  {
    path: 'team',
    group: 'Company',
    readOnlyFor: ['admin'],
    title: 'Team List',
    icon: TeamIcon,
    roles: ['admin', 'company'],
    ...lazyScreen(() =>
      import('../features/people/PeopleScreen').then((m) => ({ default: m.TeamListScreen })),
    ),
  },
  {
    path: 'other',
    group: 'Company',
    readOnlyFor: ['admin'],
    title: 'Other Users',
    icon: TeamIcon,
    roles: ['admin', 'company'],
    ...lazyScreen(() =>
      import('../features/people/PeopleScreen').then((m) => ({ default: m.OtherListScreen })),
    ),
  },
  {
    path: 'project',
    group: 'Company',
    readOnlyFor: ['admin'],
    title: 'Project List',
    icon: BriefcaseIcon,
    roles: ['admin', 'company', 'pm'],
    ...lazyScreen(() => import('../features/projects/ProjectsScreen')),
  },
  // Bills to clients: invoices (a PM reads its projects'), clients, the invoicing settings.
  {
    path: 'invoices',
    group: 'Company',
    readOnlyFor: ['admin', 'pm'],
    title: 'Invoices',
    icon: StatementIcon,
    roles: ['admin', 'company', 'pm'],
    ...lazyScreen(() => import('../features/invoicing/InvoicesScreen')),
  },
  {
    path: 'clients',
    group: 'Company',
    readOnlyFor: ['admin'],
    title: 'Clients',
    icon: UsersIcon,
    roles: ['admin', 'company'],
    ...lazyScreen(() => import('../features/invoicing/ClientsScreen')),
  },
  {
    path: 'receivables',
    group: 'Company',
    readOnlyFor: ['admin'],
    title: 'Receivables',
    icon: ReportIcon,
    roles: ['admin', 'company'],
    ...lazyScreen(() => import('../features/invoicing/ReceivablesScreen')),
  },
  {
    path: 'invoicing',
    group: 'Company',
    readOnlyFor: ['admin'],
    title: 'Invoicing Settings',
    icon: BuildingIcon,
    roles: ['admin', 'company'],
    ...lazyScreen(() => import('../features/invoicing/InvoicingSettingsScreen')),
  },
  // Bank accounts, payments, statements.
  {
    path: 'account',
    group: 'Banking',
    readOnlyFor: ['admin'],
    title: 'All Bank',
    icon: BankIcon,
    roles: ['admin', 'company'],
    ...lazyScreen(() => import('../features/bank/BankScreen')),
  },
  {
    path: 'payment',
    group: 'Banking',
    readOnlyFor: ['admin'],
    title: 'Payment Mode',
    icon: CardIcon,
    // An admin reads its companies' accounts here; its Submit answers "You can't Create".
    roles: ['admin', 'company'],
    ...lazyScreen(() => import('../features/bank/PaymentScreen')),
  },
  {
    path: 'recurringpayments',
    group: 'Banking',
    readOnlyFor: ['admin'],
    title: 'Recurring Payments',
    icon: RepeatIcon,
    roles: ['admin', 'company'],
    ...lazyScreen(() => import('../features/recurringPayments/RecurringPaymentsScreen')),
  },
  {
    path: 'vendors',
    group: 'Banking',
    readOnlyFor: ['admin'],
    title: 'Vendors',
    icon: BriefcaseIcon,
    roles: ['admin', 'company'],
    ...lazyScreen(() => import('../features/vendors/VendorsScreen')),
  },
  {
    path: 'reconciliation',
    group: 'Banking',
    readOnlyFor: ['admin'],
    title: 'Reconciliation',
    icon: StatementIcon,
    roles: ['admin', 'company'],
    ...lazyScreen(() => import('../features/reconciliation/ReconciliationScreen')),
  },
  {
    path: 'accountstatement',
    group: 'Reports',
    readOnlyFor: ['admin'],
    title: 'Account Statement',
    icon: StatementIcon,
    roles: ['admin', 'company'],
    ...lazyScreen(() => import('../features/projects/AccountStatementScreen')),
  },
  {
    path: 'report',
    group: 'Reports',
    readOnlyFor: ['admin'],
    title: 'Report List',
    icon: StatementIcon,
    roles: ['admin', 'company'],
    ...lazyScreen(() => import('../features/bank/ReportScreen')),
  },
  {
    path: 'spending',
    group: 'Reports',
    readOnlyFor: ['admin'],
    title: 'Spending',
    icon: ReportIcon,
    roles: ['admin', 'company'],
    ...lazyScreen(() => import('../features/bank/SpendingScreen')),
  },
  // Who changed what: read only.
  {
    path: 'audit',
    group: 'Audit',
    readOnlyFor: ['admin'],
    title: 'Audit Trail',
    icon: HistoryIcon,
    roles: ['admin', 'company'],
    ...lazyScreen(() => import('../features/audit/AuditScreen')),
  },
  {
    path: 'profile',
    title: 'Profile',
    icon: UserIcon,
    ...lazyScreen(() => import('../features/profile/ProfileScreen')),
  },
];

/** The screens a role may use: the menu shows these and the router serves only these. */
export const routesFor = (role: Role | undefined) =>
  APP_ROUTES.filter((r) => !r.roles || (role !== undefined && r.roles.includes(role)));

/** The screen of a pathname below /app, if it is one we have. */
export const routeOf = (pathname: string) => {
  const last = pathname.split('/').filter(Boolean).pop() ?? '';
  return APP_ROUTES.find((r) => r.path === last);
};

/** Page title for a pathname: the last segment, capitalised, if it is a screen we have. */
export function pageTitle(pathname: string): string {
  const last = pathname.split('/').filter(Boolean).pop() ?? '';
  const route = APP_ROUTES.find((r) => r.path === last);
  return route ? route.title : 'Not Found';
}
