import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { isBackwards } from '../../lib/dates';
import { DateRangeFields, formRange } from '../../ui/DateRangeFields';
import { FilterForm } from '../../ui/FilterForm';
import { SelectField } from '../../ui/Field';
import { PagedTable } from '../../ui/PagedTable';
import { ScreenCard } from '../../ui/ScreenCard';
import { styles } from '../../ui/styles';
import { useListParams, useUrlFilters } from '../../ui/useListParams';
import { useScope, type Scope } from '../../session/scope';
import { CompanyPicker } from '../../ui/CompanyPicker';
import { PeoplePicker } from '../../ui/PeoplePicker';
import { PROJECT_COLUMNS, PROJECT_SORTS, ProjectTotals } from './projectColumns';
import { useGetProjectsQuery, type ProjectSort } from './projectsApi';

const TYPE_OPTIONS = [
  { value: 'company', label: 'Company' },
  { value: 'pm', label: 'PM' },
];

const EMPTY = { type: 'company', pmId: '', from: '', to: '' };
type Filter = typeof EMPTY;
/** What the address holds once submitted: the type is always there then. */
const NOT_APPLIED = { type: '', pmId: '', from: '', to: '' };

/** Check a filter before it is sent; the message to show, or null when it is fine. */
export function statementFilterError(f: Filter, needsCompany: boolean): string | null {
  if (needsCompany) return 'Please select a company.';
  if (f.type === 'pm' && !f.pmId) return 'Please select a project manager.';
  return null;
}

/**
 * Account Statement: the projects of a type (the whole company, or one PM's) whose date is
 * in the range, in the Project List's columns, with the total price. An admin picks one of
 * its companies first (reading is allowed).
 */
export default function AccountStatementScreen() {
  const scope = useScope();
  const [url, setUrl] = useUrlFilters(NOT_APPLIED);
  const applied: Filter | null = url.type === 'company' || url.type === 'pm' ? url : null;
  const [form, setForm] = useState<Filter>(applied ?? EMPTY);
  // Another statement in the address (Back, a link): the form shows it.
  const [shown, setShown] = useState(url);
  if (shown !== url) {
    setShown(url);
    setForm(applied ?? EMPTY);
  }
  const list = useListParams<ProjectSort>('date', 'desc', { sorts: PROJECT_SORTS });
  const query = useGetProjectsQuery(
    {
      ...list.params,
      companyId: scope.companyId,
      projectManagerId: applied?.type === 'pm' ? applied.pmId : undefined,
      from: applied?.from,
      to: applied?.to,
    },
    { skip: applied === null },
  );
  // Another company has other PMs: the PM choice starts over.
  const companyScope: Scope = {
    ...scope,
    setCompanyId: (id) => {
      setForm((f) => ({ ...f, pmId: '' }));
      scope.setCompanyId(id);
    },
  };
  const set = (key: keyof Filter) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value, ...(key === 'type' ? { pmId: '' } : {}) }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isBackwards(form.from, form.to)) return; // said under the end date already
    const error = statementFilterError(form, scope.isAdmin && !scope.companyId);
    if (error) {
      toast.error(error);
      return;
    }
    apply(form);
  };
  const apply = (filter: Filter) =>
    setUrl({ ...filter, pmId: filter.type === 'pm' ? filter.pmId : '' }, { page: null });
  const clear = () => {
    setForm(EMPTY);
    setUrl(NOT_APPLIED, { page: null });
  };

  const page = query.currentData;
  return (
    <ScreenCard title="Account Statement List" back={false}>
      <FilterForm
        label="Statement filter"
        onSubmit={submit}
        actions={
          <button type="button" onClick={clear} className={styles.btnSecondary}>
            Clear
          </button>
        }
      >
        {scope.isAdmin && <CompanyPicker scope={companyScope} required id="statement-company" />}
        <SelectField
          id="statement-type"
          label="Type"
          options={TYPE_OPTIONS}
          value={form.type}
          onChange={set('type')}
        />
        {form.type === 'pm' && (
          <PeoplePicker
            kind="pm"
            companyId={scope.companyId}
            id="statement-pm"
            label="Project Manager"
            placeholder="Select Project Manager"
            value={form.pmId}
            onChange={(pmId) => setForm((f) => ({ ...f, pmId }))}
          />
        )}
        <DateRangeFields
          idPrefix="statement"
          {...formRange(form, setForm, (next) => {
            if (!statementFilterError(next, scope.isAdmin && !scope.companyId)) apply(next);
          })}
        />
      </FilterForm>
      {applied === null ? (
        <p className="mt-6 text-sm text-gray-700">
          Choose a type and a date range, then Submit to list the projects.
        </p>
      ) : (
        <>
          <p className="mt-6 text-sm text-gray-700">
            <ProjectTotals page={page} />
          </p>
          <div className="mt-2">
            <PagedTable
              caption="Account Statement"
              columns={PROJECT_COLUMNS}
              // The Project List's dozen columns: compact, as the list shows them, to fit.
              density="compact"
              list={list}
              query={query}
            />
          </div>
        </>
      )}
    </ScreenCard>
  );
}
