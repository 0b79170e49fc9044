import { useTranslation } from '@client/lib/i18n';
import { useStructuredTexts } from '@client/lib/page-title';
import { usePrice } from '@client/lib/price';
import { asRecords, Section } from '../components/section';

/**
 * docs/product.md, "The home page": a single-open accordion whose open item can be closed again. Native <details> sharing
 * one `name` does exactly that with no JavaScript: Radix Accordion weighs 9.3 KB gzip, more than the
 * home page's remaining budget. It stays keyboard- and screen-reader-accessible, and the answers
 * are in the HTML for find-in-page and search engines.
 */
export function Faq() {
  const { t } = useTranslation('marketing');
  const { price } = usePrice();
  const items = asRecords(t('faq.items', { returnObjects: true, price }), ['question', 'answer']);
  useStructuredTexts({ faq: items });
  return (
    <Section id="faq" eyebrow={t('faq.eyebrow')} title={t('faq.title')}>
      <div className="overflow-hidden rounded-2xl border border-line bg-surface">
        {items.map((item) => (
          <details key={item.question} name="faq" className="group border-line not-first:border-t">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-6 py-5 text-left text-lg font-semibold hover:bg-surface-muted [&::-webkit-details-marker]:hidden">
              <h3>{item.question}</h3>
              {/* a CSS chevron: down when closed, up when open */}
              <span
                className="mr-1 size-2.5 shrink-0 rotate-45 border-r-2 border-b-2 border-current text-muted transition-transform group-open:rotate-225"
                aria-hidden
              />
            </summary>
            <p className="px-6 pb-6 text-muted">{item.answer}</p>
          </details>
        ))}
      </div>
    </Section>
  );
}
