import { useState, type FormEvent } from 'react';
import { refusal } from '../../api/errors';
import { useLoginWithCodeMutation } from '../../api/authApi';
import { useAppDispatch } from '../../app/hooks';
import { loggedIn } from '../../session/sessionSlice';
import { Field } from '../../ui/Field';
import { LockIcon } from '../../ui/icons';
import { styles } from '../../ui/styles';
import { showToast } from '../../ui/toast';
import { AuthLayout } from './AuthLayout';
import { LOGIN_ERROR } from './LoginScreen';
import { BusyButton } from '../../ui/BusyButton';

/**
 * The second step of a sign-in with two-factor on: the 6-digit code from the authenticator
 * app, or one of the recovery codes. A wrong code may be tried again; an expired sign-in
 * goes back to the password.
 */
export function CodeStep({
  challenge,
  remember,
  onRestart,
}: {
  challenge: string;
  remember: boolean;
  onRestart: () => void;
}) {
  const dispatch = useAppDispatch();
  const [send, { isLoading }] = useLoginWithCodeMutation();
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    try {
      const result = await send({ challenge, code: code.trim() }).unwrap();
      dispatch(loggedIn({ ...result.data, remember }));
      showToast('success', result.message);
    } catch (failure) {
      const refused = refusal(failure);
      if (refused?.code === 'sign_in_expired') {
        showToast('error', refused.message);
        onRestart();
        return;
      }
      setError(refused?.message ?? LOGIN_ERROR);
      setCode('');
    }
  };

  return (
    <AuthLayout title="Two-factor sign-in">
      <form onSubmit={submit} className="space-y-4" aria-label="Two-factor code">
        <p className="text-sm text-gray-700">
          {recovery
            ? 'Enter one of your recovery codes. Each code works once.'
            : 'Enter the 6-digit code from your authenticator app.'}
        </p>
        <Field
          id="login-code"
          label={recovery ? 'Recovery code' : 'Code'}
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          maxLength={recovery ? 20 : 6}
          pattern={recovery ? undefined : '[0-9]{6}'}
          required
          autoFocus
          icon={<LockIcon />}
          value={code}
          error={error}
          onChange={(e) => setCode(e.target.value)}
        />
        <BusyButton
          busy={isLoading}
          type="submit"
          className={`${styles.btnPrimary} w-full`}
          label="Verify"
          busyLabel="Checking…"
        />
        <div className="flex flex-wrap justify-between gap-2 text-sm">
          <button
            type="button"
            className={styles.link}
            onClick={() => {
              setRecovery(!recovery);
              setCode('');
              setError(undefined);
            }}
          >
            {recovery ? 'Use a code from the app' : 'Use a recovery code'}
          </button>
          <button type="button" className={styles.link} onClick={onRestart}>
            Back to login
          </button>
        </div>
      </form>
    </AuthLayout>
  );
}
