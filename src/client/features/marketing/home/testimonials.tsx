import { useTranslation } from '@client/lib/i18n';
import { publicConfig } from '@client/lib/public-config';
import { asRecords, Section, TestimonialCard } from '../components/section';
import { WidgetSlot } from '../third-party/external-scripts';

/** Static testimonials (docs/product.md, "Entities"): the texts are translated, the portraits are local SVGs. */
const portraits = ['/images/testimonial-sofia.svg', '/images/testimonial-daniel.svg'];

/** docs/product.md, "The home page": two static testimonials with a fixed 5.0 rating, then the two testimonial widgets. */
export function Testimonials() {
  const { t } = useTranslation('marketing');
  // a fixed 5.0, in the language's number form (5,0 in Spanish)
  const rating = t('testimonials.ratingValue');
  return (
    <Section id="testimonials" muted eyebrow={t('testimonials.eyebrow')} title={t('testimonials.title')}>
      <ul className="grid gap-6 md:grid-cols-2">
        {asRecords(t('testimonials.items', { returnObjects: true }), ['name', 'role', 'quote']).map((item, index) => (
          <TestimonialCard
            key={item.name}
            large
            quote={item.quote}
            name={item.name}
            role={item.role}
            rating={
              <p className="flex items-center gap-2" role="img" aria-label={t('testimonials.rating', { rating })}>
                <span className="text-xl leading-none tracking-widest text-gold-500" aria-hidden>
                  ★★★★★
                </span>
                <span className="text-sm font-semibold" aria-hidden>
                  {rating}
                </span>
              </p>
            }
            portrait={<img src={portraits[index]} width={48} height={48} alt="" className="size-12 rounded-full" loading="lazy" decoding="async" />}
          />
        ))}
      </ul>
      {publicConfig.testimonialWidgetUrls.map((url) => (
        <WidgetSlot key={url} url={url} label={t('testimonials.widgets')} className="mt-10" />
      ))}
    </Section>
  );
}
