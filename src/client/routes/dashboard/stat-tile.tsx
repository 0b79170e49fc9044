import type { LucideIcon } from 'lucide-react';

interface StatTileProps {
  label: string;
  /** undefined while the orders are loading or could not be read */
  value: number | undefined;
  icon: LucideIcon;
  /** icon chip colours, in step with the status badge of the group */
  tone: string;
  testId: string;
}

/** One number of the dashboard summary, read as "3 Total orders". */
export function StatTile({ label, value, icon: Icon, tone, testId }: StatTileProps) {
  return (
    <li className="flex min-w-0 flex-col gap-3 rounded-2xl border border-line bg-surface p-4 shadow-sm sm:flex-row sm:items-center sm:p-5">
      <span className={`flex size-10 shrink-0 items-center justify-center rounded-xl ${tone}`}>
        <Icon className="size-5" aria-hidden />
      </span>
      <p className="min-w-0">
        <span data-testid={testId} className="block text-2xl font-extrabold tabular-nums leading-tight sm:text-3xl">
          {value ?? <span className="text-muted">–</span>}
        </span>
        <span className="block text-xs font-medium break-words text-muted sm:text-sm">{label}</span>
      </p>
    </li>
  );
}
