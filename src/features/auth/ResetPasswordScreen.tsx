import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { failureMessage } from '../../api/errors';
import { styles } from '../../ui/styles';
import { AuthLayout } from './AuthLayout';
import { useResetPasswordMutation } from '../../api/authApi';
import { NewPasswordFields } from '../../ui/NewPasswordFields';

export const RESET_FAILED = 'Could not reset the password. Please try again.';
/** The server's words for a bad link, also shown when the link carries no token at all. */
export const RESET_LINK_INVALID =
  'This reset link is invalid or has expired. Please ask for a new one.';

/** The page of the e-mailed link: a new password twice; success goes to Login. */
export default function ResetPasswordScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [reset, { isLoading }] = useResetPasswordMutation();
  const [form, setForm] = useState({ password: '', cpassword: '' });
  const [mismatch, setMismatch] = useState(false);
  const [error, setError] = useState<string | null>(token ? null : RESET_LINK_INVALID);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.password !== form.cpassword) {
      setMismatch(true);
      return;
    }
    setError(null);
    try {
      const result = await reset({ token, ...form }).unwrap();
      toast.success(result.message);
      navigate('/login', { replace: true });
    } catch (err) {
      setError(failureMessage(err, RESET_FAILED));
    }
  };

  return (
    <AuthLayout title="Reset Password">
      <form onSubmit={submit} className="space-y-4">
        <NewPasswordFields
          idPrefix="reset"
          labels={{ password: 'New Password', confirm: 'Confirm New Password' }}
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
          {isLoading ? 'Loading...' : 'Reset Password'}
        </button>
      </form>
      {error && (
        <div role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
          {error}{' '}
          <Link to="/forgot-password" className={styles.link}>
            Ask for a new link
          </Link>
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
