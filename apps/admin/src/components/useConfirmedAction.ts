import { useState } from 'react';

/**
 * An action on one row that a ConfirmDialog asks about first: `ask(row)` opens the dialog, its confirm
 * runs the action and closes it. A failed action keeps the dialog open: the mutation has already
 * announced its error (a 409 when someone else got there first reloads the list).
 */
export function useConfirmedAction<T>(run: (target: T) => Promise<unknown>) {
  const [target, setTarget] = useState<T | null>(null);
  return {
    target,
    ask: (row: T) => setTarget(row),
    dialog: {
      opened: target !== null,
      onClose: () => setTarget(null),
      onConfirm: async () => {
        if (target === null) return;
        try {
          await run(target);
          setTarget(null);
        } catch {
          // announced by the mutation
        }
      },
    },
  };
}
