import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Role, UserStatus } from '../../../contract/enums';
import { notifyMutation } from '../../api/notify';
import { formatDMY } from '../../lib/dates';
import { formatEnum, roleLabel } from '../../lib/labels';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { serialColumn, type Column } from '../../ui/DataTable';
import { titleColumn } from '../../ui/columns';
import { DetailsModal } from '../../ui/DetailsModal';
import { ListScreen } from '../../ui/ListScreen';
import { RowMenu } from '../../ui/RowMenu';
import { styles } from '../../ui/styles';
import { useListParams } from '../../ui/useListParams';
import { useRecordModals } from '../../ui/useRecordModals';
import {
  useDeleteUserMutation,
  useGetPeopleQuery,
  useResendInviteMutation,
  useSetUserStatusMutation,
  type PeopleKind,
  type PeopleSort,
  type Person,
} from '../../api/peopleApi';
import { useScope } from '../../session/scope';
import { ScopeBar } from '../../ui/CompanyPicker';
import { CreateUserForm, EditCompanyForm, EditUserForm } from './UserForms';

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
  /** What an empty list says to its writer. */
  emptyHint: string;
}

type PersonColumn = Column<Person, PeopleSort>;

function StatusBadge({ status }: { status: Person['status'] }) {
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
        status === 'active' ? 'bg-green-100 text-green-800' : 'bg-gray-200 text-gray-800'
      }`}
    >
      {formatEnum(status)}
    </span>
  );
}

/** Someone who signs in and has not set a password from their invite yet. */
function InviteBadge() {
  return (
    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
      Invite pending
    </span>
  );
}

/** Every column a people list may show; each kind picks and orders them. */
const COLUMNS = {
  sno: serialColumn<Person, PeopleSort>(),
  date: { key: 'date', header: 'Date', sortKey: 'date', render: (row) => formatDMY(row.date) },
  name: titleColumn('name', 'Name'),
  // The company list is wide: an inactive company is marked by its name, where it shows.
  companyName: {
    key: 'name',
    header: 'Name',
    sortKey: 'name',
    card: 'primary',
    wrap: true,
    render: (row) => (
      <span className="flex flex-wrap items-center gap-2">
        {row.name}
        {row.status !== 'active' && <StatusBadge status={row.status} />}
        {row.invitePending && <InviteBadge />}
      </span>
    ),
  },
  regNo: {
    key: 'registration_number',
    header: 'Reg.No',
    sortKey: 'registration_number',
    render: (row) => row.registration_number,
  },
  country: { key: 'country', header: 'Country', render: (row) => row.country || 'India' },
  // '+91 98765 01234' may take two lines: the wide lists fit at 1280 px.
  phone: { key: 'phone', header: 'Phone', wrap: 'words', render: (row) => row.mobile || '#' },
  email: {
    key: 'email',
    header: 'Email',
    sortKey: 'email',
    wrap: true,
    render: (row) => row.email,
  },
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
      <span className="flex flex-wrap items-center gap-2">
        <StatusBadge status={row.status} />
        {row.invitePending && <InviteBadge />}
      </span>
    ),
  },
} satisfies Record<string, PersonColumn>;

/** The sorts the people lists offer: their columns' own. */
const PEOPLE_SORTS: readonly PeopleSort[] = [
  ...new Set(Object.values(COLUMNS).flatMap((c: PersonColumn) => (c.sortKey ? [c.sortKey] : []))),
];

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
    columns: ['sno', 'date', 'companyName', 'regNo', 'country', 'phone', 'email', 'employees'],
    noun: ['company', 'companies'],
    emptyHint: 'Add a company: it gets its own sign-in, and you read all of its records.',
  },
  pm: {
    title: 'Project Manager List',
    addLabel: 'Add New PM',
    writer: 'company',
    columns: STAFF_COLUMNS,
    noun: ['project manager', 'project managers'],
    emptyHint: 'Add the project managers who run your projects; they can sign in.',
  },
  tl: {
    title: 'TL List',
    addLabel: 'Add New Tl',
    writer: 'company',
    columns: STAFF_COLUMNS,
    noun: ['TL', 'TLs'],
    emptyHint: 'Add your team leaders.',
  },
  employee: {
    title: 'Employee List',
    addLabel: 'Add New Employee',
    writer: 'company',
    columns: STAFF_COLUMNS,
    noun: ['employee', 'employees'],
    emptyHint: 'Add your employees.',
  },
  team: {
    title: 'Team List',
    addLabel: 'Add New Team Member',
    writer: 'company',
    columns: STAFF_COLUMNS,
    noun: ['team member', 'team members'],
    emptyHint: 'Add your team members.',
  },
  other: {
    title: 'Other Users',
    addLabel: 'Add New Other User',
    writer: 'company',
    columns: STAFF_COLUMNS,
    noun: ['other user', 'other users'],
    emptyHint: 'Add the other people who work with the company.',
  },
};

/** What a row action asks to confirm: a status change, or removing one of a company's people. */
type Pending =
  | { action: 'status'; person: Person; status: UserStatus }
  | { action: 'deactivate'; person: Person }
  | { action: 'delete'; person: Person };

/** Why a permanent delete may be refused, as the server decides it. */
const HARD_DELETE_RULE =
  'That is refused while they still own expenses or lend/borrowed entries, or manage projects.';

interface Confirmation {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** The toasts' fallbacks: the server's own message is shown when it sends one. */
  messages: { success: string; failure: string };
}

const STATUS_FAILURE = 'Failed to change the status. Please try again.';

function confirmationOf(pending: Pending, kind: PeopleKind, noun: string): Confirmation {
  const name = <strong>{pending.person.name}</strong>;
  if (pending.action === 'deactivate')
    return {
      title: `Deactivate ${noun}`,
      confirmLabel: 'Deactivate',
      messages: { success: 'User deactivated successfully', failure: STATUS_FAILURE },
      message: (
        <>
          <p>
            {name} will be marked inactive and can no longer sign in. Nothing of theirs is deleted:
            they stay in this list and you can reactivate them at any time.
          </p>
          <p className="mt-3 text-gray-600">
            To remove someone for good, deactivate them first, then choose Delete in their menu.{' '}
            {HARD_DELETE_RULE}
          </p>
        </>
      ),
    };
  if (pending.action === 'delete')
    return {
      title: `Delete ${noun} permanently`,
      confirmLabel: 'Delete permanently',
      messages: {
        success: 'User deleted successfully',
        failure: 'Failed to delete user. Please try again.',
      },
      message: (
        <>
          <p>
            Delete {name} for good? Their account cannot be brought back; the audit trail keeps its
            history.
          </p>
          <p className="mt-3 text-gray-600">{HARD_DELETE_RULE} Keep them deactivated then.</p>
        </>
      ),
    };
  const company = kind === 'company';
  return pending.status === 'inactive'
    ? {
        title: `Deactivate ${noun}`,
        confirmLabel: 'Deactivate',
        messages: { success: 'Deactivated successfully', failure: STATUS_FAILURE },
        message: (
          <p>
            {name} and all of its people (PMs, TLs, employees…) will be signed out and cannot sign
            in until you reactivate it. Nothing is deleted: you can still read all of its records.
          </p>
        ),
      }
    : {
        title: `Reactivate ${noun}`,
        confirmLabel: 'Reactivate',
        messages: { success: 'Reactivated successfully', failure: STATUS_FAILURE },
        message: (
          <p>
            {name}
            {company
              ? ' and its people will be able to sign in again.'
              : ' will be marked active again and, if they sign in, can do so again.'}
          </p>
        ),
      };
}

/** The screens of an admin's company, linked from its row. */
const COMPANY_LINKS = [
  ['pm', 'PMs'],
  ['employee', 'Employees'],
  ['project', 'Projects'],
  ['account', 'Bank'],
] as const;

/**
 * One list for companies and each kind of a company's people. The kind's writer (an admin
 * for its companies, a company for its people) adds, edits, deactivates and reactivates;
 * a company also deletes an inactive person for good. Everyone else reads (Show only).
 */
export function PeopleScreen({ kind }: { kind: PeopleKind }) {
  const config = PEOPLE_KINDS[kind];
  const scope = useScope();
  const list = useListParams<PeopleSort>('date', 'desc', { sorts: PEOPLE_SORTS });
  const query = useGetPeopleQuery({ ...list.params, kind, companyId: scope.companyId });
  const modals = useRecordModals<Person>();
  const [deleteUser, deleting] = useDeleteUserMutation();
  const [setUserStatus, settingStatus] = useSetUserStatusMutation();
  const [resendInvite] = useResendInviteMutation();
  const [pending, setPending] = useState<Pending | null>(null);
  const canWrite = scope.role === config.writer;

  /** Deactivate (an admin's company, or a company's person by its delete call) or reactivate. */
  const rowActions = (row: Person) => {
    if (row.status === 'active')
      return {
        extraActions: row.invitePending
          ? [
              {
                label: 'Resend invite',
                onClick: () =>
                  void notifyMutation(resendInvite({ id: row._id }).unwrap(), {
                    success: 'Invite sent',
                    failure: 'Failed to send the invite. Please try again.',
                  }),
              },
            ]
          : [],
        deleteLabel: 'Deactivate',
        onDelete: () =>
          setPending(
            kind === 'company'
              ? { action: 'status', person: row, status: 'inactive' }
              : { action: 'deactivate', person: row },
          ),
      };
    const reactivate = {
      label: 'Reactivate',
      onClick: () => setPending({ action: 'status', person: row, status: 'active' }),
    };
    return {
      extraActions: [reactivate],
      // A company may be switched off and on, never deleted.
      onDelete:
        kind === 'company' ? undefined : () => setPending({ action: 'delete', person: row }),
    };
  };

  const confirmation = pending && confirmationOf(pending, kind, config.noun[0]);
  const run = async () => {
    if (!pending || !confirmation) return;
    const { person } = pending;
    const call =
      pending.action === 'status'
        ? setUserStatus({ id: person._id, status: pending.status })
        : deleteUser({ id: person._id, hard: pending.action === 'delete' });
    await notifyMutation(call.unwrap(), confirmation.messages);
    setPending(null);
  };

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
          {...(canWrite ? rowActions(row) : {})}
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
        onAdd={canWrite ? modals.openCreate : undefined}
        searchLabel={`Search ${config.noun[1]}`}
        empty={
          canWrite
            ? { hint: config.emptyHint, action: `Add your first ${config.noun[0]}` }
            : { hint: `No ${config.noun[1]} here yet.` }
        }
        list={list}
        query={query}
        columns={columns}
        summary={page && `${page.total} ${config.noun[page.total === 1 ? 0 : 1]}`}
      >
        {modals.formOpen &&
          (modals.editing ? (
            kind === 'company' ? (
              <EditCompanyForm company={modals.editing} onClose={modals.closeForm} />
            ) : (
              <EditUserForm person={modals.editing} onClose={modals.closeForm} />
            )
          ) : (
            <CreateUserForm userType={kind} onClose={modals.closeForm} />
          ))}
        <DetailsModal
          record={modals.showing}
          onClose={modals.closeShow}
          render={PERSON_DETAILS_RENDER}
        />
        <ConfirmDialog
          open={confirmation !== null}
          title={confirmation?.title ?? ''}
          message={confirmation?.message}
          confirmLabel={confirmation?.confirmLabel}
          onConfirm={run}
          onCancel={() => setPending(null)}
          busy={deleting.isLoading || settingStatus.isLoading}
        />
      </ListScreen>
    </>
  );
}

export const CompanyListScreen = () => <PeopleScreen kind="company" />;
export const PmListScreen = () => <PeopleScreen kind="pm" />;
export const TlListScreen = () => <PeopleScreen kind="tl" />;
export const EmployeeListScreen = () => <PeopleScreen kind="employee" />;
export const TeamListScreen = () => <PeopleScreen kind="team" />;
export const OtherListScreen = () => <PeopleScreen kind="other" />;
