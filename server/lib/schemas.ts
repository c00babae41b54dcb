import { ErrorResponse } from '../../contract/api/fields';

/** The standard error answers every route may give, for the OpenAPI document. */
export const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  429: ErrorResponse,
} as const;

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
export const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
