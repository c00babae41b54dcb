import { useGetPeopleQuery } from '../api/peopleApi';
import type { Scope } from '../session/scope';
import { PeoplePicker } from './PeoplePicker';
import { styles } from './styles';

/**
 * The name of the admin's chosen company (`companyId` in the address), looked up by its id
 * since it need not be on any page a picker loaded. '' for none; undefined while unknown.
 * Another admin's company is not listed, so it shows as unknown.
 */
export function useCompanyName(scope: Scope): string | undefined {
  const lookup = useGetPeopleQuery(
    {
      kind: 'company',
      companyId: scope.companyId,
      search: '',
      page: 1,
      pageSize: 1,
      sort: 'name',
      order: 'asc',
    },
    { skip: !scope.isAdmin || !scope.companyId },
  );
  if (!scope.companyId) return '';
  const company = lookup.currentData?.data.find((c) => c._id === scope.companyId);
  if (company) return company.name;
  return lookup.currentData || lookup.isError ? 'Unknown company' : undefined;
}

/**
 * An admin's choice of company, searched on the server as it types; `required` offers no
 * "All companies".
 */
export function CompanyPicker({
  scope,
  required = false,
  id = 'company-picker',
  className = '',
}: {
  scope: Scope;
  required?: boolean;
  id?: string;
  className?: string;
}) {
  const name = useCompanyName(scope);
  if (!scope.isAdmin) return null;
  return (
    <PeoplePicker
      kind="company"
      id={id}
      label="Company"
      emptyOption={required ? undefined : 'All companies'}
      placeholder="Select Company"
      value={scope.companyId}
      selectedLabel={name}
      onChange={(value) => scope.setCompanyId(value)}
      className={className}
    />
  );
}

/** The bar above an admin's list: which company it shows. Nothing for other roles. */
export function ScopeBar({ scope }: { scope: Scope }) {
  if (!scope.isAdmin) return null;
  return (
    <div className={`${styles.card} mb-4 p-4`}>
      <CompanyPicker scope={scope} className="sm:w-72" />
    </div>
  );
}
