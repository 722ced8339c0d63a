import { CASE_TYPE_LABELS, type CaseDetail, type CaseSummary, type UserType } from '@sentinel/shared';
import { ArrowRight, Bot, FileStack, FolderOpen, Megaphone, MessagesSquare } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Select } from '@/components/ui/select';
import { LoadingState } from '@/components/ui/spinner';
import { casePath, conversationPath, paths } from '@/config/paths';
import { useCase } from '@/api/cases';
import { caseThreads, useConversations } from '@/api/conversations';
import { useMyCases } from '../api/get-my-cases';
import { CaseStatusBadge } from '@/components/ui/case-status-badge';
import { formatDay } from '@/lib/format';
import { CaseProgress } from './case-progress';
import { CaseTeam } from './case-team';
import { DocumentChecklist } from './document-checklist';
import { QuickMessage } from './quick-message';
import { ToolCard } from './tool-card';
import { LoadError } from '@/components/ui/load-error';

export interface ClientDashboardProps {
  firstName: string;
  userId: string;
  userType: UserType | null;
  /** Shown under the heading, above the case (the invitations of other firms). */
  notice?: ReactNode;
}

const linkClass = 'font-medium text-brand-700 hover:text-brand-800 hover:underline';

/**
 * The dashboard of everyone but attorneys (/dashboard, /client/dashboard): the user's case (or
 * the one they pick), its progress, team and document checklist, the quick message into the case
 * thread, and the tools, each leading to where it is used.
 */
export function ClientDashboard({ firstName, userId, userType, notice }: ClientDashboardProps) {
  const cases = useMyCases();
  const [params, setParams] = useSearchParams();
  const isClient = userType === 'client' || userType === null;
  const requested = params.get('case');
  const selected = cases.data?.find((c) => c.id === requested) ?? cases.data?.[0];
  const threads = useConversations(selected?.id, Boolean(selected));
  const { caseThread } = caseThreads(threads.data?.data);

  let body: ReactNode;
  if (cases.isPending) {
    body = <LoadingState label="Loading your cases..." />;
  } else if (cases.isError) {
    body = (
      <LoadError
        error={cases.error}
        fallback="Your cases could not be loaded. Please try again."
        onRetry={() => void cases.refetch()}
        retrying={cases.isFetching}
      />
    );
  } else if (!selected) {
    body = (
      <Card>
        <EmptyState
          icon={FolderOpen}
          title="No case yet"
          description={
            isClient ? 'Your attorney will add your case here.' : 'Cases you are added to will appear here.'
          }
        />
      </Card>
    );
  } else {
    body = (
      <>
        {cases.data.length > 1 && (
          <CaseSelector
            cases={cases.data}
            selectedId={selected.id}
            onChange={(id) =>
              setParams(
                (current) => {
                  const next = new URLSearchParams(current);
                  next.set('case', id);
                  return next;
                },
                { replace: true },
              )
            }
          />
        )}
        <SelectedCase key={selected.id} summary={selected} userId={userId} />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={firstName ? `Welcome, ${firstName}` : 'Welcome'}
        documentTitle="Dashboard"
        description={
          isClient
            ? 'Your claim at a glance: progress, your team, documents and messages.'
            : 'The cases you work on: progress, the team and the documents asked for.'
        }
      />
      {notice}
      {body}
      <section aria-labelledby="tools-heading" className="mt-8">
        <h2 id="tools-heading" className="text-lg font-semibold text-slate-900">
          Tools
        </h2>
        <div className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <ToolCard
            title="AI Assistant"
            icon={Bot}
            description="Sentinel's analysis reads each document you upload: what it is, its dates and amounts, and what to do next."
          >
            <Link to={paths.aiAnalysis} className={`inline-flex items-center gap-1 ${linkClass}`}>
              Analyse a document
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </ToolCard>
          <ToolCard
            title="Smart Documents"
            icon={FileStack}
            description="Upload photos, estimates and letters: each is analysed and ticks the checklist."
          >
            <Link to={paths.documents} className={`inline-flex items-center gap-1 ${linkClass}`}>
              Open your documents
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </ToolCard>
          <ToolCard
            title="Team Messages"
            icon={MessagesSquare}
            description="Write to your attorney and case team in your case's conversation; their answers arrive as they write."
          >
            <Link
              to={caseThread ? conversationPath(caseThread.id) : paths.messages}
              className={`inline-flex items-center gap-1 ${linkClass}`}
            >
              Open your messages
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </ToolCard>
          <ToolCard
            title="Case Updates"
            icon={Megaphone}
            description="Each step of your case on its timeline; reminders and news arrive in the bell at the top."
          >
            <Link
              to={
                selected
                  ? `${paths.timeline}?${new URLSearchParams({ case: selected.id }).toString()}`
                  : paths.timeline
              }
              className={`inline-flex items-center gap-1 ${linkClass}`}
            >
              See the timeline
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </ToolCard>
        </div>
      </section>
    </>
  );
}

function CaseSelector({
  cases,
  selectedId,
  onChange,
}: {
  cases: CaseSummary[];
  selectedId: string;
  onChange: (id: string) => void;
}) {
  const id = useId();
  return (
    <div className="mb-6 max-w-md">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Case
      </label>
      <div className="mt-1.5">
        <Select id={id} value={selectedId} onChange={(event) => onChange(event.target.value)}>
          {cases.map((c) => (
            <option key={c.id} value={c.id}>
              {c.caseNumber} · {c.title}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}

function SelectedCase({ summary, userId }: { summary: CaseSummary; userId: string }) {
  const detail = useCase(summary.id);
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
      <CaseHeader summary={summary} className="lg:col-span-3" />
      {detail.isPending ? (
        <LoadingState label="Loading case details..." className="lg:col-span-3" />
      ) : detail.isError ? (
        <div className="lg:col-span-3">
          <LoadError
            error={detail.error}
            fallback="The case details could not be loaded. Please try again."
            onRetry={() => void detail.refetch()}
            retrying={detail.isFetching}
          />
        </div>
      ) : (
        <CaseDetails detail={detail.data} userId={userId} />
      )}
    </div>
  );
}

function CaseHeader({ summary, className }: { summary: CaseSummary; className?: string }) {
  return (
    <section
      aria-label="Your case"
      className={`rounded-xl border border-slate-200 bg-white p-5 shadow-xs ${className ?? ''}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm text-slate-600">
            {summary.caseNumber} · {CASE_TYPE_LABELS[summary.caseType]}
          </p>
          <h2 className="mt-0.5 text-xl font-semibold break-words text-slate-900">{summary.title}</h2>
          <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
            <span>
              <span className="sr-only">Status: </span>
              <CaseStatusBadge status={summary.status} />
            </span>
            <span>Opened {formatDay(summary.dateOpened)}</span>
          </div>
        </div>
        <Link to={casePath(summary.id)} className={`inline-flex items-center gap-1 text-sm ${linkClass}`}>
          Open case page
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
    </section>
  );
}

function CaseDetails({ detail, userId }: { detail: CaseDetail; userId: string }) {
  return (
    <>
      <Card title="Case progress" className="lg:col-span-2">
        <CaseProgress detail={detail} />
      </Card>
      <Card title="Your team">
        <CaseTeam detail={detail} viewerId={userId} />
      </Card>
      <Card title="Document checklist" className="lg:col-span-2">
        <DocumentChecklist caseType={detail.caseType} caseId={detail.id} userId={userId} />
      </Card>
      <Card title="Quick message">
        <QuickMessage detail={detail} />
      </Card>
    </>
  );
}
