import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { LOGIN_ROLES, type LoginRole } from '../../../contract/enums';
import { httpStatus, serverMessage } from '../../api/errors';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { roleLabel } from '../../lib/labels';
import { redirectTarget } from '../../session/redirect';
import { loggedIn, selectToken } from '../../session/sessionSlice';
import { SelectField } from '../../ui/Field';
import { CurrentPasswordField, EmailField } from '../../ui/AccountFields';
import { fieldBinder, stateSetter } from '../../ui/fieldBinding';
import { CheckField } from '../../ui/CheckField';
import { LockIcon, MailIcon } from '../../ui/icons';
import { styles } from '../../ui/styles';
import { showToast } from '../../ui/toast';
import { AuthLayout, AuthLink, AuthSubmit } from './AuthLayout';
import { CodeStep } from './CodeStep';
import { useLoginMutation } from '../../api/authApi';

export const LOGIN_ERROR = 'An error occurred during the login. Please try again later.';
export const TYPE_REQUIRED = 'Please select user type.';

/** The roles that sign in: Admin, Company, PM. */
const USER_TYPES = LOGIN_ROLES.map((role) => ({ value: role, label: roleLabel(role) }));

export default function LoginScreen() {
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectToken);
  const location = useLocation();
  const [login, { isLoading }] = useLoginMutation();
  const [form, setForm] = useState({ email: '', password: '', userType: '', remember: false });
  const [typeError, setTypeError] = useState<string>();
  /** Set when the password was right and the account asks for a second factor. */
  const [challenge, setChallenge] = useState<string>();

  // Signed in (already, just now, or in another tab): on to the page the user wanted.
  if (token) return <Navigate to={redirectTarget(location.state)} replace />;
  if (challenge)
    return (
      <CodeStep
        challenge={challenge}
        remember={form.remember}
        onRestart={() => {
          setChallenge(undefined);
          setForm({ ...form, password: '' });
        }}
      />
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.userType) {
      setTypeError(TYPE_REQUIRED);
      return;
    }
    try {
      const result = await login({
        email: form.email.trim(),
        password: form.password,
        userType: form.userType as LoginRole,
        remember: form.remember,
      }).unwrap();
      if ('challenge' in result.data) setChallenge(result.data.challenge);
      else {
        dispatch(loggedIn({ ...result.data, remember: form.remember }));
        showToast('success', result.message);
      }
    } catch (error) {
      const message = httpStatus(error) !== undefined ? serverMessage(error) : undefined;
      showToast('error', message ?? LOGIN_ERROR);
    }
  };

  const set = stateSetter(setForm);
  const bind = fieldBinder('login', form, set);
  return (
    <AuthLayout title="Login">
      <form onSubmit={submit} className="space-y-4">
        <EmailField label="Email Address" icon={<MailIcon />} {...bind('email')} />
        <CurrentPasswordField label="Password" icon={<LockIcon />} {...bind('password')} />
        <SelectField
          id="login-type"
          label="User Type"
          placeholder="Select Type"
          options={USER_TYPES}
          value={form.userType}
          error={typeError}
          onChange={(e) => {
            setForm({ ...form, userType: e.target.value });
            if (e.target.value) setTypeError(undefined);
          }}
        />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CheckField
            checked={form.remember}
            onChange={(remember) => setForm({ ...form, remember })}
          >
            Remember Me
          </CheckField>
          <Link to="/forgot-password" className={`${styles.link} text-sm`}>
            Forgot Password
          </Link>
        </div>
        <AuthSubmit label="Login" busy={isLoading} />
      </form>
      <AuthLink ask="New User?" to="/register" label="Register Now" />
    </AuthLayout>
  );
}
