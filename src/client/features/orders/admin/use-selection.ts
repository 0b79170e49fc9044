import { useState } from 'react';

/** The orders selected on the list: a set of ids, kept across pages and searches until cleared. */
export function useSelection() {
  const [ids, setIds] = useState<ReadonlySet<string>>(new Set());
  return {
    ids,
    toggle: (id: string) =>
      setIds((previous) => {
        const next = new Set(previous);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    /** every row shown, on or off */
    setAll: (rows: readonly string[], on: boolean) =>
      setIds((previous) => {
        const next = new Set(previous);
        for (const id of rows) {
          if (on) next.add(id);
          else next.delete(id);
        }
        return next;
      }),
    clear: () => setIds(new Set()),
  };
}
export type Selection = ReturnType<typeof useSelection>;
