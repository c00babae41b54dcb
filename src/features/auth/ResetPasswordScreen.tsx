import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useResetPasswordMutation } from '../../api/authApi';
import { styles } from '../../ui/styles';
import { SetPasswordForm } from './SetPasswordForm';

export const RESET_FAILED = 'Could not reset the password. Please try again.';
/** The server's words for a bad link, also shown when the link carries no token at all. */
export const RESET_LINK_INVALID =
  'This reset link is invalid or has expired. Please ask for a new one.';

/** The page of the e-mailed link: a new password twice; success goes to Login. */
export default function ResetPasswordScreen() {
  const navigate = useNavigate();
  const [reset, { isLoading }] = useResetPasswordMutation();

  return (
    <SetPasswordForm
      title="Reset Password"
      idPrefix="reset"
      labels={{ password: 'New Password', confirm: 'Confirm New Password' }}
      submitLabel="Reset Password"
      send={(body) => reset(body).unwrap()}
      busy={isLoading}
      failed={RESET_FAILED}
      linkInvalid={RESET_LINK_INVALID}
      afterError={
        <>
          {' '}
          <Link to="/forgot-password" className={styles.link}>
            Ask for a new link
          </Link>
        </>
      }
      onDone={(message) => {
        toast.success(message);
        navigate('/login', { replace: true });
      }}
    />
  );
}
