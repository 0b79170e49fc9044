import { asRecords, Stars, TestimonialCard } from './section';

/** Static testimonials (docs/product.md, "Entities": name, role, content); initials stand in for portraits. */
export function Testimonials({ items }: { items: unknown }) {
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {asRecords(items, ['name', 'role', 'quote']).map((item) => (
        <TestimonialCard
          key={item.name}
          quote={item.quote}
          name={item.name}
          role={item.role}
          rating={<Stars rating="5" />}
          portrait={
            <span
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white dark:bg-gold-400 dark:text-brand-900"
              aria-hidden
            >
              {item.name.charAt(0)}
            </span>
          }
        />
      ))}
    </ul>
  );
}
