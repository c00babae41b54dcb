import { useState } from 'react';
import { amountError, typedRupees } from '../../lib/amount';
import { todayLocalISO } from '../../lib/dates';
import { AmountField } from '../../ui/AmountField';
import { DateField } from '../../ui/DateField';
import { Field } from '../../ui/Field';
import { textValues } from '../../ui/formValues';
import { recordFieldBinder } from '../../ui/fieldBinding';
import { FormModal } from '../../ui/Modal';
import { RecordFormModal, recordMessages, useRecordForm } from '../../ui/useRecordForm';
import { PeoplePicker } from '../../ui/PeoplePicker';
import { useDialogCall } from '../../ui/useDialogCall';
import { useEditConflict, type ConflictForm } from '../../ui/useEditConflict';
import { ProjectClientPicker, type ProjectClient } from './ProjectClientPicker';
import { StatusSuggestionLists, SUGGESTED, suggestionsId } from './StatusSuggestions';
import {
  useCreateProjectMutation,
  useLazyGetProjectQuery,
  useUpdateProjectMutation,
  useUpdateProjectStatusMutation,
  type Project,
  type ProjectInput,
} from './projectsApi';

const TEXT_FIELDS = [
  ['projectName', 'Project Name', 200, true],
  ['clientName', 'Client Name', 200, true],
  ['clientNumber', 'Client Number', 50, true],
  ['duration', 'Duration', 50, true],
  ['paymentStatus', 'Payment Status', 50, true],
  ['status', 'Status', 50, false],
  ['risk', 'Risk', 50, false],
  ['statusByPm', 'Status by PM', 200, false],
] as const;

type TextKey = (typeof TEXT_FIELDS)[number][0];
const TEXT_KEYS = TEXT_FIELDS.map(([key]) => key);

/** The fields a refusal may name (the server's names). */
const PROJECT_FIELDS = [...TEXT_KEYS, 'price', 'date', 'projectManager', 'clientId'] as const;

/** The fields' labels, as a conflict names them. */
const PROJECT_LABELS: Record<string, string> = {
  ...Object.fromEntries(TEXT_FIELDS.map(([key, label]) => [key, label])),
  price: 'Price (₹)',
  date: 'Date',
};

/** While a client is chosen, these show the client's and cannot be typed. */
const CLIENT_FIELDS: ReadonlySet<TextKey> = new Set(['clientName', 'clientNumber']);

/** The company form's values of a project (a new one's when null). */
const projectForm = (project: Project | null) => ({
  ...textValues(project, TEXT_KEYS),
  price: project ? String(project.price) : '',
  projectManager: project?.projectManagerId ?? '',
  clientId: project?.clientId ?? '',
  date: project?.date ?? todayLocalISO(),
});

/**
 * An edit made stale by someone else shows what they changed beside the form's values, and
 * reloads the project as it is now when asked.
 */
function useProjectConflict<F extends object>(
  project: Project | null,
  onReloaded: (fresh: Project) => void,
  form?: ConflictForm<Project, F>,
) {
  const [fetchProject] = useLazyGetProjectQuery();
  return useEditConflict({
    record: project,
    reload: (p) => fetchProject(p._id).unwrap(),
    onReloaded,
    tags: (p) => [{ type: 'project', id: p._id }],
    form,
  });
}

/** A company's create/edit project modal; the Project Manager is one of its PMs. */
export function ProjectForm({
  project,
  onClose,
}: {
  project: Project | null;
  onClose: () => void;
}) {
  const [fetchProject] = useLazyGetProjectQuery();
  // The project as last loaded: the PM's name for the picker follows a reload.
  const [loaded, setLoaded] = useState(project);
  const [createProject, creating] = useCreateProjectMutation();
  const [updateProject, updating] = useUpdateProjectMutation();
  const state = useRecordForm({
    record: project,
    valuesOf: projectForm,
    reload: (id) => fetchProject(id).unwrap(),
    tag: (id) => ({ type: 'project', id }),
    fields: PROJECT_FIELDS,
    messages: recordMessages('project'),
    // With a client the server keeps its name and mobile whatever is sent: an edit leaves
    // them out, and a new project sends them (a client without a mobile, a stand-in).
    add: [
      (input: ProjectInput) => {
        if (!input.clientId) return createProject(input);
        return createProject({ ...input, clientNumber: input.clientNumber || '-' });
      },
      creating,
    ],
    update: [
      ({ clientName, clientNumber, ...rest }) =>
        updateProject(rest.clientId ? rest : { ...rest, clientName, clientNumber }),
      updating,
    ],
    compare: { labels: PROJECT_LABELS, unlisted: ['projectManager', 'clientId'] },
    onReloaded: setLoaded,
    onClose,
  });
  const { form, setForm, refused, save } = state;

  // A chosen client's name and mobile fill the fields; clearing it leaves them to edit.
  const pickClient = (client: ProjectClient | null) => {
    setForm((f) =>
      client
        ? { ...f, clientId: client._id, clientName: client.name, clientNumber: client.mobile ?? '' }
        : { ...f, clientId: '' },
    );
    refused.clear('clientId');
    refused.clear('clientName');
    refused.clear('clientNumber');
  };

  const submit = () => {
    const text = (key: TextKey) => form[key].trim();
    void save({ price: amountError(form.price, 'positive') }, () => ({
      projectName: text('projectName'),
      clientName: text('clientName'),
      clientNumber: text('clientNumber'),
      duration: text('duration'),
      paymentStatus: text('paymentStatus'),
      status: text('status'),
      risk: text('risk'),
      statusByPm: text('statusByPm'),
      price: typedRupees(form.price),
      projectManager: form.projectManager || null,
      date: form.date,
      clientId: form.clientId || null,
    }));
  };

  const bind = recordFieldBinder('project', state);
  return (
    <RecordFormModal
      state={state}
      title={{ add: 'Add New Project', edit: 'Edit Project' }}
      onSubmit={submit}
      size="lg"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <ProjectClientPicker
          id="project-client"
          label="Client"
          emptyOption="No client (type the name)"
          value={form.clientId}
          selectedLabel={loaded?.clientId === form.clientId ? loaded.clientName : undefined}
          error={refused.errors.clientId}
          onPick={pickClient}
        />
        {TEXT_FIELDS.map(([key, label, max, required]) => (
          <Field
            key={key}
            label={label}
            required={required}
            maxLength={max}
            {...bind(key)}
            list={SUGGESTED.has(key) ? suggestionsId(key) : undefined}
            readOnly={Boolean(form.clientId) && CLIENT_FIELDS.has(key)}
            hint={form.clientId && CLIENT_FIELDS.has(key) ? "The client's" : undefined}
          />
        ))}
        <StatusSuggestionLists />
        <AmountField label="Price (₹)" {...bind('price')} />
        <DateField label="Date" required {...bind('date')} />
        <PeoplePicker
          kind="pm"
          id="project-pm"
          label="Project Manager"
          emptyOption="No project manager"
          value={form.projectManager}
          selectedLabel={loaded?.projectManager}
          error={refused.errors.projectManager}
          onChange={(projectManager) => {
            setForm((f) => ({ ...f, projectManager }));
            refused.clear('projectManager');
          }}
        />
      </div>
    </RecordFormModal>
  );
}

/** The assigned PM's one edit: 'Status by PM'. */
export function PmStatusForm({ project, onClose }: { project: Project; onClose: () => void }) {
  const [updateStatus, updating] = useUpdateProjectStatusMutation();
  const [statusByPm, setStatusByPm] = useState(project.statusByPm);
  const conflict = useProjectConflict(project, (fresh) => setStatusByPm(fresh.statusByPm), {
    values: { statusByPm },
    of: (p) => ({ statusByPm: p.statusByPm }),
    set: (values) => setStatusByPm(values.statusByPm),
    labels: { statusByPm: 'Status by PM' },
  });
  const { dialog, send } = useDialogCall({
    onClose,
    running: updating,
    messages: {
      success: 'Project status updated successfully',
      failure: 'Failed to update the status. Please try again.',
    },
    notify: conflict.save,
  });
  // The PM's one field, with the version it read: nothing else of the project is sent.
  const submit = () =>
    send(
      updateStatus({
        _id: project._id,
        version: conflict.version,
        statusByPm: statusByPm.trim(),
      }).unwrap(),
    );
  return (
    <FormModal {...dialog} title="Update Status by PM" submitLabel="Update" onSubmit={submit}>
      {conflict.notice}
      <p className="text-sm text-gray-700">
        Project <strong>{project.projectName}</strong> for {project.clientName}
      </p>
      <Field
        id="project-status-by-pm"
        label="Status by PM"
        required
        maxLength={200}
        value={statusByPm}
        onChange={(e) => setStatusByPm(e.target.value)}
      />
    </FormModal>
  );
}
