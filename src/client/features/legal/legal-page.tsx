import type { ReactNode } from 'react';
import { Link } from '@client/lib/router';
import { useTranslation } from '@client/lib/i18n';
import { termsVersion } from '@shared/legal';
import { Breadcrumb } from '@client/components/breadcrumb';
import { currentLanguage } from '@client/lib/i18n';
import { usePageTitle } from '@client/lib/page-title';
import { usePrice } from '@client/lib/price';
import { publicConfig } from '@client/lib/public-config';
import { formatCalendarDay, parseIsoDay } from '@shared/formats';
import { paths } from '@shared/client-paths';

export type LegalPageName = 'terms' | 'privacy' | 'refund';

/** docs/product.md, "Constants and limits": all three policies were last updated on April 25, 2025 (the version accepted at checkout). */
export const lastUpdated = termsVersion;

interface LegalSection {
  title: string;
  paragraphs: string[];
  items?: string[];
}

function asSections(value: unknown): LegalSection[] {
  return Array.isArray(value) ? value.filter((item): item is LegalSection => typeof item?.title === 'string' && Array.isArray(item?.paragraphs)) : [];
}

/** Turns the support address inside a translated sentence into a mailto link. */
function withEmailLink(text: string, email: string): ReactNode {
  const [before, ...rest] = text.split(email);
  if (rest.length === 0) return text;
  return (
    <>
      {before}
      <a href={`mailto:${email}`} className="font-medium text-brand-700 underline underline-offset-4 dark:text-gold-300">
        {email}
      </a>
      {rest.join(email)}
    </>
  );
}

const legalPaths: Record<LegalPageName, string> = { terms: paths.terms(), privacy: paths.privacy(), refund: paths.refund() };
const linkClasses = 'text-brand-700 underline underline-offset-4 hover:text-brand-600 dark:text-gold-300';

/** Terms, privacy and refund: breadcrumb, title, last-updated date in the reader's language, sections. */
export function LegalPage({ page }: { page: LegalPageName }) {
  const { t } = useTranslation(['legal', 'common']);
  const email = publicConfig.supportEmail;
  const { price } = usePrice();
  const title = t(`${page}.title`);
  usePageTitle(title, t(`${page}.description`, { price }));
  // the date is a calendar day, not an instant: no time zone shifts it
  const date = formatCalendarDay(parseIsoDay(lastUpdated), currentLanguage(), 'long');
  const others = (Object.keys(legalPaths) as LegalPageName[]).filter((name) => name !== page);

  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <Breadcrumb label={t('breadcrumb')} trail={[{ name: t('home'), path: paths.home() }]} current={{ name: title, path: legalPaths[page] }} />
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-3 text-sm text-muted" data-testid="last-updated">
        {t('lastUpdated', { date })}
      </p>
      <p className="mt-8 text-lg">{t(`${page}.intro`)}</p>
      {asSections(t(`${page}.sections`, { returnObjects: true, email, price })).map((section) => (
        <section key={section.title} className="mt-10">
          <h2 className="text-xl font-bold">{section.title}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-3 leading-relaxed">
              {withEmailLink(paragraph, email)}
            </p>
          ))}
          {section.items && (
            <ul className="mt-3 list-disc space-y-2 pl-6 leading-relaxed marker:text-muted">
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
      <p className="mt-12 flex flex-wrap gap-x-6 gap-y-2 border-t border-line pt-6 text-sm">
        {others.map((name) => (
          <Link key={name} to={legalPaths[name]} className={linkClasses}>
            {t(`common:footer.${name}`)}
          </Link>
        ))}
      </p>
    </article>
  );
}
