import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export interface StatCardProps {
  label: string;
  icon: LucideIcon;
  /** The figure; undefined shows '—' (never a sample figure). */
  value?: string;
  /** A line under the figure, e.g. what it is made of or why it is missing. */
  note?: ReactNode;
  /** Beside the label, e.g. an info button with the figure's definition. */
  info?: ReactNode;
}

/** A headline figure (the attorney dashboard, Firm Analytics). */
export function StatCard({ label, icon: Icon, value, note, info }: StatCardProps) {
  return (
    <section className="relative rounded-xl border border-slate-200 bg-white p-5 shadow-xs">
      <div className="flex items-center justify-between gap-3">
        <div className="flex min-w-0 items-center gap-1.5">
          <h2 className="text-sm font-medium text-slate-600">{label}</h2>
          {info}
        </div>
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          <Icon aria-hidden="true" className="size-5" />
        </span>
      </div>
      <p className="mt-3 text-3xl font-bold tracking-tight break-words text-slate-900">
        {value ?? (
          <>
            <span aria-hidden="true">—</span>
            <span className="sr-only">No figure</span>
          </>
        )}
      </p>
      <p className="mt-1 min-h-5 text-sm text-slate-600">
        {note ?? (value === undefined ? 'No data yet' : null)}
      </p>
    </section>
  );
}
