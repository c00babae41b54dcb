import { toast } from 'react-toastify';
import { notifyMutation } from '../../api/notify';
import { formatWhen } from '../../lib/dates';
import { QueryState } from '../../ui/QueryState';
import { PlainTable } from '../../ui/PlainTable';
import { styles } from '../../ui/styles';
import {
  useEndOtherSessionsMutation,
  useEndSessionMutation,
  useGetSessionsQuery,
  useGetSignInsQuery,
  type SignIn,
} from './accountApi';

const OUTCOMES: Record<SignIn['outcome'], string> = {
  success: 'Signed in',
  password: 'Wrong password',
  code: 'Wrong two-factor code',
  role: 'Wrong user type',
  inactive: 'Account inactive',
  limited: 'Too many attempts',
};

const CELL = 'px-3 py-2 text-left align-top';

/** Where the account is signed in, each with Sign out, and Sign out everywhere else. */
export function SessionsSection() {
  const sessions = useGetSessionsQuery();
  const [endSession, ending] = useEndSessionMutation();
  const [endOthers, endingOthers] = useEndOtherSessionsMutation();
  const list = sessions.data?.data ?? [];
  const others = list.filter((s) => !s.current).length;
  return (
    <section aria-labelledby="sessions-heading" className="mt-8">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="sessions-heading" className="text-lg font-semibold text-gray-900">
          Where you are signed in
        </h3>
        {others > 0 && (
          <button
            type="button"
            disabled={endingOthers.isLoading}
            onClick={() =>
              void notifyMutation(endOthers().unwrap(), {
                success: 'Signed out everywhere else',
                failure: 'Failed to sign out the other sessions. Please try again.',
              })
            }
            className={styles.btnSecondary}
          >
            Sign out everywhere else
          </button>
        )}
      </div>
      <QueryState query={sessions}>
        <ul className="mt-3 divide-y divide-gray-100 rounded-md border border-gray-200">
          {list.map((s) => (
            <li key={s._id} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <div className="text-sm">
                <p className="font-medium text-gray-900">
                  {s.device}
                  {s.current && (
                    <span className="ml-2 rounded-full bg-green-50 px-2 py-0.5 text-xs font-semibold text-green-800 ring-1 ring-inset ring-green-700/30">
                      This session
                    </span>
                  )}
                </p>
                <p className="text-gray-700">
                  {s.address || 'Unknown address'} · signed in {formatWhen(s.signedInAt)} · last
                  used {formatWhen(s.lastUsedAt)}
                  {s.remembered ? ' · remembered' : ''}
                </p>
              </div>
              {!s.current && (
                <button
                  type="button"
                  disabled={ending.isLoading}
                  aria-label={`Sign out ${s.device}, last used ${formatWhen(s.lastUsedAt)}`}
                  onClick={async () => {
                    try {
                      await endSession(s._id).unwrap();
                      toast.success('That session is signed out');
                    } catch {
                      toast.error('Failed to sign that session out. Please try again.');
                    }
                  }}
                  className={`${styles.btnSecondary} px-3 py-1`}
                >
                  Sign out
                </button>
              )}
            </li>
          ))}
        </ul>
      </QueryState>
    </section>
  );
}

/** The last 20 sign-ins and failed attempts of the account. */
export function SignInHistory() {
  const history = useGetSignInsQuery();
  const rows = history.data?.data ?? [];
  return (
    <section aria-labelledby="signins-heading" className="mt-8">
      <h3 id="signins-heading" className="text-lg font-semibold text-gray-900">
        Recent sign-ins
      </h3>
      <QueryState query={history}>
        <PlainTable
          caption="Recent sign-ins"
          headers={['When', 'Result', 'Device', 'Address']}
          className="mt-3 rounded-md border border-gray-200"
        >
          {rows.map((r) => (
            <tr key={r._id}>
              <td className={`${CELL} whitespace-nowrap`}>{formatWhen(r.at)}</td>
              <td
                className={`${CELL} whitespace-nowrap font-medium ${r.outcome === 'success' ? 'text-green-800' : 'text-red-700'}`}
              >
                {OUTCOMES[r.outcome]}
              </td>
              <td className={CELL}>{r.device}</td>
              <td className={`${CELL} whitespace-nowrap`}>{r.address}</td>
            </tr>
          ))}
        </PlainTable>
      </QueryState>
    </section>
  );
}
