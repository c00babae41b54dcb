import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client';
import type { Caller } from '../lib/caller';
import { callerOf } from '../plugins/auth';
import type { App } from './handlers';

/**
 * What keeps a kind of record's share links (an invoice's, a khata person's): each call
 * names the record by its id, and checks it is the caller's to share.
 */
interface LinkService<Made, Listed> {
  createLink: (
    db: DbOrTx,
    caller: Caller,
    id: string,
    days: number,
    publicUrl: string,
  ) => Promise<Made>;
  listLinks: (db: DbOrTx, caller: Caller, id: string) => Promise<Listed>;
  revokeLink: (db: DbOrTx, caller: Caller, id: string, linkId: string) => Promise<void>;
}

type OnRecord<P = unknown> = FastifyRequest & { params: { id: string } & P };

/**
 * The handlers of a record's share links: a new one, opening from the app's public address
 * (`created` says it was made), its links, and a revoke.
 */
export const shareLinkHandlers = <Made, Listed>(
  app: App,
  links: LinkService<Made, Listed>,
  created: string,
) => ({
  create: async (request: OnRecord & { body: { expiresInDays: number } }) => ({
    success: true as const,
    message: created,
    data: await links.createLink(
      app.db,
      callerOf(request),
      request.params.id,
      request.body.expiresInDays,
      app.publicUrl,
    ),
  }),
  list: async (request: OnRecord) => ({
    success: true as const,
    data: await links.listLinks(app.db, callerOf(request), request.params.id),
  }),
  revoke: async (request: OnRecord<{ linkId: string }>) => {
    await links.revokeLink(app.db, callerOf(request), request.params.id, request.params.linkId);
    return { success: true as const, message: 'Link revoked' };
  },
});
