import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A private file opened in a new tab. A plain link on purpose: the browser sends the session
 * cookie, and the server checks owner-or-admin before it streams the file. Long file names wrap.
 */
export function FileLink({ href, children }: { href: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener"
      className="inline-flex items-center gap-1.5 rounded font-medium break-all text-brand-700 underline-offset-4 hover:underline dark:text-gold-300"
    >
      {children}
      <ExternalLink className="size-3.5 shrink-0" aria-hidden />
      <span className="sr-only">{t('opensInNewTab', { ns: 'common' })}</span>
    </a>
  );
}
