import type { z } from 'zod';
import type {
  Project as ProjectSchema,
  ProjectListQuery,
  ProjectSort,
  ProjectStatusHistory,
} from '../../../contract/api/projects';
import type { AnswerOf, BodyOf, QueryOf } from '../../api/contractTypes';
import { reloadOf, request } from '../../api/endpoint';
import { injectEndpoints } from '../../api/apiSlice';
import { recordMutations } from '../../api/recordMutations';
import { changedTags, invalidates, listTags } from '../../api/tags';
import type { ListParams } from '../../api/types';

export type { ProjectSort };

/** A project as the server tells it (contract/api/projects.ts): the price in rupees. */
export type Project = z.output<typeof ProjectSchema>;

/** The Project List's and the Account Statement's query. */
export type ProjectArgs = ListParams<ProjectSort> &
  Pick<z.output<typeof ProjectListQuery>, 'companyId' | 'projectManagerId' | 'from' | 'to'>;

/** What a company's form sends: the price in rupees, the PM by id (or null for none). */
export type ProjectInput = BodyOf<'createProject'>;

type Answer = AnswerOf<'createProject'>;
const calls = recordMutations('project', {
  add: 'createProject',
  update: 'updateProject',
  remove: 'deleteProject',
  restore: 'restoreProject',
});

const blankToUndefined = (v: string | undefined) => v || undefined;

export const projectsApi = injectEndpoints((build) => ({
  getProjects: build.query<AnswerOf<'listProjects'>, ProjectArgs>({
    query: ({ companyId, projectManagerId, from, to, ...params }) =>
      request('listProjects', {
        query: {
          ...params,
          companyId: blankToUndefined(companyId),
          projectManagerId: blankToUndefined(projectManagerId),
          from: blankToUndefined(from),
          to: blankToUndefined(to),
        },
      }),
    providesTags: listTags('project'),
  }),
  /** One project as it is now, for an edit form's Reload: always fetched, never cached. */
  getProject: build.query<Project | null, string>(reloadOf<Project>('listProjects')),
  createProject: build.mutation<Answer, ProjectInput>(calls.add),
  updateProject: build.mutation<Answer, BodyOf<'updateProject'>>(calls.update),
  deleteProject: build.mutation<AnswerOf<'deleteProject'>, string>(calls.remove),
  restoreProject: build.mutation<AnswerOf<'restoreProject'>, string>(calls.restore),
  updateProjectStatus: build.mutation<
    AnswerOf<'updateProjectStatusByPm'>,
    BodyOf<'updateProjectStatusByPm'>
  >({
    query: (body) => request('updateProjectStatusByPm', { body }),
    invalidatesTags: invalidates((_r, arg) => changedTags('project', arg._id)),
  }),
  /** A page of a project's status changes, latest first. */
  getProjectStatusHistory: build.query<
    AnswerOf<'projectStatusHistory'>,
    QueryOf<'projectStatusHistory'>
  >({
    query: (query) => request('projectStatusHistory', { query }),
    providesTags: (_r, _e, arg) => [{ type: 'project', id: arg.id }],
  }),
  /** The company's earlier values of a free-text field, the most used first. */
  getProjectSuggestions: build.query<AnswerOf<'projectSuggestions'>, QueryOf<'projectSuggestions'>>(
    {
      query: (query) => request('projectSuggestions', { query }),
      providesTags: [{ type: 'project', id: 'LIST' }],
    },
  ),
}));

export const {
  useGetProjectsQuery,
  useLazyGetProjectQuery,
  useCreateProjectMutation,
  useUpdateProjectMutation,
  useDeleteProjectMutation,
  useRestoreProjectMutation,
  useUpdateProjectStatusMutation,
  useGetProjectStatusHistoryQuery,
  useGetProjectSuggestionsQuery,
} = projectsApi;

export type ProjectStatusChange = z.output<typeof ProjectStatusHistory>['data'][number];
