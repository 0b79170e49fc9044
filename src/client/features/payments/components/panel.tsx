import { useId, type ReactNode } from 'react';

/** The card every block of the payment pages sits in; a titled panel is a named region. */
export function Panel({ title, className = '', children }: { title?: string; className?: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={title ? titleId : undefined} className={`rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6 ${className}`}>
      {title && (
        <h2 id={titleId} className="mb-4 text-base font-semibold text-fg">
          {title}
        </h2>
      )}
      {children}
    </section>
  );
}
