import type { ReactNode } from 'react';

/** One term and its value of a description list (`<dl>`): a case's details, a claim's facts. */
export function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-slate-600">{term}</dt>
      <dd className="mt-0.5 break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** What a detail without a value shows. */
export const notSet = <span className="text-slate-500">Not set</span>;
