import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { failureMessage, httpStatus, serverMessage } from '../../api/errors';
import { EmailField, NameField } from '../../ui/AccountFields';
import { fieldBinder, stateSetter } from '../../ui/fieldBinding';
import { showToast } from '../../ui/toast';
import { AuthLayout, AuthLink, AuthSubmit } from './AuthLayout';
import { useRegisterMutation } from '../../api/authApi';
import { NewPasswordFields, useNewPassword } from '../../ui/NewPasswordFields';

export const REGISTER_FAILED = 'Registration failed. Please check your details.';
export const REGISTER_ERROR = 'An error occurred during registration. Please try again later.';

const EMPTY = { name: '', email: '' };

export default function RegisterScreen() {
  const navigate = useNavigate();
  const [register, { isLoading }] = useRegisterMutation();
  const [form, setForm] = useState(EMPTY);
  const newPassword = useNewPassword();

  const set = stateSetter(setForm);
  const bind = fieldBinder('reg', form, set);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!newPassword.matches()) return;
    try {
      const result = await register({
        name: form.name.trim(),
        email: form.email.trim(),
        password: newPassword.password,
        cpassword: newPassword.confirm,
      }).unwrap();
      setForm(EMPTY);
      newPassword.clear();
      navigate('/');
      showToast('success', result.message);
    } catch (error) {
      // An HTTP answer is a refusal (its message says why); no answer is an exception.
      if (httpStatus(error) !== undefined)
        showToast('error', serverMessage(error) ?? REGISTER_FAILED);
      else showToast('error', failureMessage(error, REGISTER_ERROR));
    }
  };

  return (
    <AuthLayout title="Admin Register">
      <form onSubmit={submit} className="space-y-4">
        <NameField label="Full Name" {...bind('name')} />
        <EmailField label="Email" {...bind('email')} />
        <NewPasswordFields
          idPrefix="reg"
          labels={{ password: 'Password', confirm: 'Confirm Password' }}
          {...newPassword.fields}
        />
        <AuthSubmit label="Register" busy={isLoading} />
      </form>
      <AuthLink ask="Already registered?" to="/login" label="Login" />
    </AuthLayout>
  );
}
