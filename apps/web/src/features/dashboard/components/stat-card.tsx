import type { LucideIcon } from 'lucide-react';

/** A headline figure. With no data it shows '—' and 'No data yet' (never a sample figure). */
export function StatCard({ label, icon: Icon, value }: { label: string; icon: LucideIcon; value?: string }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-xs">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-sm font-medium text-slate-600">{label}</h2>
        <span className="flex size-9 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          <Icon aria-hidden="true" className="size-5" />
        </span>
      </div>
      <p className="mt-3 text-3xl font-bold tracking-tight text-slate-900">
        {value ?? <span aria-hidden="true">—</span>}
      </p>
      {value === undefined && <p className="mt-1 text-sm text-slate-600">No data yet</p>}
    </section>
  );
}
