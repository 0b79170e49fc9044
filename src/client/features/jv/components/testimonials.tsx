import { asRecords, cardClasses, Stars } from './section';

/** Static testimonials (SPEC 3: name, role, content); initials stand in for portraits. */
export function Testimonials({ items }: { items: unknown }) {
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {asRecords(items, ['name', 'role', 'quote']).map((item) => (
        <li key={item.name}>
          <figure className={`${cardClasses} flex h-full flex-col`}>
            <Stars rating="5" />
            <blockquote className="mt-4 flex-1">“{item.quote}”</blockquote>
            <figcaption className="mt-6 flex items-center gap-3">
              <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white dark:bg-gold-400 dark:text-brand-900" aria-hidden>
                {item.name.charAt(0)}
              </span>
              <span>
                <span className="block font-semibold">{item.name}</span>
                <span className="block text-sm text-muted">{item.role}</span>
              </span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
