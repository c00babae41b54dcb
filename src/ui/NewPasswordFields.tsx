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
      <Field
        id={`${idPrefix}-password`}
        label={labels.password}
        type="password"
        required
        minLength={PASSWORD_MIN}
        maxLength={PASSWORD_MAX}
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN} characters.`}
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
