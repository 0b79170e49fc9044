import { asRecords, cardClasses } from './section';

/** A numbered list of steps (the home's three-step process, the landing page's). */
export function Steps({ steps }: { steps: { title: string; text: string }[] }) {
  return (
    <ol className="grid gap-6 md:grid-cols-3">
      {steps.map((step, index) => (
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

/** A translated array of { title, text } objects. */
export const asSteps = (value: unknown) => asRecords(value, ['title', 'text']);
