import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { QueryState } from '../../ui/QueryState';
import { Money } from '../../ui/Money';
import { Pagination } from '../../ui/Pagination';
import { PlusIcon, SearchIcon } from '../../ui/icons';
import { styles } from '../../ui/styles';
import { PersonForm } from './PersonForm';
import { NetSentence, mobileShown } from './balance';
import { PersonPage } from './PersonPage';
import { useGetKhataPeopleQuery } from './khataApi';

const PAGE_SIZE = 20;

/** Everyone in the khata: who owes whom, a search, Add person; a person opens their page. */
function People() {
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const query = useGetKhataPeopleQuery({ search: search || undefined, page, pageSize: PAGE_SIZE });
  const list = query.currentData ?? query.data;

  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <div className={`${styles.card} p-4`}>
        {list && (
          <div className="grid grid-cols-2 gap-3 text-sm">
            <p>
              You will get
              <br />
              <Money value={list.theyOweAmount} className="text-lg font-semibold text-green-800" />
            </p>
            <p className="text-right">
              You will give
              <br />
              <Money value={list.iOweAmount} className="text-lg font-semibold text-red-800" />
            </p>
          </div>
        )}
        <div className="mt-4 flex flex-wrap items-end gap-2">
          <div className="relative min-w-0 flex-1 basis-48">
            <label htmlFor="khata-search" className="sr-only">
              Search people by name, mobile or email
            </label>
            <SearchIcon className="pointer-events-none absolute left-3 top-2.5 h-4 w-4 text-gray-600" />
            <input
              id="khata-search"
              type="search"
              placeholder="Search by name, mobile or email"
              className={`${styles.input} pl-9`}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
            />
          </div>
          <button type="button" onClick={() => setAdding(true)} className={styles.btnPrimary}>
            <PlusIcon className="h-4 w-4" />
            Add person
          </button>
        </div>
      </div>
      <QueryState query={query}>
        {list && list.data.length === 0 ? (
          <p className={`${styles.card} p-6 text-center text-sm text-gray-700`}>
            No data. Add the people you lend to or borrow from, by name and mobile number.
          </p>
        ) : (
          <ul className={`${styles.card} divide-y divide-gray-100`} aria-label="People">
            {list?.data.map((p) => (
              <li key={p._id}>
                <Link
                  to={`/app/khata?person=${p._id}`}
                  className={`flex items-center justify-between gap-3 p-4 hover:bg-gray-50 ${styles.focus}`}
                >
                  <span className="min-w-0">
                    <span className="block break-words font-medium text-gray-900">{p.name}</span>
                    <span className="block break-words text-xs text-gray-600">
                      {p.mobile ? mobileShown(p.mobile) : p.email}
                    </span>
                  </span>
                  <span className="shrink-0 text-right text-sm">
                    <NetSentence name={p.name} net={p.net} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {list && (
        <Pagination page={page} pageSize={PAGE_SIZE} total={list.total} onPageChange={setPage} />
      )}
      {adding && (
        <PersonForm
          onClose={() => setAdding(false)}
          onSaved={(id) => {
            setAdding(false);
            navigate(`/app/khata?person=${id}`);
          }}
        />
      )}
    </div>
  );
}

/** The khata: everyone's balance, and a person's page (`?person=`). */
export default function KhataScreen() {
  const [params] = useSearchParams();
  const person = params.get('person');
  return person ? <PersonPage key={person} id={person} /> : <People />;
}
