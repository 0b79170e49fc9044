import type { ReactNode } from 'react';

/** A full-width message with its way out, for an order that cannot be shown. */
export function OrderProblem({ icon, title, body, children }: { icon: ReactNode; title: string; body?: string; children: ReactNode }) {
  return (
    <section role="alert" className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <span className="text-muted">{icon}</span>
      <h1 className="mt-4 text-2xl font-bold">{title}</h1>
      {body && <p className="mt-2 text-muted">{body}</p>}
      <div className="mt-6 flex flex-wrap justify-center gap-3">{children}</div>
    </section>
  );
}
