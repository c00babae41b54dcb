import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BackIcon } from './icons';
import { styles } from './styles';

/** The link every screen of the menu starts with, back to the dashboard. */
export function BackToDashboard() {
  return (
    <Link to="/app/dashboard" className={`${styles.link} inline-flex items-center gap-1 text-sm`}>
      <BackIcon className="h-4 w-4" /> Back to Dashboard
    </Link>
  );
}

/** A screen in its card (a report): Back to Dashboard, its title naming it, then `children`. */
export function ScreenCard({ title, children }: { title: ReactNode; children: ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={`${styles.card} p-4 sm:p-6`}>
      <BackToDashboard />
      <h2 id={titleId} className="mt-3 text-xl font-semibold text-gray-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
