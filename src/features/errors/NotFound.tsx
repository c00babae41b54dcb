import { Link } from 'react-router-dom';
import { styles } from '../../ui/styles';

/** A path we do not have. Inside the shell the header already holds the page's h1. */
export function NotFound({ inShell = false }: { inShell?: boolean }) {
  const Heading = inShell ? 'h2' : 'h1';
  const body = (
    <div className={`${styles.card} mx-auto max-w-md p-8 text-center`}>
      <p className="text-5xl font-extrabold text-indigo-700">404</p>
      <Heading className="mt-3 text-xl font-semibold text-gray-900">Page not found</Heading>
      <p className="mt-2 text-gray-700">The page you asked for does not exist.</p>
      <Link to={inShell ? '/app/dashboard' : '/'} className={`${styles.btnPrimary} mt-6`}>
        {inShell ? 'Back to Dashboard' : 'Go to Home'}
      </Link>
    </div>
  );
  if (inShell) return body;
  return (
    <main className="flex min-h-screen items-center justify-center bg-gray-50 px-4">{body}</main>
  );
}
