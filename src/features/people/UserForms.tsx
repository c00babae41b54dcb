import { useState, type ReactNode } from 'react';
import {
  LOGIN_ROLES,
  USER_STATUSES,
  type CreatableRole,
  type Role,
  type UserStatus,
} from '../../../contract/enums';
import { MOBILE_PATTERN } from '../../../contract/rules';
import { formatEnum } from '../../lib/labels';
import { inputPattern } from '../../lib/patterns';
import { Field, SelectField } from '../../ui/Field';
import { FormModal } from '../../ui/Modal';
import { NewPasswordField } from '../../ui/NewPasswordFields';
import { useDialogCall } from '../../ui/useDialogCall';
import { useEditConflict, type ConflictForm } from '../../ui/useEditConflict';
import { useFieldErrors } from '../../ui/useFieldErrors';
import { fieldBinder } from '../../ui/fieldBinding';
import {
  useCreateUserMutation,
  useEditCompanyMutation,
  useEditUserMutation,
  useLazyGetPersonQuery,
  type PeopleKind,
  type Person,
} from '../../api/peopleApi';

/** The User Type options of the Create New User modal, in the spec's order and words. */
const USER_TYPE_LABELS: Record<CreatableRole, string> = {
  company: 'company',
  employee: 'employee',
  pm: 'pm',
  tl: 'tl',
  team: 'team',
  other: 'Other',
};
const USER_TYPE_OPTIONS = Object.entries(USER_TYPE_LABELS).map(([value, label]) => ({
  value,
  label,
}));

const STATUS_OPTIONS = USER_STATUSES.map((s) => ({ value: s, label: formatEnum(s) }));

type Setter<F> = (key: keyof F) => (e: { target: { value: string } }) => void;

/** The fields a refusal can name: the details, and the first password on create. */
const REFUSABLE = ['name', 'email', 'mobile', 'registration_number', 'password'] as const;
type Refusable = (typeof REFUSABLE)[number];

/** A form's values, and the server's refusals under the fields they name. */
function useForm<F extends Record<string, string>>(initial: F) {
  const [form, setForm] = useState(initial);
  const refused = useFieldErrors<Refusable>(REFUSABLE);
  const set: Setter<F> = (key) => (e) => {
    setForm((f) => ({ ...f, [key]: e.target.value }));
    if ((REFUSABLE as readonly PropertyKey[]).includes(key)) refused.clear(key as Refusable);
  };
  return { form, set, setForm, refused };
}

/** The details a person's edit form shows. */
const detailsOf = (person: Person) => ({
  name: person.name,
  email: person.email,
  mobile: person.mobile,
  registration_number: person.registration_number,
});

/** The details' labels, as a conflict names them. */
const PERSON_LABELS = {
  name: 'Name',
  email: 'Email',
  mobile: 'Contact',
  registration_number: 'Registration Number',
  status: 'Status',
};

/** The details as every people form sends them: trimmed. */
const trimmedDetails = (form: ReturnType<typeof detailsOf>) => ({
  name: form.name.trim(),
  email: form.email.trim(),
  mobile: form.mobile.trim(),
  registration_number: form.registration_number.trim(),
});

/**
 * Why a manager's edit shows someone's e-mail read-only: a company or PM signs in with it, and
 * only they change it (on their Profile, with their password). Undefined for the others, whose
 * e-mail is only a contact address.
 */
function signInEmailNote(role: Role): string | undefined {
  if (role === 'company')
    return 'Only the company can change the e-mail it signs in with, on its Profile.';
  if ((LOGIN_ROLES as readonly string[]).includes(role))
    return 'Only they can change the e-mail they sign in with, on their Profile.';
  return undefined;
}

/** The details an edit sends: all but the e-mail of someone who signs in, which is theirs. */
const editedDetails = (form: ReturnType<typeof detailsOf>, role: Role) => {
  const { email, ...rest } = trimmedDetails(form);
  return signInEmailNote(role) ? rest : { ...rest, email };
};

/**
 * An edit reloads the person as their list shows them now when someone else changed them
 * meanwhile (a company, a PM…: each is read from the list of its role).
 */
function usePersonConflict<F extends object>(
  person: Person,
  onReloaded: (fresh: Person) => void,
  form: ConflictForm<Person, F>,
) {
  const [fetchPerson] = useLazyGetPersonQuery();
  return useEditConflict({
    record: person,
    reload: (p) => fetchPerson({ kind: kindOf(p.role), id: p._id }).unwrap(),
    onReloaded,
    tags: (p) => [{ type: 'users', id: p._id }],
    form,
  });
}

/** The list a person is in: every editable person has a creatable role. */
const kindOf = (role: Role) => role as PeopleKind;

/** Name, e-mail, mobile and registration number: the fields both user modals share. */
function DetailFields({
  form,
  set,
  errors,
  labels,
  afterContact,
  emailLocked,
}: {
  form: { name: string; email: string; mobile: string; registration_number: string };
  set: Setter<{ name: string; email: string; mobile: string; registration_number: string }>;
  errors: Partial<Record<Refusable, string>>;
  labels: { email: string; mobile: string };
  /** Shown between Contact and Registration Number (the password, on create). */
  afterContact?: ReactNode;
  /** Why the e-mail is read-only (someone who signs in with it); editable without it. */
  emailLocked?: string;
}) {
  const bind = fieldBinder('user', form, set, errors);
  return (
    <>
      <Field label="Name" required maxLength={100} autoComplete="off" {...bind('name')} />
      <Field
        label={labels.email}
        type="email"
        required
        maxLength={254}
        autoComplete="off"
        {...bind('email')}
        readOnly={emailLocked !== undefined}
        hint={emailLocked}
      />
      <Field
        label={labels.mobile}
        type="tel"
        required
        pattern={inputPattern(MOBILE_PATTERN)}
        title="A phone number: digits, spaces or dashes, 7 to 19 characters"
        {...bind('mobile')}
      />
      {afterContact}
      <Field label="Registration Number" required maxLength={50} {...bind('registration_number')} />
    </>
  );
}

/** How someone who signs in gets a password: an e-mailed invite, or a first one set here. */
type PasswordChoice = 'invite' | 'password';

const PASSWORD_CHOICES: ReadonlyArray<{ value: PasswordChoice; label: string; hint: string }> = [
  {
    value: 'invite',
    label: 'Send an invite',
    hint: 'They get an e-mail to choose their own password. The link works once, for 72 hours.',
  },
  {
    value: 'password',
    label: 'Set a first password',
    hint: 'Tell it to them yourself. They must change it when they first sign in.',
  },
];

/** The invite or a first password; the password field shows only for the latter. */
function PasswordChoiceFields({
  choice,
  onChoice,
  password,
  onPassword,
  error,
}: {
  choice: PasswordChoice;
  onChoice: (choice: PasswordChoice) => void;
  password: string;
  onPassword: (e: { target: { value: string } }) => void;
  error?: string;
}) {
  return (
    <>
      <fieldset className="space-y-2">
        <legend className="mb-1 block text-sm font-medium text-gray-800">Sign-in password</legend>
        {PASSWORD_CHOICES.map(({ value, label, hint }) => (
          <label key={value} className="flex items-start gap-2 text-sm text-gray-800">
            <input
              type="radio"
              name="user-password-choice"
              value={value}
              checked={choice === value}
              onChange={() => onChoice(value)}
              aria-describedby={`user-password-choice-${value}`}
              className="mt-0.5 h-4 w-4"
            />
            <span>
              {label}
              <span id={`user-password-choice-${value}`} className="block text-xs text-gray-600">
                {hint}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      {choice === 'password' && (
        <NewPasswordField
          id="user-password"
          label="Password"
          value={password}
          error={error}
          onChange={onPassword}
        />
      )}
    </>
  );
}

/**
 * 'Create New User' with the user type preset (and fixed) by the screen that opened it. A
 * company or PM (who sign in) is sent an invite by default, or given a first password;
 * the others never sign in and get no password.
 */
export function CreateUserForm({
  userType,
  onClose,
}: {
  userType: CreatableRole;
  onClose: () => void;
}) {
  const [createUser, creating] = useCreateUserMutation();
  const signsIn = (LOGIN_ROLES as readonly string[]).includes(userType);
  const [choice, setChoice] = useState<PasswordChoice>('invite');
  const { form, set, refused } = useForm({
    name: '',
    email: '',
    mobile: '',
    registration_number: '',
    password: '',
  });

  const { dialog, send } = useDialogCall({
    onClose,
    running: creating,
    messages: {
      success: 'User created successfully',
      failure: 'Failed to create USER. Please try again.',
    },
    onRefused: refused.capture,
  });
  const submit = () =>
    send(
      createUser({
        ...trimmedDetails(form),
        ...(signsIn && choice === 'password' ? { password: form.password } : {}),
        userType,
      }).unwrap(),
    );

  return (
    <FormModal {...dialog} title="Create New User" submitLabel="Create" onSubmit={submit}>
      <DetailFields
        form={form}
        set={set}
        errors={refused.errors}
        labels={{ email: 'Email', mobile: 'Contact' }}
        afterContact={
          signsIn && (
            <PasswordChoiceFields
              choice={choice}
              onChoice={setChoice}
              password={form.password}
              onPassword={set('password')}
              error={refused.errors.password}
            />
          )
        }
      />
      <SelectField
        id="user-type"
        label="User Type"
        options={USER_TYPE_OPTIONS}
        value={userType}
        disabled
      />
    </FormModal>
  );
}

const CONTACT_LABELS = { email: 'Contact Email', mobile: 'Contact Mobile' };

/**
 * A person's edit form. 'Update User Details': the details and the status (active / inactive),
 * which really saves; a PM's e-mail is read-only: they sign in with it. An admin's 'Update
 * Company Details' (`company`): the contact details only (the e-mail, which the company signs
 * in with, is read-only). Deactivating a company has its own action, behind a confirmation,
 * since it signs the company and all of its people out.
 */
function EditPersonForm({
  person,
  company,
  onClose,
}: {
  person: Person;
  company: boolean;
  onClose: () => void;
}) {
  const [editUser, editingUser] = useEditUserMutation();
  const [editCompany, editingCompany] = useEditCompanyMutation();
  const formOf = (p: Person) => ({ ...detailsOf(p), status: p.status });
  const { form, set, setForm, refused } = useForm(formOf(person));
  const conflict = usePersonConflict(person, (fresh) => setForm(formOf(fresh)), {
    values: form,
    of: formOf,
    set: setForm,
    labels: company ? { ...PERSON_LABELS, ...CONTACT_LABELS } : PERSON_LABELS,
    // A company's status is not this form's: it is neither sent nor listed.
    unlisted: company ? ['status'] : [],
  });

  const { dialog, send } = useDialogCall({
    onClose,
    running: { isLoading: editingUser.isLoading || editingCompany.isLoading },
    messages: {
      success: company ? 'Company updated successfully' : 'User edited successfully',
      failure: 'Failed to update company. Please try again.',
    },
    onRefused: refused.capture,
    notify: conflict.save,
  });
  const submit = () => {
    const details = {
      _id: person._id,
      version: conflict.version,
      ...editedDetails(form, person.role),
    };
    return send(
      (company
        ? editCompany(details)
        : editUser({ ...details, status: form.status as UserStatus })
      ).unwrap(),
    );
  };

  return (
    <FormModal
      {...dialog}
      title={company ? 'Update Company Details' : 'Update User Details'}
      submitLabel="Update"
      onSubmit={submit}
    >
      {conflict.notice}
      <DetailFields
        form={form}
        set={set}
        errors={refused.errors}
        labels={CONTACT_LABELS}
        emailLocked={signInEmailNote(person.role)}
      />
      {!company && (
        <SelectField
          id="user-status"
          label="Status"
          options={STATUS_OPTIONS}
          required
          value={form.status}
          onChange={set('status')}
        />
      )}
    </FormModal>
  );
}

/** 'Update User Details': the details and the status. */
export const EditUserForm = ({ person, onClose }: { person: Person; onClose: () => void }) => (
  <EditPersonForm person={person} company={false} onClose={onClose} />
);

/** An admin's 'Update Company Details': the contact details only. */
export const EditCompanyForm = ({ company, onClose }: { company: Person; onClose: () => void }) => (
  <EditPersonForm person={company} company onClose={onClose} />
);
