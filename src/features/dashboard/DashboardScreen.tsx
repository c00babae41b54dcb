import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LoadState } from '../../ui/LoadState';
import { Money } from '../../ui/Money';
import { styles } from '../../ui/styles';
import { useGetDashboardQuery } from './dashboardApi';

interface StatCardProps {
  label: string;
  value: ReactNode;
  to: string;
  linkLabel: string;
}

function StatCard({ label, value, to, linkLabel }: StatCardProps) {
  return (
    <div className={`${styles.card} p-5`}>
      <p className="text-sm font-medium text-gray-700">{label}</p>
      <p className="mt-2 break-words text-2xl font-bold text-gray-900 xl:text-3xl">{value}</p>
      <Link to={to} className={`${styles.link} mt-3 inline-block text-sm`}>
        {linkLabel}
      </Link>
    </div>
  );
}

export default function DashboardScreen() {
  const { data, isLoading, isError, error, refetch } = useGetDashboardQuery();
  const expenses = data?.data.expenses;
  return (
    <section aria-labelledby="dashboard-overview">
      <h2 id="dashboard-overview" className="sr-only">
        Overview
      </h2>
      <LoadState isLoading={isLoading} isError={isError} error={error} onRetry={refetch}>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <StatCard
            label="Expenses"
            value={expenses?.count ?? 0}
            to="/app/expenses"
            linkLabel="View expenses"
          />
          <StatCard
            label="Total Expenses"
            value={<Money value={expenses?.totalAmount} />}
            to="/app/expenses"
            linkLabel="Open the expenses list"
          />
        </div>
      </LoadState>
    </section>
  );
}
