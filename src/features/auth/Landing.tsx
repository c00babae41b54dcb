import { Link, useLocation } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { selectToken } from '../../session/sessionSlice';
import { CheckIcon } from '../../ui/icons';
import { styles } from '../../ui/styles';
import { BRAND } from '../../lib/brand';

/** Login and Register; the one this place leads to is the primary button. */
function SignInLinks({ state, lead }: { state: unknown; lead: 'login' | 'register' }) {
  const look = (link: typeof lead) => (link === lead ? styles.btnPrimary : styles.btnSecondary);
  return (
    <>
      <Link to="/login" state={state} className={look('login')}>
        Login
      </Link>
      <Link to="/register" className={look('register')}>
        Register
      </Link>
    </>
  );
}

export default function Landing() {
  const token = useAppSelector(selectToken);
  // A visitor sent here by the guard keeps the page they wanted on the way to Login.
  const { state } = useLocation();
  return (
    <div className="flex min-h-screen flex-col bg-gray-50">
      <header className="border-b border-gray-200 bg-white">
        <nav
          aria-label="Site"
          className="mx-auto flex max-w-6xl items-center justify-between px-4 py-4"
        >
          <span className="text-lg font-bold text-indigo-800">{BRAND}</span>
          <div className="flex items-center gap-3">
            {token && (
              <Link to="/app/dashboard" className={styles.link}>
                Dashboard
              </Link>
            )}
            <SignInLinks state={state} lead="register" />
          </div>
        </nav>
      </header>
      <main className="mx-auto grid w-full max-w-6xl flex-1 items-center gap-10 px-4 py-16 md:grid-cols-2">
        <div>
          <h1 className="text-4xl font-extrabold leading-tight text-gray-900 sm:text-5xl">
            Manage Your Expenses With <span className="text-indigo-700">{BRAND}</span>
          </h1>
          <p className="mt-5 text-lg text-gray-700">
            Record expenses, keep track of money lent and borrowed, and see your totals at a glance.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <SignInLinks state={state} lead="login" />
          </div>
        </div>
        <section aria-labelledby="company-heading" className={`${styles.card} p-8`}>
          <h2 id="company-heading" className="text-2xl font-bold text-gray-900">
            Manage Your Company With <span className="text-indigo-700">{BRAND}</span>
          </h2>
          <ul className="mt-5 space-y-3 text-gray-800">
            {[
              'Projects and clients',
              'Project managers, team leaders and employees',
              'Bank accounts and statements',
            ].map((item) => (
              <li key={item} className="flex items-center gap-3">
                <CheckIcon className="h-5 w-5 text-indigo-700" />
                {item}
              </li>
            ))}
          </ul>
        </section>
      </main>
    </div>
  );
}
