import { asRecords, cardClasses } from './section';

/** A numbered list of { title, text } steps (the partner guide, the pre-launch guide). */
export function Steps({ items }: { items: unknown }) {
  return (
    <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {asRecords(items, ['title', 'text']).map((step, index) => (
        <li key={step.title} className={cardClasses}>
          <span className="inline-flex size-10 items-center justify-center rounded-full bg-gold-400 text-lg font-bold text-brand-900" aria-hidden>
            {index + 1}
          </span>
          <h3 className="mt-4 text-lg font-semibold">{step.title}</h3>
          <p className="mt-2 text-muted">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
