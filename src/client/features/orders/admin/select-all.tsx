import { useEffect, useRef } from 'react';
import { useAdminTranslation } from '@client/lib/use-admin-translation';
import type { Selection } from './use-selection';

/** Ticks every order shown (the current filter's loaded rows), or none; mixed when some are. */
export function SelectAll({ ids, selection }: { ids: readonly string[]; selection: Selection }) {
  const { t } = useAdminTranslation();
  const box = useRef<HTMLInputElement>(null);
  const ticked = ids.filter((id) => selection.ids.has(id)).length;
  const all = ids.length > 0 && ticked === ids.length;
  useEffect(() => {
    if (box.current) box.current.indeterminate = ticked > 0 && !all;
  }, [ticked, all]);
  return (
    <input
      ref={box}
      type="checkbox"
      className="size-4 accent-brand-700"
      aria-label={t('bulk.selectAll')}
      checked={all}
      disabled={ids.length === 0}
      onChange={() => selection.setAll(ids, !all)}
    />
  );
}
