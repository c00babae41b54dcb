import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type {
  CellProblem,
  ImportEvent,
  ImportPreview,
  ImportQuery,
  ImportSettings,
} from '../../../contract/api/imports';
import { sendFile, UNREACHABLE, type StoreAccess } from '../../api/fileUpload';
import { readJsonLines } from './jsonLines';

/**
 * The two calls of an import: each sends the file itself (src/api/fileUpload.ts), and the
 * import's answer is read line by line as it comes.
 */

export type { CellProblem, ImportPreview };
export type ResolvedSettings = ImportPreview['settings'];
export type ImportResult = Extract<ImportEvent, { result: unknown }>['result'];
export type ImportProgress = Extract<ImportEvent, { progress: unknown }>['progress'];

/** Why a call did not give what was asked. */
export interface CallFailure {
  message: string;
  /** The rows that made an import refuse the file (nothing was saved). */
  problems: CellProblem[];
  /** Seconds to wait before trying again (429, 503). */
  retryAfter?: number;
  /** The answer broke off mid-import: the rows may have been saved (all of them) or not. */
  mayHaveSaved?: boolean;
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; failure: CallFailure };

export type { StoreAccess };

/** The query string of a call: each setting given, as text. */
export function queryOf(settings: Partial<ImportQuery>): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(settings))
    if (value !== undefined && value !== '') query[key] = String(value);
  return query;
}

/** An error answer's JSON (the API's envelope), or its text when it is not JSON. */
async function readError(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const UNREADABLE = 'The server could not check the file. Please try again.';

function failureOf(error: FetchBaseQueryError, response: Response | undefined): CallFailure {
  const retry = Number(response?.headers.get('retry-after'));
  const retryAfter = Number.isFinite(retry) && retry > 0 ? retry : undefined;
  if (typeof error.status !== 'number') {
    return { message: error.status === 'FETCH_ERROR' ? UNREACHABLE : UNREADABLE, problems: [] };
  }
  const data = (typeof error.data === 'object' && error.data !== null ? error.data : {}) as {
    message?: unknown;
    problems?: unknown;
  };
  const message =
    typeof data.message === 'string' && data.message !== ''
      ? data.message
      : error.status === 401
        ? 'Your session has ended. Please log in again.'
        : UNREADABLE;
  return {
    message,
    problems: Array.isArray(data.problems) ? (data.problems as CellProblem[]) : [],
    retryAfter,
  };
}

const send = (
  store: StoreAccess,
  endpoint: 'previewImport' | 'runImport',
  file: File,
  settings: Partial<ImportQuery>,
  responseHandler: (response: Response) => Promise<unknown>,
  signal: AbortSignal,
) => sendFile(store, endpoint, file, queryOf(settings), signal, responseHandler);

/** Reads the file with `settings` (the server fills in the others) and checks every row. */
export async function previewImport(
  store: StoreAccess,
  file: File,
  settings: Partial<ImportSettings>,
  signal: AbortSignal,
): Promise<Outcome<ImportPreview>> {
  const result = await send(store, 'previewImport', file, settings, readError, signal);
  if (result.error) return { ok: false, failure: failureOf(result.error, result.meta?.response) };
  return { ok: true, value: result.data as ImportPreview };
}

const STOPPED =
  'The answer broke off before the import finished: it may or may not have been saved. Check the list before importing the file again.';

/**
 * Imports the file with the preview's settings: every row or none. `onProgress` hears each
 * progress line as it arrives; the outcome is the result line, or why there was none.
 */
export async function runImport(
  store: StoreAccess,
  file: File,
  settings: ImportQuery,
  onProgress: (progress: ImportProgress) => void,
  signal: AbortSignal,
): Promise<Outcome<ImportResult>> {
  let last: ImportEvent | undefined;
  const readEvents = async (response: Response) => {
    if (!response.ok || !response.body) return readError(response);
    await readJsonLines(response.body, (value) => {
      const event = value as ImportEvent;
      if ('progress' in event) onProgress(event.progress);
      else last = event;
    });
    return last;
  };
  const result = await send(store, 'runImport', file, settings, readEvents, signal);
  if (result.error && typeof result.error.status === 'number')
    return { ok: false, failure: failureOf(result.error, result.meta?.response) };
  if (result.error)
    return { ok: false, failure: { message: STOPPED, problems: [], mayHaveSaved: true } };
  if (last && 'result' in last) return { ok: true, value: last.result };
  if (last && 'error' in last)
    return { ok: false, failure: { message: last.error.message, problems: [] } };
  return { ok: false, failure: { message: STOPPED, problems: [], mayHaveSaved: true } };
}
