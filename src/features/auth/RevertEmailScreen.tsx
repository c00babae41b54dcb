import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { failureMessage } from '../../api/errors';
import { useRevertEmailMutation } from '../../api/authApi';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectToken, sessionEnded } from '../../session/sessionSlice';
import { styles } from '../../ui/styles';
import { AuthLayout } from './AuthLayout';

const LINK_INVALID = 'This link is invalid, used or has expired.';

/**
 * The page of the link e-mailed to the old address when an account's e-mail changed: one
 * click puts the old e-mail back and signs the account out everywhere. A click, not the
 * visit: mail scanners open links, and must not undo anything.
 */
export default function RevertEmailScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectToken) !== null;
  const [revert, { isLoading }] = useRevertEmailMutation();
  const [done, setDone] = useState<string>();
  const [error, setError] = useState<string | undefined>(token ? undefined : LINK_INVALID);

  const submit = async () => {
    setError(undefined);
    try {
      const result = await revert({ token }).unwrap();
      setDone(result.message);
      // Every session of the account ended on the server, this one too.
      if (signedIn) dispatch(sessionEnded({ reason: 'logout' }));
    } catch (err) {
      setError(failureMessage(err, 'Could not put the e-mail back. Please try again.'));
    }
  };

  return (
    <AuthLayout title="Undo the e-mail change">
      {done ? (
        <div className="space-y-4">
          <p role="status" className="text-sm text-gray-800">
            {done}
          </p>
          <Link to="/login" className={`${styles.btnPrimary} w-full`}>
            Go to Login
          </Link>
        </div>
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-gray-700">
            If you did not change the e-mail of your account, put the old one back. Everyone signed
            in to the account, on every device, is signed out.
          </p>
          {error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
          <button
            type="button"
            disabled={isLoading || !token}
            onClick={() => void submit()}
            className={`${styles.btnPrimary} w-full`}
          >
            {isLoading ? 'Putting it back…' : 'Put my e-mail back'}
          </button>
        </div>
      )}
    </AuthLayout>
  );
}
