import type { ReactNode } from 'react';

export interface Fact {
  label: string;
  value: ReactNode;
  /** ids and references: monospace, and broken anywhere so they never overflow a phone */
  mono?: boolean;
}

/** Label and value pairs, side by side and dense, down to phone widths. */
export function FactList({ facts }: { facts: Fact[] }) {
  return (
    <dl className="divide-y divide-(--border) text-sm">
      {facts.map((fact) => (
        <div key={fact.label} className="grid grid-cols-[min(11rem,40%)_minmax(0,1fr)] gap-3 py-2 first:pt-0 last:pb-0 sm:gap-4">
          <dt className="text-muted">{fact.label}</dt>
          <dd className={`min-w-0 text-fg ${fact.mono ? 'font-mono text-xs leading-5 break-all' : 'break-words'}`}>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A label and its value, for <FactGrid>. */
export type FactPair = [label: string, value: ReactNode];

/**
 * Label and value pairs in two columns that size to the labels, without rules between the rows:
 * the denser facts of a card (an integration, a background job).
 */
export function FactGrid({ facts, className }: { facts: FactPair[]; className: string }) {
  return (
    <dl className={`grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-4 text-sm ${className}`}>
      {facts.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
