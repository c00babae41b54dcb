import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Endpoint } from '../../contract/api/endpoint';
import { registerRoutes, type Routes } from '../../server/lib/registerRoutes';
import { errors } from '../../server/lib/schemas';

const Note = z.object({ text: z.string().min(1) });
const Saved = z.object({ success: z.boolean(), text: z.string() });
const table = {
  addNote: { method: 'POST', path: '/notes', body: Note, status: 201, answer: Saved },
  noteById: {
    method: 'GET',
    path: '/notes/:id',
    params: z.object({ id: z.string() }),
    answer: Saved,
  },
} as const satisfies Record<string, Endpoint>;

const routes: Routes<typeof table> = {
  addNote: {
    tags: ['notes'],
    summary: 'Adds a note',
    answers: 'The note',
    refusals: errors(400),
    // The body is typed from the entry's schema.
    handler: async (request) => ({ success: true, text: request.body.text }),
  },
  noteById: {
    tags: ['notes'],
    summary: 'One note',
    answers: 'The note',
    refusals: errors(404),
    options: { config: { mediaTypeMessage: 'kept' } },
    handler: async (request) => ({
      success: true,
      text: `${request.params.id} ${request.routeOptions.config.mediaTypeMessage}`,
    }),
  },
};

// Type tests: the map must cover the table exactly, each handler typed from its entry.
export function typeTests(app: { route: (options: never) => unknown }) {
  const { addNote } = routes;
  // @ts-expect-error -- a route of the table without its handler
  registerRoutes(app, table, { addNote });
  // @ts-expect-error -- a handler for no entry of the table
  registerRoutes(app, table, { ...routes, extra: addNote });
  registerRoutes(app, table, {
    ...routes,
    addNote: {
      ...addNote,
      // @ts-expect-error -- the body has no such field
      handler: async (request) => ({ success: true, text: request.body.title }),
    },
  });
  registerRoutes(app, table, {
    ...routes,
    addNote: {
      ...addNote,
      // @ts-expect-error -- an answer of another shape than the entry's
      handler: async () => ({ success: 'yes' }),
    },
  });
}

describe('registerRoutes', () => {
  it('registers each entry with its method, path, operationId, schemas and success status', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const seen: { method: unknown; url: string; operationId?: string }[] = [];
    app.addHook('onRoute', (route) => {
      const schema = route.schema as { operationId?: string } | undefined;
      seen.push({ method: route.method, url: route.url, operationId: schema?.operationId });
    });
    registerRoutes(app, table, routes);
    await app.ready();
    expect(seen).toEqual(
      expect.arrayContaining([
        { method: 'POST', url: '/notes', operationId: 'addNote' },
        { method: 'GET', url: '/notes/:id', operationId: 'noteById' },
      ]),
    );

    const added = await app.inject({ method: 'POST', url: '/notes', payload: { text: 'hi' } });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({ success: true, text: 'hi' });
    const read = await app.inject({ method: 'GET', url: '/notes/n1' });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ success: true, text: 'n1 kept' });
    await app.close();
  });
});
