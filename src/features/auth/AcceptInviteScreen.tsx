import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useAcceptInviteMutation } from '../../api/peopleApi';
import { styles } from '../../ui/styles';
import { AuthLayout } from './AuthLayout';
import { SetPasswordForm } from './SetPasswordForm';

export const ACCEPT_FAILED = 'Could not set the password. Please try again.';
/** The server's words for a bad link, also shown when the link carries no token at all. */
export const INVITE_LINK_INVALID = 'This invite link is invalid or has expired. Ask for a new one.';

/**
 * The page of an e-mailed invite: the invited person chooses their password (twice, by the
 * rules of registration); then it says so and links to Login.
 */
export default function AcceptInviteScreen() {
  const [accept, { isLoading }] = useAcceptInviteMutation();
  const [done, setDone] = useState<string | null>(null);

  if (done)
    return (
      <AuthLayout title="Set your password">
        <div role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-800">
          {done}
        </div>
        <Link to="/login" className={`${styles.btnPrimary} mt-4 block w-full text-center`}>
          Go to Login
        </Link>
      </AuthLayout>
    );

  return (
    <SetPasswordForm
      title="Set your password"
      intro={
        <p className="mb-4 text-sm text-gray-700">
          You were invited to sign in here. Choose the password you will log in with.
        </p>
      }
      idPrefix="invite"
      labels={{ password: 'Password', confirm: 'Confirm Password' }}
      submitLabel="Set Password"
      send={(body) => accept(body).unwrap()}
      busy={isLoading}
      failed={ACCEPT_FAILED}
      linkInvalid={INVITE_LINK_INVALID}
      onDone={setDone}
    />
  );
}
