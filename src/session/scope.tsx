import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useAppSelector } from '../app/hooks';
import { selectUser } from './sessionSlice';

/** The toast an admin gets for any create action (spec §5, decisions "People, roles"). */
export const CANT_CREATE = "You can't Create";
export const refuseAdminCreate = () => toast.error(CANT_CREATE);

/**
 * Who is looking and at which company: an admin reads its companies (narrowed by the
 * `companyId` in the address, so a company's row can link to its screens); a company
 * writes its own records; a PM reads its projects and its company's TLs and employees.
 */
export function useScope() {
  const user = useAppSelector(selectUser);
  const role = user?.role;
  const isAdmin = role === 'admin';
  const [search, setSearch] = useSearchParams();
  const companyId = isAdmin ? (search.get('companyId') ?? '') : '';
  const setCompanyId = useCallback(
    (id: string) =>
      setSearch(
        (p) => {
          const next = new URLSearchParams(p);
          if (id) next.set('companyId', id);
          else next.delete('companyId');
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );
  return {
    user,
    role,
    isAdmin,
    isCompany: role === 'company',
    isPm: role === 'pm',
    /** '' = all of an admin's companies (always '' for other roles). */
    companyId,
    setCompanyId,
  };
}

export type Scope = ReturnType<typeof useScope>;
