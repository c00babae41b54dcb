import { z } from 'zod';
import type { Endpoint } from './endpoint';
import {
  Message,
  PageQuery,
  calendarDate,
  id,
  optionalText,
  pageOf,
  rupeesInput,
  savedAnswer,
  text,
  version,
} from './fields';

/** The columns a project list (and the Account Statement) may be sorted by. */
export const PROJECT_SORTS = [
  'date',
  'projectName',
  'clientName',
  'price',
  'paymentStatus',
  'status',
  'createdAt',
] as const;
export type ProjectSort = (typeof PROJECT_SORTS)[number];

export const Project = z.object({
  _id: z.string(),
  /** YYYY-MM-DD. */
  date: z.string(),
  projectName: z.string(),
  clientName: z.string(),
  clientNumber: z.string(),
  duration: z.string(),
  price: z.number(),
  paymentStatus: z.string(),
  status: z.string(),
  risk: z.string(),
  statusByPm: z.string(),
  /** The PM's name, or ''. */
  projectManager: z.string(),
  projectManagerId: z.string().nullable(),
  /** The company's client the project is for (its name and mobile are clientName and clientNumber); null for none. */
  clientId: z.string().nullable().default(null),
  createdAt: z.string(),
  version: z.number(),
  /**
   * The project's issued invoices (lists send it): invoiced net of credit notes, received
   * (with the TDS its client withheld) and pending, so invoiced = received + pending.
   */
  invoicing: z
    .object({ invoiced: z.number(), received: z.number(), pending: z.number() })
    .optional(),
});

/** What a company's form sends: the price in rupees (handed on as paise), the PM by id. */
export const ProjectFields = z.object({
  projectName: text(200),
  clientName: text(200),
  clientNumber: text(50),
  duration: text(50),
  price: rupeesInput,
  paymentStatus: text(50),
  status: optionalText(50).optional(),
  risk: optionalText(50).optional(),
  statusByPm: optionalText(200).optional(),
  /** The id of one of the company's PMs; null for none. */
  projectManager: id
    .nullable()
    .optional()
    .meta({ description: "The id of one of the company's PMs; null for none" }),
  date: calendarDate.optional(),
  /**
   * The id of one of the company's clients, or null to detach (the names stay as they
   * were). With a client, clientName and clientNumber are the client's name and mobile
   * whatever the call sends: the client wins.
   */
  clientId: id.nullable().optional().meta({
    description:
      "The id of one of the company's clients; null detaches. With a client, clientName and clientNumber are the client's name and mobile, whatever is sent",
  }),
});
/** Changes only the fields sent: a project manager left out stays assigned. */
export const ProjectUpdate = ProjectFields.partial().extend({ _id: id, version });
export const ProjectDelete = z.object({ id });
/** The assigned PM's one edit. */
export const ProjectStatusByPm = z.object({ _id: id, version, statusByPm: text(200) });

export const ProjectAnswer = savedAnswer(Project);

/** The Project List's query, and the Account Statement's (a PM's projects, a date range). */
export const ProjectListQuery = PageQuery.extend({
  sort: z.enum(PROJECT_SORTS).default('createdAt'),
  companyId: id.optional(),
  projectManagerId: id.optional(),
  /** Only this project (a form reloading it), when it is the caller's to read. */
  id: id.optional(),
  from: calendarDate.optional(),
  to: calendarDate.optional(),
});
/** One page of the filter's projects; `totalAmount` is the price over every row of it. */
export const ProjectList = pageOf(Project, { totalAmount: z.number() });

/** One change of a project's statuses: what they were after it, who made it and when. */
export const ProjectStatusChange = z.object({
  _id: z.string(),
  /** When, as an ISO timestamp. */
  at: z.string(),
  /** Who: their name then; '' when not known (the project's values before history was kept). */
  by: z.string(),
  /** Their role then ('company', 'pm'…), or ''. */
  byRole: z.string(),
  status: z.string(),
  paymentStatus: z.string(),
  risk: z.string(),
  statusByPm: z.string(),
});
export const ProjectStatusHistoryQuery = PageQuery.pick({ page: true, pageSize: true }).extend({
  id,
});
/** One page of a project's changes, latest first. */
export const ProjectStatusHistory = pageOf(ProjectStatusChange);

/** The free-text fields whose earlier values are offered as suggestions. */
export const SUGGESTED_FIELDS = ['status', 'paymentStatus', 'risk'] as const;
export const ProjectSuggestionsQuery = z.object({
  field: z.enum(SUGGESTED_FIELDS),
  /** Only values containing this (any case). */
  search: PageQuery.shape.search,
});
/** At most SUGGESTIONS_MAX of the company's earlier values of the field, the most used first. */
export const ProjectSuggestions = z.object({ success: z.boolean(), data: z.array(z.string()) });
export const SUGGESTIONS_MAX = 20;

export const projectEndpoints = {
  listProjects: {
    method: 'GET',
    path: '/company/getcompanyallproject',
    query: ProjectListQuery,
    answer: ProjectList,
  },
  createProject: {
    method: 'POST',
    path: '/company/createproject',
    body: ProjectFields,
    status: 201,
    answer: ProjectAnswer,
  },
  updateProject: {
    method: 'POST',
    path: '/company/updateproject',
    body: ProjectUpdate,
    answer: ProjectAnswer,
  },
  deleteProject: {
    method: 'POST',
    path: '/company/deleteproject',
    body: ProjectDelete,
    answer: Message,
  },
  /** Undoes a delete of moments ago: the project comes back as it was. */
  restoreProject: {
    method: 'POST',
    path: '/company/restoreproject',
    body: ProjectDelete,
    answer: Message,
  },
  projectStatusHistory: {
    method: 'GET',
    path: '/company/projectstatushistory',
    query: ProjectStatusHistoryQuery,
    answer: ProjectStatusHistory,
  },
  projectSuggestions: {
    method: 'GET',
    path: '/company/projectsuggestions',
    query: ProjectSuggestionsQuery,
    answer: ProjectSuggestions,
  },
  updateProjectStatusByPm: {
    method: 'POST',
    path: '/company/updateprojectstatus',
    body: ProjectStatusByPm,
    answer: ProjectAnswer,
  },
} as const satisfies Record<string, Endpoint>;
