import { useGetAccountsQuery, type Account } from './bankApi';

const FIRST = { page: 1, sort: 'createdAt', order: 'desc', search: '' } as const;

/**
 * The account a screen starts with: the company's default (active) account, else its only
 * one (its only open one with `openOnly`, for a screen that records payments); none while
 * unknown, or when an admin has not chosen one of its companies. The default account is
 * never a closed one.
 */
export function usePreferredAccount(
  scope: { isAdmin: boolean; isCompany: boolean; companyId: string },
  skip = false,
  openOnly = false,
): Account | undefined {
  const none = skip || (!scope.isCompany && !(scope.isAdmin && scope.companyId));
  const companyId = scope.companyId || undefined;
  const byDefault = useGetAccountsQuery(
    { ...FIRST, pageSize: 1, companyId, defaultStatus: 'active' },
    { skip: none },
  );
  const all = useGetAccountsQuery(
    { ...FIRST, pageSize: 2, companyId, state: openOnly ? 'open' : undefined },
    { skip: none },
  );
  if (none || !byDefault.currentData) return undefined;
  const chosen = byDefault.currentData.data[0];
  if (chosen) return chosen;
  const page = all.currentData;
  return page && page.total === 1 ? page.data[0] : undefined;
}
