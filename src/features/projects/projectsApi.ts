import { apiSlice } from '../../api/apiSlice';
import { changedTags, createdTags, invalidates, listTags } from '../../api/tags';
import type { Envelope, ListParams, Page } from '../../api/types';

export interface Project {
  _id: string;
  /** YYYY-MM-DD. */
  date: string;
  projectName: string;
  clientName: string;
  clientNumber: string;
  duration: string;
  price: number;
  paymentStatus: string;
  status: string;
  risk: string;
  statusByPm: string;
  /** The PM's name, or ''. */
  projectManager: string;
  projectManagerId: string | null;
  createdAt: string;
}

export type ProjectSort =
  'date' | 'projectName' | 'clientName' | 'price' | 'paymentStatus' | 'status' | 'createdAt';

export interface ProjectArgs extends ListParams<ProjectSort> {
  companyId?: string;
  projectManagerId?: string;
  from?: string;
  to?: string;
}

export interface ProjectPage extends Page<Project> {
  /** Sum of price over the filter. */
  totalAmount: number;
}

/** What a company sends: the project's own fields, the PM by id (or null for none). */
export type ProjectInput = Omit<
  Project,
  '_id' | 'projectManager' | 'projectManagerId' | 'createdAt'
> & { projectManager: string | null };

const blankToUndefined = (v: string | undefined) => v || undefined;

export const projectsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getProjects: build.query<ProjectPage, ProjectArgs>({
      query: ({ companyId, projectManagerId, from, to, ...params }) => ({
        url: '/company/getcompanyallproject',
        params: {
          ...params,
          companyId: blankToUndefined(companyId),
          projectManagerId: blankToUndefined(projectManagerId),
          from: blankToUndefined(from),
          to: blankToUndefined(to),
        },
      }),
      providesTags: listTags('project'),
    }),
    createProject: build.mutation<Envelope<Project>, ProjectInput>({
      query: (body) => ({ url: '/company/createproject', method: 'POST', body }),
      invalidatesTags: invalidates(() => createdTags('project')),
    }),
    updateProject: build.mutation<Envelope<Project>, ProjectInput & { _id: string }>({
      query: (body) => ({ url: '/company/updateproject', method: 'POST', body }),
      invalidatesTags: invalidates((_r, arg) => changedTags('project', arg._id)),
    }),
    deleteProject: build.mutation<Envelope, string>({
      query: (id) => ({ url: '/company/deleteproject', method: 'POST', body: { id } }),
      invalidatesTags: invalidates((_r, id) => changedTags('project', id)),
    }),
    updateProjectStatus: build.mutation<Envelope<Project>, { _id: string; statusByPm: string }>({
      query: (body) => ({ url: '/company/updateprojectstatus', method: 'POST', body }),
      invalidatesTags: invalidates((_r, arg) => changedTags('project', arg._id)),
    }),
  }),
});

export const {
  useGetProjectsQuery,
  useCreateProjectMutation,
  useUpdateProjectMutation,
  useDeleteProjectMutation,
  useUpdateProjectStatusMutation,
} = projectsApi;
