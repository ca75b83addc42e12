import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface Stat {
  /** Stable key. */
  id: string;
  /** The emphasised part, e.g. 12. */
  value: ReactNode;
  /** The words after it, e.g. "notes". */
  label: ReactNode;
  /** Put the label first: "Updated March 4, 2025". */
  labelFirst?: boolean;
}

/** A quiet row of counters under a page title: "12 notes · 3 pinned · Updated March 4, 2025". */
export function StatList({ stats, label, className }: { stats: Stat[]; label: string; className?: string }) {
  return (
    <ul
      aria-label={label}
      className={cn('flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted', className)}
    >
      {stats.map((stat) => (
        <li key={stat.id} className="flex items-baseline gap-1">
          {stat.labelFirst && <span>{stat.label}</span>}
          <span className="font-medium text-fg tabular-nums">{stat.value}</span>
          {!stat.labelFirst && <span>{stat.label}</span>}
        </li>
      ))}
    </ul>
  );
}
