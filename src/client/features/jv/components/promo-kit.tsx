import { Mail, MessageSquare } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '@client/lib/i18n';
import { usePrice } from '@client/lib/price';
import { CopyButton } from './copy-button';
import { asRecords, asList, cardClasses } from './section';

function KitItem({ title, copyText, children }: { title: string; copyText: string; children: ReactNode }) {
  return (
    <li className={`${cardClasses} flex flex-col`}>
      <div className="flex items-center justify-between gap-3">
        <h4 className="text-sm font-semibold uppercase tracking-wide text-muted">{title}</h4>
        <CopyButton text={copyText} label={title} />
      </div>
      <div className="mt-4 flex-1">{children}</div>
    </li>
  );
}

function KitGroup({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div>
      <h3 className="flex items-center gap-2 text-xl font-semibold">
        {icon}
        {title}
      </h3>
      <ul className="mt-4 grid gap-4 lg:grid-cols-2">{children}</ul>
    </div>
  );
}

/** docs/product.md, "Client routes", "Entities": two email templates (subject, body) and three social posts, each one copyable. */
export function PromoKit() {
  const { t } = useTranslation('jv');
  const { price } = usePrice();
  const emails = asRecords(t('kit.emails', { returnObjects: true, price }), ['subject', 'body']);
  const posts = asList(t('kit.social', { returnObjects: true, price }));
  return (
    <div className="space-y-12" data-testid="promo-kit">
      <KitGroup icon={<Mail className="size-5 text-brand-600 dark:text-gold-300" aria-hidden />} title={t('kit.emailsTitle')}>
        {emails.map((email, index) => (
          <KitItem key={email.subject} title={t('kit.emailLabel', { n: index + 1 })} copyText={`${t('kit.subject')}: ${email.subject}\n\n${email.body}`}>
            <p className="font-semibold">
              <span className="text-muted">{t('kit.subject')}: </span>
              {email.subject}
            </p>
            <p className="mt-3 text-sm whitespace-pre-line text-muted" data-testid="copy-source">
              {email.body}
            </p>
          </KitItem>
        ))}
      </KitGroup>
      <KitGroup icon={<MessageSquare className="size-5 text-brand-600 dark:text-gold-300" aria-hidden />} title={t('kit.socialTitle')}>
        {posts.map((post, index) => (
          <KitItem key={post} title={t('kit.socialLabel', { n: index + 1 })} copyText={post}>
            <p className="text-sm" data-testid="copy-source">
              {post}
            </p>
          </KitItem>
        ))}
      </KitGroup>
    </div>
  );
}
