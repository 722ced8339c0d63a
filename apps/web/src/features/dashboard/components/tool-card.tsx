import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A tool of the client dashboard: what it does and where to use it. */
export function ToolCard({
  title,
  description,
  icon: Icon,
  children,
}: {
  title: string;
  description: string;
  icon: LucideIcon;
  /** Where to use it, e.g. a link to the documents. */
  children?: ReactNode;
}) {
  return (
    <section className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-xs">
      <span className="flex size-10 items-center justify-center rounded-lg bg-slate-100 text-slate-700">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <h3 className="mt-4 text-sm font-semibold text-slate-900">{title}</h3>
      <p className="mt-1 text-sm text-slate-600">{description}</p>
      {children && <div className="mt-3 text-sm text-slate-700">{children}</div>}
    </section>
  );
}
