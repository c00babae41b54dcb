import { UndoableDeleteDialog } from '../../ui/DeleteDialog';
import type { Column } from '../../ui/DataTable';
import { DetailsModal } from '../../ui/DetailsModal';
import { ScopedListScreen } from '../../ui/ScopedListScreen';
import { RowMenu } from '../../ui/RowMenu';
import { styles } from '../../ui/styles';
import { useListParams } from '../../ui/useListParams';
import { useRecordModals } from '../../ui/useRecordModals';
import { useScope } from '../../session/scope';
import {
  PROJECT_COLUMNS,
  PROJECT_SORTS,
  projectDetails,
  projectDetailsRender,
  ProjectTotals,
} from './projectColumns';
import { PmStatusForm, ProjectForm } from './ProjectForms';
import {
  useDeleteProjectMutation,
  useGetProjectsQuery,
  useRestoreProjectMutation,
  type Project,
  type ProjectSort,
} from './projectsApi';

/**
 * Projects: a company manages its own; an admin reads its companies' (Add answers
 * "You can't Create"); a PM reads those assigned to it and updates their 'Status by PM'.
 */
export default function ProjectsScreen() {
  const scope = useScope();
  const list = useListParams<ProjectSort>('createdAt', 'desc', { sorts: PROJECT_SORTS });
  const query = useGetProjectsQuery({ ...list.params, companyId: scope.companyId });
  const modals = useRecordModals<Project>();
  const pmEditing = useRecordModals<Project>();
  const remove = useDeleteProjectMutation();
  const [restore] = useRestoreProjectMutation();

  const ownsStatus = (row: Project) => scope.isPm && row.projectManagerId === scope.user?._id;
  const columns: Column<Project, ProjectSort>[] = [
    ...PROJECT_COLUMNS,
    {
      key: 'action',
      header: 'Action',
      render: (row) => (
        <div className="flex items-center gap-2">
          <RowMenu
            label={row.projectName}
            canWrite={scope.isCompany}
            onShow={() => modals.show(row)}
            onEdit={() => modals.openEdit(row)}
            onDelete={() => modals.askDelete(row)}
          />
          {ownsStatus(row) && (
            <button
              type="button"
              onClick={() => pmEditing.openEdit(row)}
              aria-label={`Update status of ${row.projectName}`}
              className={`${styles.btnSecondary} px-2 py-1 text-xs`}
            >
              Update Status
            </button>
          )}
        </div>
      ),
    },
  ];

  return (
    <ScopedListScreen
      scope={scope}
      title="Project List"
      addLabel="Add New Project"
      onAdd={modals.openCreate}
      refuseAdmin
      searchLabel="Search projects"
      rows="projects"
      empty={{
        hint: "Add the company's projects: their prices make its turnover.",
        action: 'Add your first project',
      }}
      list={list}
      query={query}
      columns={columns}
      summary={<ProjectTotals page={query.currentData ?? query.data} />}
    >
      {modals.formOpen && <ProjectForm project={modals.editing} onClose={modals.closeForm} />}
      {pmEditing.editing && (
        <PmStatusForm project={pmEditing.editing} onClose={pmEditing.closeForm} />
      )}
      <DetailsModal
        record={modals.showing && projectDetails(modals.showing)}
        onClose={modals.closeShow}
        render={projectDetailsRender}
      />
      <UndoableDeleteDialog
        what="project"
        nameOf={(row) => row.projectName}
        modals={modals}
        remove={remove}
        restore={restore}
      />
    </ScopedListScreen>
  );
}
