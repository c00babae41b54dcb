import { useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { failureMessage } from '../../api/errors';
import { NewPasswordFields, useNewPassword } from '../../ui/NewPasswordFields';
import { AuthLayout, AuthLink, AuthSubmit } from './AuthLayout';

/** What an e-mailed link's page sends: its token and the new password twice. */
export interface SetPasswordBody {
  token: string;
  password: string;
  cpassword: string;
}

/**
 * The page of an e-mailed link that sets a password (an invite, a reset): the new password
 * twice, by the rules of registration, sent with the link's token; a link without a token
 * says `linkInvalid` at once. `onDone` takes the server's message once it is set.
 */
export function SetPasswordForm({
  title,
  intro,
  idPrefix,
  labels,
  submitLabel,
  send,
  busy,
  failed,
  linkInvalid,
  afterError,
  onDone,
}: {
  title: string;
  intro?: ReactNode;
  idPrefix: string;
  labels: { password: string; confirm: string };
  submitLabel: string;
  send: (body: SetPasswordBody) => Promise<{ message: string }>;
  busy: boolean;
  /** The message of a failure the server does not word. */
  failed: string;
  linkInvalid: string;
  /** What follows an error (a way to a new link). */
  afterError?: ReactNode;
  onDone: (message: string) => void;
}) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const newPassword = useNewPassword();
  const [error, setError] = useState<string | null>(token ? null : linkInvalid);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!newPassword.matches()) return;
    setError(null);
    try {
      const result = await send({
        token,
        password: newPassword.password,
        cpassword: newPassword.confirm,
      });
      onDone(result.message);
    } catch (err) {
      setError(failureMessage(err, failed));
    }
  };

  return (
    <AuthLayout title={title}>
      {intro}
      <form onSubmit={submit} className="space-y-4">
        <NewPasswordFields idPrefix={idPrefix} labels={labels} {...newPassword.fields} />
        <AuthSubmit label={submitLabel} busy={busy} disabled={!token} />
      </form>
      {error && (
        <div role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
          {error}
          {afterError}
        </div>
      )}
      <AuthLink to="/login" label="Login" />
    </AuthLayout>
  );
}
