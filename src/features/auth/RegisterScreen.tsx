import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { httpStatus, serverMessage } from '../../api/errors';
import { Field } from '../../ui/Field';
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

  const set = (key: keyof typeof EMPTY, value: string) => setForm({ ...form, [key]: value });

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
      else showToast('error', REGISTER_ERROR);
    }
  };

  return (
    <AuthLayout title="Admin Register">
      <form onSubmit={submit} className="space-y-4">
        <Field
          id="reg-name"
          label="Full Name"
          required
          autoComplete="name"
          value={form.name}
          onChange={(e) => set('name', e.target.value)}
        />
        <Field
          id="reg-email"
          label="Email"
          type="email"
          required
          autoComplete="email"
          value={form.email}
          onChange={(e) => set('email', e.target.value)}
        />
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
