import { useState, type ReactNode } from 'react';
import { toast } from 'react-toastify';
import { useAppDispatch } from '../app/hooks';
import { apiSlice } from '../api/apiSlice';
import { failureMessage, isStaleRecord, serverMessage } from '../api/errors';
import type { Tag } from '../api/tags';
import { styles } from './styles';

export interface EditConflictOptions<R extends { version: number }> {
  /** The record the form opened with; null when it creates one. */
  record: R | null;
  /** Fetches the record as it is now (null when it has gone meanwhile). */
  reload: (record: R) => Promise<R | null | undefined>;
  /** Puts the reloaded record's values into the form. */
  onReloaded: (fresh: R) => void;
  /** The record's cache tags: the lists showing it refresh with the reload. */
  tags: (record: R) => Tag[];
}

/**
 * An edit form's guard against overwriting someone else's change. The form sends `version`
 * (the one it loaded) with its update; when the server refuses it as stale (409), `notice`
 * says so and offers Reload, which refetches the record, puts its current values into the
 * form and takes its version, so the next save applies to what the user now sees.
 */
export function useEditConflict<R extends { version: number }>({
  record,
  reload,
  onReloaded,
  tags,
}: EditConflictOptions<R>) {
  const dispatch = useAppDispatch();
  // 0 while creating: a new record has no version to send.
  const [version, setVersion] = useState(record?.version ?? 0);
  const [stale, setStale] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);

  /**
   * Runs a save (an `.unwrap()`ped mutation) and tells how it went: a success or failure
   * toast as notifyMutation does, except a stale version, which the notice shows instead,
   * and a refusal that `onRefused` shows under its field (answering true).
   */
  const save = async (
    call: Promise<{ message?: string }>,
    messages: { success: string; failure: string },
    onRefused?: (error: unknown) => boolean,
  ): Promise<boolean> => {
    try {
      const result = await call;
      toast.success(result.message ?? messages.success);
      return true;
    } catch (error) {
      if (isStaleRecord(error)) setStale(serverMessage(error)!);
      else if (!onRefused?.(error)) toast.error(failureMessage(error, messages.failure));
      return false;
    }
  };

  const reloadRecord = async () => {
    if (!record) return;
    setReloading(true);
    try {
      dispatch(apiSlice.util.invalidateTags(tags(record)));
      const fresh = await reload(record);
      if (fresh) {
        setVersion(fresh.version);
        onReloaded(fresh);
        setStale(null);
      } else {
        toast.error('This record no longer exists.');
      }
    } catch (error) {
      toast.error(failureMessage(error, 'Could not reload. Please try again.'));
    } finally {
      setReloading(false);
    }
  };

  const notice: ReactNode = stale && (
    <StaleRecordNotice message={stale} onReload={reloadRecord} busy={reloading} />
  );
  return { version, save, notice };
}

/** The stale-record message with its Reload button, at the top of an edit form. */
export function StaleRecordNotice({
  message,
  onReload,
  busy,
}: {
  message: string;
  onReload: () => void;
  busy: boolean;
}) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-400 bg-amber-50 px-3 py-2 text-sm text-amber-950"
    >
      <p>{message}</p>
      <button type="button" onClick={onReload} disabled={busy} className={styles.btnSecondary}>
        {busy ? 'Reloading…' : 'Reload'}
      </button>
    </div>
  );
}
