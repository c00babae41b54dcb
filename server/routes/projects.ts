import type { z } from 'zod';
import { projectEndpoints, type ProjectFields } from '../../contract/api/projects';
import { callerOf } from '../plugins/auth';
import { todayOf } from '../plugins/timeZone';

import { BODY, errors } from '../lib/schemas';
import { signedInRoutes } from './handlers';
import * as projects from '../services/projects';

const toInput = ({ price, projectManager, ...rest }: z.output<typeof ProjectFields>) => ({
  ...rest,
  pricePaise: price,
  projectManagerId: projectManager ?? null,
});

/** How a project's client and its free-text client name and number go together. */
const CLIENT_RULE =
  "`clientId` must be one of the company's clients (400 naming `clientId`, also for another company's). While a project has a client, `clientName` and `clientNumber` are the client's name and mobile, whatever the call sends: the client wins.";

export const projectRoutes = signedInRoutes(projectEndpoints)(
  (app, { page, done, doneToBodyId }) => ({
    listProjects: {
      tags: ['projects'],
      summary:
        "A company's projects, an admin's companies' (companyId narrows), or a PM's assigned ones; from/to filter on the project date",
      description: '`to` must be on or after `from` (400).',
      answers: 'One page of the projects, with the total price of the filter',
      refusals: errors(400, 401),
      handler: page(projects.listProjects),
    },

    createProject: {
      tags: ['projects'],
      summary: 'A company adds a project',
      description:
        "Companies only (403). `projectManager` must be one of the company's PMs (400). Without `date`, the project is dated today in the caller's time zone. " +
        CLIENT_RULE,
      answers: 'The new project',
      refusals: errors(...BODY, 401, 403),
      handler: async (request) => {
        // Without a date, the project is dated the company's today, not the database's.
        const data = await projects.createProject(app.db, callerOf(request), {
          ...toInput(request.body),
          date: request.body.date ?? todayOf(request),
        });
        return { success: true, message: 'Project created successfully', data };
      },
    },

    updateProject: {
      tags: ['projects'],
      summary: 'A company edits one of its projects',
      description:
        "Changes only the fields sent, of the project as read at `version` (409 when it changed since). Companies only (403); another company's project is not found (404). `projectManager` must be one of the company's PMs (400). " +
        CLIENT_RULE +
        " A project's client left out stays; `clientId: null` detaches it, keeping the names it had (or those sent).",
      answers: 'The updated project',
      refusals: errors(...BODY, 401, 403, 404, 409),
      handler: async (request) => {
        const { _id, version, price, projectManager, ...fields } = request.body;
        const data = await projects.updateProject(app.db, callerOf(request), _id, version, {
          ...fields,
          pricePaise: price,
          projectManagerId: projectManager,
        });
        return { success: true, message: 'Project updated successfully', data };
      },
    },

    deleteProject: {
      tags: ['projects'],
      summary: 'A company deletes one of its projects',
      description: "Companies only (403); another company's project is not found (404).",
      answers: 'Deleted',
      refusals: errors(...BODY, 401, 403, 404),
      handler: doneToBodyId('Project deleted successfully', projects.deleteProject),
    },

    restoreProject: {
      tags: ['projects'],
      summary: 'A company undoes its delete of one of its projects, moments ago',
      description:
        "Companies only (403). The project comes back as it was, with its id and its audit trail (without its PM if the PM is gone). Only the company's own delete of the last minute (404 otherwise, the same answer as an unknown id: also for another's record, there or deleted); 409 when it is the caller's own and not deleted.",
      answers: 'Restored',
      refusals: errors(...BODY, 401, 403, 404, 409),
      handler: doneToBodyId('Project restored', projects.restoreProject),
    },

    projectStatusHistory: {
      tags: ['projects'],
      summary: "A project's status history: each change of its statuses, who made it and when",
      description:
        'Latest first, a page at a time. Each entry holds Status, Payment Status, Risk and the status by PM as they were after the change, and the name and role of who made it (empty for the values the project held before its history was kept). Whoever may read the project may read its history (its company, the admin of its company, its PM); any other project is not found (404).',
      answers: "One page of the project's changes",
      refusals: errors(400, 401, 404),
      handler: page(projects.statusHistory),
    },

    projectSuggestions: {
      tags: ['projects'],
      summary: "The values a company has given a project's Status, Payment Status or Risk",
      description:
        "Suggestions for the free-text fields: the company's values of `field`, now and before, the most used first, at most 20; `search` keeps those containing it (any case). A PM's are its company's, an admin's its companies'.",
      answers: 'The values',
      refusals: errors(400, 401),
      handler: async (request) => ({
        success: true,
        data: await projects.suggestions(
          app.db,
          callerOf(request),
          request.query.field,
          request.query.search,
        ),
      }),
    },

    updateProjectStatusByPm: {
      tags: ['projects'],
      summary: 'The assigned PM updates statusByPm',
      description:
        'PMs only (403), on a project assigned to them (404 otherwise), as read at `version` (409 when it changed since).',
      answers: 'The updated project',
      refusals: errors(...BODY, 401, 403, 404, 409),
      handler: done('Project status updated successfully', (db, caller, { body }) =>
        projects.updateStatusByPm(db, caller, body._id, body.version, body.statusByPm),
      ),
    },
  }),
);
