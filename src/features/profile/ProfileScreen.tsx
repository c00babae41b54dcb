import { useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { formatDMY } from '../../lib/dates';
import { roleLabel } from '../../lib/labels';
import { selectUser } from '../../session/sessionSlice';
import { Avatar } from '../../ui/Avatar';
import { LoadState } from '../../ui/LoadState';
import { styles } from '../../ui/styles';
import { useDownload } from '../../api/download';
import { pathOf } from '../../api/endpoint';
import { useLogout } from '../../session/useLogout';
import { PasswordForm, ProfileForm } from './ProfileForms';
import { SessionsSection, SignInHistory } from './SessionsSection';
import { TwoFactorSection } from './TwoFactorSection';
import { UpiSection } from './UpiSection';
import { useGetProfileQuery } from './profileApi';

/** The user's own data to take away: all of it as one JSON file, or as spreadsheets. */
const DOWNLOADS = [
  {
    format: 'json',
    label: 'Download my data',
    busyLabel: 'Download my data',
    title: 'Everything that is yours, as one JSON file',
  },
  {
    format: 'zip',
    label: 'Export my data',
    busyLabel: 'Exporting…',
    title: 'Everything that is yours, as spreadsheets (CSV files in a ZIP)',
  },
] as const;

export default function ProfileScreen() {
  const stored = useAppSelector(selectUser);
  // Refreshes the stored user from the server (the query writes it back to the session).
  const { data, isLoading, isError, error, refetch } = useGetProfileQuery();
  const user = data?.data ?? stored;
  const logout = useLogout();
  const download = useDownload();
  // One download at a time: both buttons wait while one is under way.
  const [downloading, setDownloading] = useState<'json' | 'zip' | null>(null);
  const downloadMine = async (kind: 'json' | 'zip') => {
    setDownloading(kind);
    try {
      await download(pathOf(kind === 'zip' ? 'exportMyDataZip' : 'exportMyData'), {
        filename: kind === 'zip' ? 'my-data.zip' : 'my-data.json',
        failure: 'Failed to download your data. Please try again.',
      });
    } finally {
      setDownloading(null);
    }
  };
  // Someone else chose the password: the form opens at once.
  const [modal, setModal] = useState<'profile' | 'password' | null>(
    user?.pending === 'password' ? 'password' : null,
  );
  const close = () => setModal(null);

  return (
    <section aria-labelledby="profile-heading" className={`${styles.card} mx-auto max-w-2xl p-6`}>
      <h2 id="profile-heading" className="sr-only">
        Your profile
      </h2>
      <LoadState
        isLoading={isLoading && !user}
        isError={isError && !user}
        error={error}
        onRetry={refetch}
      >
        {user && (
          <>
            {user.pending && (
              <div
                role="alert"
                className="mb-6 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
              >
                {user.pending === 'password'
                  ? 'Your password was chosen by someone else. Please choose your own with Update Password to continue.'
                  : 'Your company requires two-factor sign-in. Please turn it on below to continue.'}
              </div>
            )}
            <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:text-left">
              <Avatar name={user.name} size="lg" />
              <div>
                <p className="text-2xl font-bold text-gray-900">{user.name}</p>
                <p className="text-gray-700">{roleLabel(user.role)}</p>
              </div>
            </div>
            <dl className="mt-6 divide-y divide-gray-100 border-t border-gray-100">
              {[
                ['Name', user.name],
                ['Email', user.email],
                ['Created', formatDMY(user.createdAt)],
              ].map(([label, value]) => (
                <div key={label} className="grid grid-cols-3 gap-3 py-3 text-sm">
                  <dt className="font-medium text-gray-700">{label}</dt>
                  <dd className="col-span-2 break-words text-gray-900">{value}</dd>
                </div>
              ))}
            </dl>
            <div className="mt-6 flex flex-wrap gap-2">
              <button
                type="button"
                onClick={() => setModal('profile')}
                className={styles.btnPrimary}
              >
                Edit
              </button>
              <button
                type="button"
                onClick={() => setModal('password')}
                className={styles.btnSecondary}
              >
                Update Password
              </button>
              {DOWNLOADS.map((d) => (
                <button
                  key={d.format}
                  type="button"
                  onClick={() => void downloadMine(d.format)}
                  disabled={downloading !== null}
                  aria-busy={downloading === d.format}
                  title={d.title}
                  className={styles.btnSecondary}
                >
                  {downloading === d.format ? d.busyLabel : d.label}
                </button>
              ))}
              <button type="button" onClick={logout} className={styles.btnSecondary}>
                Logout
              </button>
            </div>
            <UpiSection />
            <TwoFactorSection user={user} />
            <SessionsSection />
            <SignInHistory />
            {modal === 'profile' && <ProfileForm user={user} onClose={close} />}
            {modal === 'password' && <PasswordForm onClose={close} />}
          </>
        )}
      </LoadState>
    </section>
  );
}
