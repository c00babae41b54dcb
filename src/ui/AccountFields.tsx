import { Field, type FieldProps } from './Field';

type Props = Omit<FieldProps, 'type' | 'autoComplete' | 'required'>;

/** A user's own name (registering, the profile): required, as the browser knows it. */
export function NameField(props: Props) {
  return <Field required autoComplete="name" {...props} />;
}

/**
 * The e-mail address an account signs in with (login, registering, a reset link, the
 * profile): required, filled in from the browser's saved address.
 */
export function EmailField(props: Props) {
  return <Field type="email" required autoComplete="email" {...props} />;
}

/** The password an account signs in with now (login, or to confirm a change). */
export function CurrentPasswordField(props: Props) {
  return <Field type="password" required autoComplete="current-password" {...props} />;
}
