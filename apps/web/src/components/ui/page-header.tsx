import type { ReactNode } from 'react';
import { DocumentTitle } from './document-title';

export interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  /** Document title when it differs from the heading. */
  documentTitle?: string;
}

/** The page's h1, its subtitle and actions; also sets the document title. */
export function PageHeader({ title, description, actions, documentTitle }: PageHeaderProps) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <DocumentTitle title={documentTitle ?? title} />
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}
