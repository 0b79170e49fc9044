import { ChevronDown } from 'lucide-react';
import { asRecords } from './section';

/**
 * Questions as native <details> sharing one name: one open at a time, the open one can be closed,
 * keyboard- and screen-reader-accessible with no script, and the answers are in the HTML.
 */
export function Faq({ items, name }: { items: unknown; name: string }) {
  return (
    <div className="overflow-hidden rounded-2xl border border-line bg-surface">
      {asRecords(items, ['question', 'answer']).map((item) => (
        <details key={item.question} name={name} className="group border-line not-first:border-t">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-6 py-5 text-left text-lg font-semibold hover:bg-surface-muted [&::-webkit-details-marker]:hidden">
            <h3>{item.question}</h3>
            <ChevronDown className="size-5 shrink-0 text-muted transition-transform group-open:rotate-180" aria-hidden />
          </summary>
          <p className="px-6 pb-6 text-muted">{item.answer}</p>
        </details>
      ))}
    </div>
  );
}
