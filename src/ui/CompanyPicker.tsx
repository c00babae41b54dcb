import { ALL_OF_KIND, useGetPeopleQuery } from '../api/peopleApi';
import type { Scope } from '../session/scope';
import { SelectField } from './Field';
import { styles } from './styles';

/** An admin's choice of company; `required` lists no "All companies" option. */
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
  const companies = useGetPeopleQuery(
    { ...ALL_OF_KIND, kind: 'company' },
    { skip: !scope.isAdmin },
  );
  if (!scope.isAdmin) return null;
  const options = (companies.data?.data ?? []).map((c) => ({ value: c._id, label: c.name }));
  return (
    <SelectField
      id={id}
      label="Company"
      placeholder={required ? 'Select Company' : 'All companies'}
      options={options}
      value={scope.companyId}
      onChange={(e) => scope.setCompanyId(e.target.value)}
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
