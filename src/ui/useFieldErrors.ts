import { useCallback, useState } from 'react';
import { refusedField } from '../api/errors';

/**
 * The server's refusals shown under the fields they name, not as toasts: `capture` takes a
 * failed save's error and keeps its message for its field (true when it did, so that no
 * toast repeats it); a field's message goes as soon as that field changes.
 */
export function useFieldErrors<F extends string>(fields: readonly F[]) {
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const capture = (error: unknown): boolean => {
    const refused = refusedField(error, fields);
    if (!refused) return false;
    setErrors({ [refused.field]: refused.message } as Partial<Record<F, string>>);
    return true;
  };
  const clear = useCallback(
    (field: F) =>
      setErrors((current) => {
        if (!(field in current)) return current;
        const next = { ...current };
        delete next[field];
        return next;
      }),
    [],
  );
  /** A typed field's onChange: its value goes to `set`, and its refusal goes. */
  const typed = (field: F, set: (value: string) => void) => (e: { target: { value: string } }) => {
    set(e.target.value);
    clear(field);
  };
  /** A typed field's value, its onChange (as `typed`) and the server's refusal under it. */
  const bind = (field: F, value: string, set: (value: string) => void) => ({
    value,
    onChange: typed(field, set),
    error: errors[field],
  });
  return { errors, capture, clear, typed, bind, reset: () => setErrors({}) };
}
