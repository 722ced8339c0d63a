import { MESSAGES } from '@sentinel/shared';
import { Briefcase, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingState } from '@/components/ui/spinner';
import { casePath } from '@/config/paths';
import { useClientCases } from '../api/get-client-cases';
import { CASE_TYPE_LABELS, type CaseType } from '@sentinel/shared';
import { CaseStatusBadge } from '@/components/ui/case-status-badge';
import { formatDay } from '@/lib/format';
import { LoadError } from '@/components/ui/load-error';

/** The client's cases, each linking to its page. A failure stays inside this panel. */
export function ClientCases({ clientId }: { clientId: string }) {
  const cases = useClientCases(clientId);
  const rows = Array.isArray(cases.data?.data) ? cases.data.data : [];

  return (
    <Card title="Cases" headingLevel="h2" bodyClassName={rows.length > 0 ? 'p-0' : undefined}>
      {cases.isPending ? (
        <LoadingState label="Loading cases..." className="p-4" />
      ) : cases.isError ? (
        <LoadError fallback="This client’s cases could not be loaded." onRetry={() => void cases.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState
          icon={Briefcase}
          headingLevel="h3"
          title={MESSAGES.noCasesFound}
          description="Cases opened for this client will be listed here."
          className="py-6"
        />
      ) : (
        <ul className="divide-y divide-slate-100">
          {rows.map((item) => (
            <li key={item.id}>
              <Link
                to={casePath(item.id)}
                className="flex items-center gap-3 px-5 py-3.5 text-sm hover:bg-slate-50 focus-visible:bg-slate-50"
              >
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <span className="font-mono text-xs text-slate-600">{item.caseNumber}</span>
                    <span className="font-medium text-slate-900">{item.title}</span>
                  </p>
                  <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
                    <CaseStatusBadge status={item.status} />
                    <span>{CASE_TYPE_LABELS[item.caseType as CaseType] ?? item.caseType}</span>
                    {item.lastActivityAt && (
                      <span>
                        Last activity{' '}
                        <time dateTime={item.lastActivityAt}>{formatDay(item.lastActivityAt)}</time>
                      </span>
                    )}
                  </p>
                </div>
                <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
