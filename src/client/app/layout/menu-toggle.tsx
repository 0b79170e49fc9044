import { Menu, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from '@client/lib/i18n';

/** The phone menu's open/close button, shared by the site and admin headers. */
export function MenuToggle({ open, controls, onToggle }: { open: boolean; controls: string; onToggle: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLButtonElement>(null);
  // Escape closes the open menu, and focus comes back to this button
  useEffect(() => {
    if (!open) return;
    const close = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      onToggle();
      ref.current?.focus();
    };
    document.addEventListener('keydown', close);
    return () => document.removeEventListener('keydown', close);
  }, [open, onToggle]);
  return (
    <button
      ref={ref}
      type="button"
      className="inline-flex size-10 items-center justify-center rounded-lg text-fg hover:bg-surface-muted"
      aria-expanded={open}
      aria-controls={controls}
      aria-label={t(open ? 'nav.closeMenu' : 'nav.openMenu')}
      onClick={onToggle}
    >
      {open ? <X className="size-5" aria-hidden /> : <Menu className="size-5" aria-hidden />}
    </button>
  );
}
