import { Link } from 'react-router-dom';
import type { Role } from '../../contract/enums';
import type { ImportKind } from '../../contract/imports';
import { useAppSelector } from '../app/hooks';
import { selectUser } from '../session/sessionSlice';
import { UploadIcon } from './icons';
import { styles } from './styles';

/** Who imports a kind: anyone their own expenses, lend and borrowed; the company its payments. */
export const canImport = (role: Role | undefined, kind: ImportKind) =>
  role !== undefined && (kind !== 'payments' || role === 'company');

/** The Import screen, opened for `kind` (and a bank account's payments), for whoever may. */
export function ImportLink({ kind, accountId }: { kind: ImportKind; accountId?: string }) {
  const role = useAppSelector(selectUser)?.role;
  if (!canImport(role, kind)) return null;
  const query = new URLSearchParams({ kind, ...(accountId ? { account: accountId } : {}) });
  return (
    <Link to={`/app/import?${query}`} className={styles.btnSecondary}>
      <UploadIcon className="h-4 w-4" />
      Import from file
    </Link>
  );
}
