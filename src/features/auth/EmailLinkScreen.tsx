import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { failureMessage } from '../../api/errors';
import { useConfirmEmailMutation, useRevertEmailMutation } from '../../api/authApi';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectToken, sessionEnded } from '../../session/sessionSlice';
import { styles } from '../../ui/styles';
import { AuthLayout } from './AuthLayout';

const LINK_INVALID = 'This link is invalid, used or has expired.';

/** What each page says: its title, what the click does, its button, and its fallback failure. */
const PAGES = {
  /** The link mailed to a new address: the click makes it the account's e-mail. */
  confirm: [
    'Confirm your new e-mail',
    'You asked to sign in with this address from now on. Confirm it to make the change; until then you sign in with your current e-mail.',
    ['Confirm my new e-mail', 'Confirming…'],
    'Could not confirm the e-mail. Please try again.',
  ],
  /** The link mailed to the old address once it changed: the click puts it back. */
  revert: [
    'Undo the e-mail change',
    'If you did not change the e-mail of your account, put the old one back. Everyone signed in to the account, on every device, is signed out.',
    ['Put my e-mail back', 'Putting it back…'],
    'Could not put the e-mail back. Please try again.',
  ],
} as const;

/**
 * The page of a link e-mailed about an account's e-mail (confirming a new one, undoing a
 * change): one click spends the link's token, then the server's answer shows. A click, not the
 * visit: mail scanners open links, and must not change anything.
 */
export default function EmailLinkScreen({ kind }: { kind: keyof typeof PAGES }) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectToken) !== null;
  const [confirm, confirming] = useConfirmEmailMutation();
  const [revert, reverting] = useRevertEmailMutation();
  const [title, intro, [action, busyAction], failure] = PAGES[kind];
  const busy = kind === 'confirm' ? confirming.isLoading : reverting.isLoading;
  const [done, setDone] = useState<string>();
  const [error, setError] = useState<string | undefined>(token ? undefined : LINK_INVALID);

  const submit = async () => {
    setError(undefined);
    try {
      const result = await (kind === 'confirm' ? confirm({ token }) : revert({ token })).unwrap();
      setDone(result.message);
      // A revert ends every session of the account on the server, this one too.
      if (kind === 'revert' && signedIn) dispatch(sessionEnded({ reason: 'logout' }));
    } catch (err) {
      setError(failureMessage(err, failure));
    }
  };

  return (
    <AuthLayout title={title}>
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
          <p className="text-sm text-gray-700">{intro}</p>
          {error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
          <button
            type="button"
            disabled={busy || !token}
            onClick={() => void submit()}
            className={`${styles.btnPrimary} w-full`}
          >
            {busy ? busyAction : action}
          </button>
        </div>
      )}
    </AuthLayout>
  );
}
