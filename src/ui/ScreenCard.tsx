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

/**
 * A screen in its card: Back to Dashboard (a report's; `back={false}` leaves it out), its
 * title naming it, then `children`.
 */
export function ScreenCard({
  title,
  back = true,
  className = '',
  children,
}: {
  title: ReactNode;
  back?: boolean;
  /** More of the card's classes (how it prints). */
  className?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={`${styles.card} p-4 sm:p-6 ${className}`.trim()}>
      {back && <BackToDashboard />}
      <h2 id={titleId} className={`${back ? 'mt-3 ' : ''}text-xl font-semibold text-gray-900`}>
        {title}
      </h2>
      {children}
    </section>
  );
}
