import { useState, type FormEvent } from 'react';
import { failureMessage } from '../../api/errors';
import { EmailField } from '../../ui/AccountFields';
import { MailIcon } from '../../ui/icons';
import { AuthLayout, AuthLink, AuthSubmit } from './AuthLayout';
import { useForgotPasswordMutation } from '../../api/authApi';

export const FORGOT_FAILED = 'Could not send the request. Please try again.';

/**
 * Forgot Password: asks for the e-mail and shows the server's answer, which is the same
 * neutral message whether or not an account exists.
 */
export default function ForgotPasswordScreen() {
  const [forgot, { isLoading }] = useForgotPasswordMutation();
  const [email, setEmail] = useState('');
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAnswer(null);
    try {
      const result = await forgot({ email: email.trim() }).unwrap();
      setAnswer({ ok: true, text: result.message });
    } catch (error) {
      setAnswer({ ok: false, text: failureMessage(error, FORGOT_FAILED) });
    }
  };

  return (
    <AuthLayout title="Forgot Password">
      <p className="text-sm text-gray-700">
        Enter the e-mail address of your account and we will send you a link to choose a new
        password.
      </p>
      <form onSubmit={submit} className="mt-4 space-y-4">
        <EmailField
          id="forgot-email"
          label="Email Address"
          icon={<MailIcon />}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <AuthSubmit label="Send Reset Link" busy={isLoading} />
      </form>
      <div aria-live="polite" className="mt-4">
        {answer && (
          <p
            role={answer.ok ? 'status' : 'alert'}
            className={`rounded-md p-3 text-sm ${answer.ok ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-800'}`}
          >
            {answer.text}
          </p>
        )}
      </div>
      <AuthLink ask="Remembered it?" to="/login" label="Login" />
    </AuthLayout>
  );
}
