import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { failureMessage } from '../../api/errors';
import { useAcceptInviteMutation } from '../../api/peopleApi';
import { NewPasswordFields } from '../../ui/NewPasswordFields';
import { styles } from '../../ui/styles';
import { AuthLayout } from './AuthLayout';

export const ACCEPT_FAILED = 'Could not set the password. Please try again.';
/** The server's words for a bad link, also shown when the link carries no token at all. */
export const INVITE_LINK_INVALID = 'This invite link is invalid or has expired. Ask for a new one.';

/**
 * The page of an e-mailed invite: the invited person chooses their password (twice, by the
 * rules of registration); then it says so and links to Login.
 */
export default function AcceptInviteScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [accept, { isLoading }] = useAcceptInviteMutation();
  const [form, setForm] = useState({ password: '', cpassword: '' });
  const [mismatch, setMismatch] = useState(false);
  const [error, setError] = useState<string | null>(token ? null : INVITE_LINK_INVALID);
  const [done, setDone] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.password !== form.cpassword) {
      setMismatch(true);
      return;
    }
    setError(null);
    try {
      const result = await accept({ token, ...form }).unwrap();
      setDone(result.message);
    } catch (err) {
      setError(failureMessage(err, ACCEPT_FAILED));
    }
  };

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
    <AuthLayout title="Set your password">
      <p className="mb-4 text-sm text-gray-700">
        You were invited to sign in here. Choose the password you will log in with.
      </p>
      <form onSubmit={submit} className="space-y-4">
        <NewPasswordFields
          idPrefix="invite"
          labels={{ password: 'Password', confirm: 'Confirm Password' }}
          password={form.password}
          confirm={form.cpassword}
          onPasswordChange={(v) => {
            setForm({ ...form, password: v });
            setMismatch(false);
          }}
          onConfirmChange={(v) => {
            setForm({ ...form, cpassword: v });
            setMismatch(false);
          }}
          mismatch={mismatch}
        />
        <button
          type="submit"
          disabled={isLoading || !token}
          className={`${styles.btnPrimary} w-full`}
        >
          {isLoading ? 'Loading...' : 'Set Password'}
        </button>
      </form>
      {error && (
        <div role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
          {error}
        </div>
      )}
      <p className="mt-4 text-center text-sm text-gray-700">
        <Link to="/login" className={styles.link}>
          Login
        </Link>
      </p>
    </AuthLayout>
  );
}
