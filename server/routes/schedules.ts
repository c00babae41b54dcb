import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type { Caller } from '../lib/caller';
import { callerOf } from '../plugins/auth';
import { todayOf } from '../plugins/timeZone';
import { inPaise } from './handlers';

type WithBody<B> = FastifyRequest & { body: B };
type AtVersion = WithBody<{ id: string; version: number }>;

/** What a template's amount is called in a call (`amount`) and in the services (`amountPaise`). */
type Sent<Input extends { amountPaise?: unknown }> = Omit<Input, 'amountPaise'> & {
  amount: Input['amountPaise'];
};

/**
 * The handlers that create, edit, pause and resume the templates of one kind of the schedules
 * engine (recurring expenses, recurring payments), each with that call of the kind's service:
 * the same for every kind but the `noun` their messages name ('Recurring expense'). Each
 * answers the template and the tally of the days the call handled.
 */
export function scheduleHandlers(app: { db: Db }, noun: string) {
  return {
    add:
      <Input extends { amountPaise: unknown }, Done extends object>(
        create: (db: Db, caller: Caller, input: Input, today: string) => Promise<Done>,
      ) =>
      async (request: WithBody<Sent<Input>>) => {
        // The sent fields with the amount renamed are the input (a generic Omit put back
        // together is not seen to be its type).
        const input = inPaise(request.body) as unknown as Input;
        const done = await create(app.db, callerOf(request), input, todayOf(request));
        return { success: true as const, message: `${noun} created successfully`, ...done };
      },
    update:
      <Changes extends { amountPaise?: unknown }, Done extends object>(
        update: (
          db: Db,
          caller: Caller,
          id: string,
          version: number,
          changes: Changes,
          today: string,
        ) => Promise<Done>,
      ) =>
      async (request: WithBody<Partial<Sent<Changes>> & { _id: string; version: number }>) => {
        const { _id, version, ...fields } = request.body;
        const changes = inPaise(fields) as unknown as Changes;
        const caller = callerOf(request);
        const done = await update(app.db, caller, _id, version, changes, todayOf(request));
        return { success: true as const, message: `${noun} updated successfully`, ...done };
      },
    pause:
      <Done extends object>(
        pause: (db: Db, caller: Caller, id: string, version: number) => Promise<Done>,
      ) =>
      async (request: AtVersion) => {
        const { id, version } = request.body;
        const done = await pause(app.db, callerOf(request), id, version);
        return { success: true as const, message: `${noun} paused`, ...done };
      },
    resume:
      <Done extends object>(
        resume: (
          db: Db,
          caller: Caller,
          id: string,
          version: number,
          today: string,
        ) => Promise<Done>,
      ) =>
      async (request: AtVersion) => {
        const { id, version } = request.body;
        const done = await resume(app.db, callerOf(request), id, version, todayOf(request));
        return { success: true as const, message: `${noun} resumed`, ...done };
      },
  };
}
