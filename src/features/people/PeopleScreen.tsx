import { Link } from 'react-router-dom';
import type { Role } from '../../../contract/enums';
import { formatDMY } from '../../lib/dates';
import { formatEnum, roleLabel } from '../../lib/labels';
import { DeleteDialog } from '../../ui/DeleteDialog';
import type { Column } from '../../ui/DataTable';
import { DetailsModal } from '../../ui/DetailsModal';
import { ListScreen } from '../../ui/ListScreen';
import { RowMenu } from '../../ui/RowMenu';
import { styles } from '../../ui/styles';
import { useListParams } from '../../ui/useListParams';
import { useRecordModals } from '../../ui/useRecordModals';
import {
  useDeleteUserMutation,
  useGetPeopleQuery,
  type PeopleKind,
  type PeopleSort,
  type Person,
} from '../../api/peopleApi';
import { useScope } from '../../session/scope';
import { ScopeBar } from '../../ui/CompanyPicker';
import { CreateUserForm, EditUserForm } from './UserForms';

/** Enum values read the same in Data Details as in the list. */
const PERSON_DETAILS_RENDER = {
  status: formatEnum,
  role: (v: unknown) => roleLabel(v as Role),
};

interface KindConfig {
  title: string;
  addLabel: string;
  /** Who may add, edit and delete in this list (others only read). */
  writer: Role;
  columns: ReadonlyArray<keyof typeof COLUMNS>;
  /** Singular and plural, for the count and the confirmation. */
  noun: readonly [string, string];
}

type PersonColumn = Column<Person, PeopleSort>;

/** Every column a people list may show; each kind picks and orders them. */
const COLUMNS = {
  sno: { key: 'sno', header: 'S.no', render: (_row, n) => n },
  date: { key: 'date', header: 'Date', sortKey: 'date', render: (row) => formatDMY(row.date) },
  name: { key: 'name', header: 'Name', sortKey: 'name', render: (row) => row.name },
  regNo: {
    key: 'registration_number',
    header: 'Reg.No',
    sortKey: 'registration_number',
    render: (row) => row.registration_number,
  },
  country: { key: 'country', header: 'Country', render: (row) => row.country || 'India' },
  phone: { key: 'phone', header: 'Phone', render: (row) => row.mobile || '#' },
  email: { key: 'email', header: 'Email', sortKey: 'email', render: (row) => row.email },
  employees: {
    key: 'employees',
    header: 'No.Employees',
    align: 'right',
    render: (row) => row.employeeCount ?? 0,
  },
  status: {
    key: 'status',
    header: 'Status',
    render: (row) => (
      <span
        className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
          row.status === 'active' ? 'bg-green-100 text-green-800' : 'bg-gray-200 text-gray-800'
        }`}
      >
        {formatEnum(row.status)}
      </span>
    ),
  },
} satisfies Record<string, PersonColumn>;

const STAFF_COLUMNS = [
  'sno',
  'date',
  'regNo',
  'name',
  'country',
  'phone',
  'email',
  'status',
] as const;

export const PEOPLE_KINDS: Record<PeopleKind, KindConfig> = {
  company: {
    title: 'Company List',
    addLabel: 'Add New Company',
    writer: 'admin',
    columns: ['sno', 'date', 'name', 'regNo', 'country', 'phone', 'email', 'employees'],
    noun: ['company', 'companies'],
  },
  pm: {
    title: 'Project Manager List',
    addLabel: 'Add New PM',
    writer: 'company',
    columns: STAFF_COLUMNS,
    noun: ['project manager', 'project managers'],
  },
  tl: {
    title: 'TL List',
    addLabel: 'Add New Tl',
    writer: 'company',
    columns: STAFF_COLUMNS,
    noun: ['TL', 'TLs'],
  },
  employee: {
    title: 'Employee List',
    addLabel: 'Add New Employee',
    writer: 'company',
    columns: STAFF_COLUMNS,
    noun: ['employee', 'employees'],
  },
};

/** The screens of an admin's company, linked from its row. */
const COMPANY_LINKS = [
  ['pm', 'PMs'],
  ['employee', 'Employees'],
  ['project', 'Projects'],
  ['account', 'Bank'],
] as const;

/**
 * One list for companies, PMs, TLs and employees. The kind's writer (an admin for its
 * companies, a company for its people) adds; a company also edits and deletes; everyone
 * else reads (Show only).
 */
export function PeopleScreen({ kind }: { kind: PeopleKind }) {
  const config = PEOPLE_KINDS[kind];
  const scope = useScope();
  const list = useListParams<PeopleSort>('date');
  const query = useGetPeopleQuery({ ...list.params, kind, companyId: scope.companyId });
  const modals = useRecordModals<Person>();
  const [deleteUser, deleting] = useDeleteUserMutation();
  const canAdd = scope.role === config.writer;
  // Companies are created by their admin but edited by nobody else.
  const canWrite = canAdd && kind !== 'company';

  const actions: PersonColumn = {
    key: 'action',
    header: kind === 'company' ? 'Actions' : 'Action',
    render: (row) => (
      <div className="flex items-center gap-3">
        <RowMenu
          label={row.name}
          canWrite={canWrite}
          onShow={() => modals.show(row)}
          onEdit={() => modals.openEdit(row)}
          onDelete={() => modals.askDelete(row)}
        />
        {kind === 'company' && (
          <div className="grid grid-cols-[auto_auto] gap-x-3 text-xs">
            {COMPANY_LINKS.map(([path, label]) => (
              <Link
                key={path}
                to={`/app/${path}?companyId=${row._id}`}
                aria-label={`${label} of ${row.name}`}
                className={styles.link}
              >
                {label}
              </Link>
            ))}
          </div>
        )}
      </div>
    ),
  };
  const columns = [...config.columns.map((c) => COLUMNS[c] as PersonColumn), actions];

  const page = query.currentData ?? query.data;
  return (
    <>
      {kind !== 'company' && <ScopeBar scope={scope} />}
      <ListScreen
        title={config.title}
        addLabel={config.addLabel}
        onAdd={canAdd ? modals.openCreate : undefined}
        searchLabel={`Search ${config.noun[1]}`}
        list={list}
        query={query}
        columns={columns}
        rowKey={(row) => row._id}
        summary={page && `${page.total} ${config.noun[page.total === 1 ? 0 : 1]}`}
      >
        {modals.formOpen &&
          (modals.editing ? (
            <EditUserForm person={modals.editing} onClose={modals.closeForm} />
          ) : (
            <CreateUserForm userType={kind} onClose={modals.closeForm} />
          ))}
        <DetailsModal
          record={modals.showing}
          onClose={modals.closeShow}
          render={PERSON_DETAILS_RENDER}
        />
        <DeleteDialog
          record={modals.deleting}
          title={`Delete ${config.noun[0]}`}
          message={(row) => (
            <>
              Delete <strong>{row.name}</strong>? They will no longer be able to sign in. This
              cannot be undone.
            </>
          )}
          run={(row) => deleteUser(row._id).unwrap()}
          messages={{
            success: 'User deleted successfully',
            failure: 'Failed to delete user. Please try again.',
          }}
          onClose={modals.closeDelete}
          busy={deleting.isLoading}
        />
      </ListScreen>
    </>
  );
}

export const CompanyListScreen = () => <PeopleScreen kind="company" />;
export const PmListScreen = () => <PeopleScreen kind="pm" />;
export const TlListScreen = () => <PeopleScreen kind="tl" />;
export const EmployeeListScreen = () => <PeopleScreen kind="employee" />;
