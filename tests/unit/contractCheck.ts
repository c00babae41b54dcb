import { endpointAt } from '../../contract/api/endpoints';
import { ErrorResponse } from '../../contract/api/fields';

/**
 * What is wrong with an answer msw gave, judged by the contract: a call the API does not
 * have, or a body the server could never send for that call and status. Undefined when
 * the fixture is one the real server could give.
 */
export async function contractProblem(
  request: Request,
  response: Response,
): Promise<string | undefined> {
  const url = new URL(request.url);
  if (!url.pathname.startsWith('/api/')) return undefined;
  const path = url.pathname.slice('/api'.length);
  const found = endpointAt(request.method, path);
  if (!found) return `${request.method} ${path} is not a call of the API (contract/api)`;
  const [id, entry] = found;
  const success = response.status === (entry.status ?? 200);
  const schema = response.status >= 400 ? ErrorResponse : success ? entry.answer : undefined;
  if (!schema) {
    // A download answers a file; any other status is one the server never gives.
    return success ? undefined : `${id} never answers ${response.status}`;
  }
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => undefined);
  const parsed = schema.safeParse(body);
  return parsed.success
    ? undefined
    : `${id} (${response.status}): the server could never send this fixture: ${parsed.error.message}`;
}
