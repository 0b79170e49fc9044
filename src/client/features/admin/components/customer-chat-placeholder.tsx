import { MessagesSquare } from 'lucide-react';
import { Panel } from '@client/components/ui/data-views';
import { useAdminTranslation } from '../hooks/use-admin-translation';

/** SPEC section 2: customer chat is a coming-soon placeholder. */
export function CustomerChatPlaceholder() {
  const { t } = useAdminTranslation();
  return (
    <Panel compact
      title={t('chat.title')}
      icon={MessagesSquare}
      aside={<span className="shrink-0 rounded-full bg-gold-300/40 px-2.5 py-0.5 text-xs font-semibold text-gold-700 dark:bg-gold-400/15 dark:text-gold-300">{t('common:comingSoon.title')}</span>}
    >
      <p className="rounded-lg border border-dashed border-line bg-surface-muted px-4 py-6 text-center text-sm text-muted">{t('chat.body')}</p>
    </Panel>
  );
}
