import { useState, type ChangeEvent } from 'react';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../contract/rules';
import { Field } from './Field';

export const PASSWORD_MISMATCH = 'Passwords do not match';

export interface NewPasswordFieldsProps {
  idPrefix: string;
  labels: { password: string; confirm: string };
  password: string;
  confirm: string;
  onPasswordChange: (value: string) => void;
  onConfirmChange: (value: string) => void;
  /** Show 'Passwords do not match' under the confirmation. */
  mismatch: boolean;
}

/**
 * The state of a new password and its confirmation: `fields` go to NewPasswordFields, and
 * `matches()` before sending says whether they agree (showing the mismatch when not); typing
 * in either clears it.
 */
export function useNewPassword() {
  const [value, setValue] = useState({ password: '', confirm: '' });
  const [mismatch, setMismatch] = useState(false);
  const change = (key: 'password' | 'confirm') => (typed: string) => {
    setValue((v) => ({ ...v, [key]: typed }));
    setMismatch(false);
  };
  return {
    password: value.password,
    confirm: value.confirm,
    matches: () => {
      const same = value.password === value.confirm;
      setMismatch(!same);
      return same;
    },
    clear: () => setValue({ password: '', confirm: '' }),
    fields: {
      password: value.password,
      confirm: value.confirm,
      onPasswordChange: change('password'),
      onConfirmChange: change('confirm'),
      mismatch,
    },
  };
}

/** A new password's field: 8 to 128 characters (a user's first password, or with NewPasswordFields). */
export function NewPasswordField({
  id,
  label,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  error?: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <Field
      id={id}
      label={label}
      type="password"
      required
      minLength={PASSWORD_MIN}
      maxLength={PASSWORD_MAX}
      autoComplete="new-password"
      hint={`At least ${PASSWORD_MIN} characters.`}
      value={value}
      error={error}
      onChange={onChange}
    />
  );
}

/** A new password (8 to 128 characters) and its confirmation: Register, Update Password. */
export function NewPasswordFields({
  idPrefix,
  labels,
  password,
  confirm,
  onPasswordChange,
  onConfirmChange,
  mismatch,
}: NewPasswordFieldsProps) {
  return (
    <>
      <NewPasswordField
        id={`${idPrefix}-password`}
        label={labels.password}
        value={password}
        onChange={(e) => onPasswordChange(e.target.value)}
      />
      <Field
        id={`${idPrefix}-confirm`}
        label={labels.confirm}
        type="password"
        required
        autoComplete="new-password"
        error={mismatch ? PASSWORD_MISMATCH : undefined}
        value={confirm}
        onChange={(e) => onConfirmChange(e.target.value)}
      />
    </>
  );
}
