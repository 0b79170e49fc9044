import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

const tones = {
  success: 'bg-green-100 text-green-700 dark:bg-green-900/60 dark:text-green-300',
  warning: 'bg-amber-100 text-amber-700 dark:bg-amber-900/50 dark:text-amber-300',
  info: 'bg-brand-50 text-brand-700 dark:bg-brand-800 dark:text-gold-300',
};

/** The headline of a payment result: a round icon, the page's h1, a lead line and extras. */
export function StatusHero({
  icon: Icon,
  tone,
  title,
  lead,
  children,
}: {
  icon: LucideIcon;
  tone: keyof typeof tones;
  title: string;
  lead: string;
  children?: ReactNode;
}) {
  return (
    <header className="flex flex-col items-center text-center">
      <span className={`flex size-16 items-center justify-center rounded-full ${tones[tone]}`}>
        <Icon className="size-9" aria-hidden />
      </span>
      <h1 className="mt-5 text-3xl font-bold tracking-tight text-fg sm:text-4xl">{title}</h1>
      <p className="mt-2 max-w-md text-muted">{lead}</p>
      {children}
    </header>
  );
}
