import { PageQuery, calendarDate, id, pageMeta } from '../../contract/api/fields';
import { z } from 'zod';
import { AUDIT_ACTIONS, AUDITED_TABLES } from '../../contract/enums';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../plugins/auth';

import { errors } from '../lib/schemas';
import { listAudit } from '../services/audit';

const Entry = z.object({
  _id: z.string(),
  at: z.string(),
  actorId: z.string().nullable(),
  actor: z.string(),
  actorEmail: z.string(),
  companyId: z.string().nullable(),
  kind: z.string(),
  recordId: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit/getaudit',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['audit'],
        operationId: 'listAudit',
        summary:
          "Who changed what, newest first: a company's own trail, or an admin's companies' (read only; nothing can change it)",
        querystring: z.object({
          companyId: id.optional(),
          actorId: id.optional(),
          kind: z
            .enum(AUDITED_TABLES, { error: `must be one of ${AUDITED_TABLES.join(', ')}` })
            .optional(),
          from: calendarDate.optional(),
          to: calendarDate.optional(),
          page: PageQuery.shape.page,
          pageSize: PageQuery.shape.pageSize,
        }),
        response: {
          200: z.object({ success: z.boolean(), data: z.array(Entry), ...pageMeta }),
          ...errors,
        },
      },
    },
    async (request) => ({
      success: true,
      ...(await listAudit(app.db, callerOf(request), request.query)),
    }),
  );
};
