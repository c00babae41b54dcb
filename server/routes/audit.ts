import { auditEndpoints } from '../../contract/api/audit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../plugins/auth';

import { errors } from '../lib/schemas';
import { registerRoutes } from '../lib/registerRoutes';
import * as audit from '../services/audit';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  registerRoutes(app, auditEndpoints, {
    listAudit: {
      tags: ['audit'],
      summary:
        "Who changed what, newest first: a company's own trail, or an admin's companies' (read only; nothing can change it)",
      description: [
        "Admins and companies only (403). `to` must be on or after `from` (400); they are whole days in the caller's time zone.",
        'The trail is counted up to 10,000 entries: past that it answers `total: 10000` and',
        '`totalCapped: true`; its pages go on, and a page shorter than `pageSize` is the last.',
        '`after` (or `before`) is the `cursors.last` (or `cursors.first`) of a page of the trail:',
        'the next (or previous) page is then read from that entry rather than by skipping',
        '`(page - 1) × pageSize` entries; `page` only numbers it. A position that is not one is a 400.',
      ].join(' '),
      answers: 'One page of the trail',
      refusals: errors(400, 401, 403),
      options: { onRequest: app.authenticate },
      handler: async (request) => ({
        success: true,
        ...(await audit.listAudit(app.db, callerOf(request), {
          ...request.query,
          timeZone: request.timeZone,
        })),
      }),
    },
  });
};
