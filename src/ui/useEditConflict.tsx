import { useEffect, useState, type ReactNode } from 'react';
import { toast } from 'react-toastify';
import { useAppDispatch } from '../app/hooks';
import { apiSlice } from '../api/apiSlice';
import { failureMessage, isStaleRecord, serverMessage } from '../api/errors';
import type { Tag } from '../api/tags';
import { formatDetailValue, humanizeKey } from './DetailsModal';
import { styles } from './styles';

/**
 * A form's values as the conflict compares them: what it holds now, what a record gives
 * it, and how to put values in. With them the notice shows each field someone else changed
 * beside the user's own value, and a confirmed save keeps the user's typing while taking
 * the other person's change of every field the user left alone.
 */
export interface ConflictForm<R, F extends object> {
  values: F;
  of: (record: R) => F;
  set: (values: F) => void;
  /** A field's label as the form shows it (default: its name in words). */
  labels?: Partial<Record<keyof F & string, string>>;
  /** Fields holding an id picked from a list: merged as the others, but not listed. */
  unlisted?: readonly (keyof F & string)[];
}

export interface EditConflictOptions<R extends { version: number }, F extends object = object> {
  /** The record the form opened with; null when it creates one. */
  record: R | null;
  /** Fetches the record as it is now (null when it has gone meanwhile). */
  reload: (record: R) => Promise<R | null | undefined>;
  /** Puts the reloaded record's values into the form (Reload: theirs replace the typing). */
  onReloaded: (fresh: R) => void;
  /** The record's cache tags: the lists showing it refresh with the reload. */
  tags: (record: R) => Tag[];
  /** The form's values, to show and keep the user's own beside the other person's. */
  form?: ConflictForm<R, F>;
}

/** A field someone else changed: its value now, before, and the user's (when known). */
export interface ChangedField {
  key: string;
  label: string;
  theirs: string;
  was: string;
  yours?: string;
}

/** What a record's fields say of no one's typing: ids, versions and times kept by the server. */
const unreadable = (key: string) =>
  key === 'version' || key === '_id' || /(Id|At|_id|_at)$/.test(key) || key === 'createdBy';

const shown = (value: unknown) =>
  typeof value === 'string' ? value.trim() || '—' : formatDetailValue(value);

/** The fields someone else changed between `base` (what the form opened with) and `fresh`. */
function changedFields<R extends { version: number }, F extends object>(
  base: R,
  fresh: R,
  form: ConflictForm<R, F> | undefined,
): ChangedField[] {
  if (form) {
    const was = form.of(base) as Record<string, unknown>;
    const now = form.of(fresh) as Record<string, unknown>;
    const mine = form.values as Record<string, unknown>;
    const labels = (form.labels ?? {}) as Record<string, string | undefined>;
    const unlisted: readonly string[] = form.unlisted ?? [];
    return Object.keys(now)
      .filter((key) => !unlisted.includes(key) && !unreadable(key))
      .filter((key) => JSON.stringify(was[key]) !== JSON.stringify(now[key]))
      .map((key) => ({
        key,
        label: labels[key] ?? humanizeKey(key),
        theirs: shown(now[key]),
        was: shown(was[key]),
        yours: shown(mine[key]),
      }));
  }
  const was = base as Record<string, unknown>;
  const now = fresh as Record<string, unknown>;
  return [...new Set([...Object.keys(was), ...Object.keys(now)])]
    .filter((key) => !unreadable(key) && JSON.stringify(was[key]) !== JSON.stringify(now[key]))
    .map((key) => ({
      key,
      label: humanizeKey(key),
      theirs: shown(now[key]),
      was: shown(was[key]),
    }));
}

/**
 * An edit form's guard against overwriting someone else's change. The form sends `version`
 * (the one it loaded) with its update; when the server refuses it as stale (409), `notice`
 * says so, fetches the record as it is now and lists the fields the other person changed
 * beside the user's own. The form keeps what the user typed. "Save mine" saves it against
 * the new version (taking the other person's value of every field the user left alone);
 * Reload puts the stored values into the form instead. Until one of them, a save still
 * carries the version the form opened with, and is refused again.
 */
export function useEditConflict<R extends { version: number }, F extends object = object>({
  record,
  reload,
  onReloaded,
  tags,
  form,
}: EditConflictOptions<R, F>) {
  const dispatch = useAppDispatch();
  // 0 while creating: a new record has no version to send.
  const [version, setVersion] = useState(record?.version ?? 0);
  // The record as the form's values stand on it: what "left alone" is measured against.
  const [base, setBase] = useState(record);
  const [stale, setStale] = useState<string | null>(null);
  const [fresh, setFresh] = useState<R | null>(null);
  const [reloading, setReloading] = useState(false);
  // A confirmed save: submitted once the new version and values have rendered.
  const [resubmit, setResubmit] = useState<HTMLFormElement | null>(null);

  useEffect(() => {
    if (!resubmit) return;
    setResubmit(null);
    resubmit.requestSubmit();
  }, [resubmit]);

  /** The record as it is now, or null (said in a toast) when it cannot be had. */
  const fetchFresh = async (): Promise<R | null> => {
    if (!record) return null;
    setReloading(true);
    try {
      dispatch(apiSlice.util.invalidateTags(tags(record)));
      const now = await reload(record);
      if (!now) toast.error('This record no longer exists.');
      return now ?? null;
    } catch (error) {
      toast.error(failureMessage(error, 'Could not reload. Please try again.'));
      return null;
    } finally {
      setReloading(false);
    }
  };

  /** A stale refusal: say so and show what changed, keeping the form as typed. */
  const refusedAsStale = async (message: string) => {
    setStale(message);
    setFresh(null);
    const now = await fetchFresh();
    if (now) setFresh(now);
  };

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
      setStale(null);
      setFresh(null);
      return true;
    } catch (error) {
      if (isStaleRecord(error)) void refusedAsStale(serverMessage(error)!);
      else if (!onRefused?.(error)) toast.error(failureMessage(error, messages.failure));
      return false;
    }
  };

  /** Takes the stored record: its values replace the typing. */
  const takeTheirs = async () => {
    const now = fresh ?? (await fetchFresh());
    if (!now) return;
    setVersion(now.version);
    setBase(now);
    onReloaded(now);
    setStale(null);
    setFresh(null);
  };

  /** The user's confirmation: their typing is saved over the record as it is now. */
  const saveMine = (target: HTMLFormElement | null) => {
    if (!fresh || !base) return;
    if (form) {
      // A field the user left alone takes the other person's value; the rest stay typed.
      const was = form.of(base) as Record<string, unknown>;
      const now = form.of(fresh) as Record<string, unknown>;
      const mine = form.values as Record<string, unknown>;
      const merged = Object.fromEntries(
        Object.keys(mine).map((key) => [
          key,
          key in now && JSON.stringify(mine[key]) === JSON.stringify(was[key])
            ? now[key]
            : mine[key],
        ]),
      ) as F;
      form.set(merged);
    }
    setVersion(fresh.version);
    setBase(fresh);
    setStale(null);
    setFresh(null);
    if (target) setResubmit(target);
  };

  const notice: ReactNode = stale && (
    <StaleRecordNotice
      message={stale}
      changes={fresh && base ? changedFields(base, fresh, form) : null}
      onSaveMine={saveMine}
      onReload={() => void takeTheirs()}
      busy={reloading}
    />
  );
  return { version, save, notice };
}

/**
 * The stale-record message at the top of an edit form: what someone else changed, each
 * beside what the user has, with "Save mine" and Reload.
 */
export function StaleRecordNotice({
  message,
  changes,
  onSaveMine,
  onReload,
  busy,
}: {
  message: string;
  /** null while the record as it is now is being fetched (or could not be). */
  changes: ChangedField[] | null;
  onSaveMine: (form: HTMLFormElement | null) => void;
  onReload: () => void;
  busy: boolean;
}) {
  return (
    <div
      role="alert"
      className="space-y-2 rounded-md border border-amber-400 bg-amber-50 px-3 py-2 text-sm text-amber-950"
    >
      <p>{message}</p>
      {changes && changes.length > 0 && (
        <div>
          <p className="font-medium">They changed:</p>
          <ul className="mt-1 space-y-1">
            {changes.map((c) => (
              <li key={c.key} className="break-words">
                <span className="font-medium">{c.label}:</span> now “{c.theirs}” (was “{c.was}”)
                {c.yours !== undefined && <> · yours: “{c.yours}”</>}
              </li>
            ))}
          </ul>
        </div>
      )}
      {changes && changes.length === 0 && <p>None of the fields here changed.</p>}
      <p>
        Your typing is kept. Save mine saves it over their version; Reload shows theirs instead.
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          onClick={(event) => onSaveMine(event.currentTarget.closest('form'))}
          disabled={busy || changes === null}
          className={styles.btnPrimary}
        >
          Save mine
        </button>
        <button type="button" onClick={onReload} disabled={busy} className={styles.btnSecondary}>
          {busy ? 'Reloading…' : 'Reload'}
        </button>
      </div>
    </div>
  );
}
