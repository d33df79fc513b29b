import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { ApiError } from '../api/client';

/**
 * Keeps a form in step with its entity: a refetch (after an upload, say) updates the fields the user
 * has not touched; after a conflict (409) the form takes the server's values entirely and `conflict`
 * is true (show <ConflictNotice>) until the next `clearConflict()`. Call `afterError(err)` in the
 * submit's catch.
 */
export function useFormSync<TEntity, TValues extends FieldValues>(
  // biome-ignore lint/suspicious/noExplicitAny: the form's context and output types do not matter here
  form: UseFormReturn<TValues, any, any>,
  entity: TEntity | undefined,
  toValues: (entity: TEntity) => TValues,
) {
  const replaceAll = useRef(false);
  const toValuesRef = useRef(toValues);
  toValuesRef.current = toValues;

  useEffect(() => {
    if (entity === undefined) return;
    form.reset(toValuesRef.current(entity), { keepDirtyValues: !replaceAll.current });
    replaceAll.current = false;
  }, [entity, form]);

  const [conflict, setConflict] = useState(false);
  const afterError = useCallback((err: unknown) => {
    const stale = err instanceof ApiError && err.status === 409;
    if (stale) replaceAll.current = true;
    setConflict(stale);
  }, []);
  const clearConflict = useCallback(() => setConflict(false), []);
  return { afterError, conflict, clearConflict };
}
