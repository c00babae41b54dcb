export const HOME_AFTER_LOGIN = '/app/dashboard';

/**
 * Where login should lead: the page the visitor originally wanted (router state `from`, a
 * location or a path), if it is a page of this app, else the dashboard.
 */
export function redirectTarget(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  let path: string | undefined;
  if (typeof from === 'string') path = from;
  else if (from && typeof from === 'object' && 'pathname' in from) {
    const l = from as { pathname?: unknown; search?: unknown; hash?: unknown };
    if (typeof l.pathname === 'string') {
      path = `${l.pathname}${typeof l.search === 'string' ? l.search : ''}${typeof l.hash === 'string' ? l.hash : ''}`;
    }
  }
  if (!path || !path.startsWith('/app') || path.startsWith('//')) return HOME_AFTER_LOGIN;
  return path;
}
