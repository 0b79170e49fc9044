import { Menu, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The phone menu's open/close button, shared by the site and admin headers. */
export function MenuToggle({ open, controls, onToggle }: { open: boolean; controls: string; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <button
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
