import { LoadError } from '@/components/ui/load-error';
import * as Tabs from '@radix-ui/react-tabs';
import { SectionTabsList } from '@/components/ui/section-tabs';
import { ArrowLeft, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { DocumentTitle } from '@/components/ui/document-title';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingState } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { useCase } from '@/api/cases';
import { caseTypeLabel, priorityLabel } from '../utils/format';
import { CaseActivity } from './case-activity';
import { CaseFormDialog } from './case-form-dialog';
import { CaseMembers } from './case-members';
import { CaseMessagesLinks } from './case-messages-links';
import { CaseOverview } from './case-overview';
import { CaseStatusBadge } from '@/components/ui/case-status-badge';
import { CaseStatusHistory } from './case-status-history';
import type { CaseTab, CaseTabProps } from '../types';

/**
 * The case page's own tabs, in order; the tab's value is its ?tab= in the URL. Tabs of other
 * features (documents, later e-mail, events, messages, …) come in through `extraTabs`, composed
 * in app/routes/app/case.tsx, and go before the status history.
 */
const CASE_TABS: CaseTab[] = [
  { value: 'overview', label: 'Overview', render: (props) => <CaseOverview {...props} /> },
  { value: 'members', label: 'Members', render: (props) => <CaseMembers {...props} /> },
  { value: 'status', label: 'Status history', render: (props) => <CaseStatusHistory {...props} /> },
  {
    value: 'activity',
    label: 'Activity',
    visible: ({ canManage, detail }) => canManage && detail.activity !== undefined,
    render: (props) => <CaseActivity {...props} />,
  },
];

function BackLink({ attorney }: { attorney: boolean }) {
  return (
    <Link
      to={attorney ? paths.cases : paths.dashboard}
      className="mb-4 inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {attorney ? 'Back to Case Management' : 'Back to dashboard'}
    </Link>
  );
}

/** /cases/{id}: one case, for everyone who may see it; attorneys also change it and its team. */
export function CasePage({ caseId, extraTabs = [] }: { caseId: string; extraTabs?: CaseTab[] }) {
  const session = useSession();
  const attorney = session?.userType === 'attorney';
  const detail = useCase(caseId);

  if (detail.isPending) {
    return (
      <>
        <BackLink attorney={attorney} />
        <LoadingState label="Loading case..." />
      </>
    );
  }
  if (detail.isError) {
    // 404: no such case or not one the user may see; 400: not an id at all. Both are "not found".
    const missing = isApiError(detail.error) && [400, 404].includes(detail.error.status);
    return (
      <>
        <BackLink attorney={attorney} />
        <PageHeader
          title={missing ? 'Case not found' : 'Case'}
          description={missing ? 'This case does not exist or you do not have access to it.' : undefined}
        />
        {missing ? (
          <Link
            to={attorney ? paths.cases : paths.dashboard}
            className={buttonClasses({ variant: 'secondary' })}
          >
            {attorney ? 'Go to Case Management' : 'Go to your dashboard'}
          </Link>
        ) : (
          <LoadError
            error={detail.error}
            fallback={'This case could not be loaded. Please try again.'}
            onRetry={() => void detail.refetch()}
          />
        )}
      </>
    );
  }
  return <CaseView detail={detail.data} canManage={attorney} extraTabs={extraTabs} />;
}

function CaseView({ detail, canManage, extraTabs }: CaseTabProps & { extraTabs: CaseTab[] }) {
  const [editing, setEditing] = useState(false);
  const [searchParams, setSearchParams] = useSearchParams();
  const props: CaseTabProps = { detail, canManage };
  const before = CASE_TABS.findIndex((tab) => tab.value === 'status');
  const tabs = [...CASE_TABS.slice(0, before), ...extraTabs, ...CASE_TABS.slice(before)].filter(
    (tab) => tab.visible?.(props) ?? true,
  );
  const requested = searchParams.get('tab');
  const tab = tabs.find((item) => item.value === requested)?.value ?? tabs[0]!.value;

  const selectTab = (value: string) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value === tabs[0]!.value) next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <DocumentTitle title={`${detail.caseNumber} ${detail.title}`} />
      <BackLink attorney={canManage} />
      <header className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="font-mono text-sm text-slate-600">{detail.caseNumber}</p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight break-words text-slate-900">
            {detail.title}
          </h1>
          <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
            <CaseStatusBadge status={detail.status} />
            <Badge tone={detail.priority === 'high' ? 'danger' : 'neutral'}>
              {priorityLabel(detail.priority)} priority
            </Badge>
            <span className="text-slate-600">{caseTypeLabel(detail.caseType)}</span>
          </div>
        </div>
        <CaseMessagesLinks caseId={detail.id} />
        {canManage && (
          <Button
            variant="secondary"
            icon={<Pencil aria-hidden="true" className="size-4" />}
            onClick={() => setEditing(true)}
          >
            Edit Case
          </Button>
        )}
      </header>

      <Tabs.Root value={tab} onValueChange={selectTab}>
        <SectionTabsList label="Case sections" tabs={tabs} />
        {tabs.map(({ value, render }) => (
          <Tabs.Content key={value} value={value} className="pt-6 focus-visible:outline-offset-4">
            {render(props)}
          </Tabs.Content>
        ))}
      </Tabs.Root>

      {canManage && <CaseFormDialog open={editing} onOpenChange={setEditing} caseId={detail.id} />}
    </>
  );
}
