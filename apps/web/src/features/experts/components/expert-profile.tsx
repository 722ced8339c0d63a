import { EXPERT_MESSAGES, type ExpertDetail, type ExpertEngagement } from '@sentinel/shared';
import { ArrowLeft, Briefcase, FileText } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CaseStatusBadge } from '@/components/ui/case-status-badge';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Detail, notSet } from '@/components/ui/detail';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingState } from '@/components/ui/spinner';
import { casePath, paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { formatDay } from '@/lib/format';
import { useDeleteExpert } from '../api/delete-expert';
import { useExpert } from '../api/get-expert';
import { openCv } from '../api/open-cv';
import { useEndEngagement, useUpdateEngagement } from '../api/update-engagement';
import { AvailabilityBadge } from './availability-badge';
import { EngageDialog } from './engage-dialog';
import { ExpertFormDialog } from './expert-form-dialog';
import { HourlyRate } from './hourly-rate';

/** /experts/:id: the expert's details, CV, and the cases they are engaged on. */
export function ExpertProfile({ expertId }: { expertId: string }) {
  const expert = useExpert(expertId);
  if (expert.isPending) return <LoadingState label="Loading expert..." />;
  if (expert.isError) {
    return (
      <>
        <BackLink />
        <LoadError
          error={expert.error}
          fallback="The expert could not be loaded."
          onRetry={() => void expert.refetch()}
        />
      </>
    );
  }
  return <Profile expert={expert.data} />;
}

function BackLink() {
  return (
    <Link
      to={paths.experts}
      className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Expert Witness Directory
    </Link>
  );
}

function Profile({ expert }: { expert: ExpertDetail }) {
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [engaging, setEngaging] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteExpert();

  const confirmDelete = () =>
    remove.mutate(expert.id, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        void navigate(paths.experts);
      },
    });

  return (
    <>
      <BackLink />
      <PageHeader
        title={expert.name}
        description={expert.specialty}
        actions={
          <>
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Edit
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                remove.reset();
                setDeleting(true);
              }}
            >
              Delete
            </Button>
            <Button onClick={() => setEngaging(true)}>Engage on case</Button>
          </>
        }
      />

      <div className="grid gap-6 lg:grid-cols-3">
        <Card title="Profile" className="lg:col-span-1">
          <div className="mb-4 flex items-center gap-3">
            <Avatar name={expert.name} className="size-12 text-base" />
            <div className="min-w-0">
              <p className="truncate font-semibold text-slate-900">{expert.name}</p>
              <AvailabilityBadge availability={expert.availability} />
            </div>
          </div>
          <dl className="grid gap-3 text-sm">
            <Detail term="Specialty">{expert.specialty}</Detail>
            <Detail term="Credentials">{expert.credentials || notSet}</Detail>
            <Detail term="Firm">
              <span className="inline-flex items-center gap-1.5">
                <Briefcase aria-hidden="true" className="size-4 text-slate-500" />
                {expert.company || 'Independent'}
              </span>
            </Detail>
            <Detail term="Hourly rate">
              <HourlyRate rate={expert.hourlyRate} />
            </Detail>
            <Detail term="Email">
              {expert.email ? (
                <a className="text-brand-700 hover:underline" href={`mailto:${expert.email}`}>
                  {expert.email}
                </a>
              ) : (
                notSet
              )}
            </Detail>
            <Detail term="Phone">
              {expert.phone ? (
                <a
                  className="text-brand-700 hover:underline"
                  href={`tel:${expert.phone.replace(/[^+\d]/g, '')}`}
                >
                  {expert.phone}
                </a>
              ) : (
                notSet
              )}
            </Detail>
            <Detail term="Sentinel account">
              {expert.hasAccount
                ? 'Linked: they keep their own availability and join the cases they are engaged on'
                : expert.email
                  ? 'None yet: engaging them invites them by e-mail'
                  : 'None: add an e-mail to invite them when engaged'}
            </Detail>
            <Detail term="Notes">
              {expert.notes ? <span className="whitespace-pre-line">{expert.notes}</span> : notSet}
            </Detail>
          </dl>
        </Card>

        <div className="space-y-6 lg:col-span-2">
          <Card title="Documents">
            {expert.cvDocument ? (
              <CvRow document={expert.cvDocument} />
            ) : (
              <p className="text-sm text-slate-600">
                No CV yet. Choose one of the firm’s documents with Edit.
              </p>
            )}
          </Card>
          <Card title="Cases engaged on" bodyClassName="p-0">
            {expert.engagements.length === 0 ? (
              <EmptyState
                headingLevel="h3"
                title="Not engaged on any case yet"
                description="Use ‘Engage on case’ to add them as a case’s expert."
              />
            ) : (
              <ul aria-label="Cases engaged on" className="divide-y divide-slate-100">
                {expert.engagements.map((engagement) => (
                  <EngagementRow key={engagement.caseId} expertId={expert.id} engagement={engagement} />
                ))}
              </ul>
            )}
          </Card>
        </div>
      </div>

      {editing && (
        <ExpertFormDialog open onOpenChange={setEditing} specialties={[expert.specialty]} expert={expert} />
      )}
      {engaging && (
        <EngageDialog
          open
          onOpenChange={setEngaging}
          expert={expert}
          engagedCaseIds={expert.engagements.map((engagement) => engagement.caseId)}
        />
      )}
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        onConfirm={confirmDelete}
        title={`Delete ${expert.name}?`}
        message={
          expert.engagementCount > 0
            ? EXPERT_MESSAGES.engagedOnCases(expert.engagementCount)
            : 'They are removed from the firm’s directory. Their account, if any, is not affected.'
        }
        confirmLabel="Delete"
        variant="danger"
        isPending={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, 'The expert could not be deleted.') : null}
      />
    </>
  );
}

function CvRow({ document }: { document: { id: string; fileName: string } }) {
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <span className="inline-flex min-w-0 items-center gap-2">
        <FileText aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
        <span className="truncate">
          <span className="text-slate-600">CV: </span>
          {document.fileName}
        </span>
      </span>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => {
          setError(null);
          openCv(document.id).catch((failure: unknown) =>
            setError(errorMessage(failure, 'The CV could not be opened.')),
          );
        }}
      >
        View CV
      </Button>
      {error && <p className="w-full text-red-700">{error}</p>}
    </div>
  );
}

function EngagementRow({ expertId, engagement }: { expertId: string; engagement: ExpertEngagement }) {
  const update = useUpdateEngagement();
  const end = useEndEngagement();
  const [ending, setEnding] = useState(false);
  const received = engagement.reportReceivedAt !== null;
  const overdue =
    !received &&
    engagement.reportDueOn !== null &&
    engagement.reportDueOn < new Date().toISOString().slice(0, 10);

  const toggleReceived = () =>
    update.mutate(
      { id: expertId, caseId: engagement.caseId, body: { reportReceived: !received } },
      {
        onSuccess: (answer) => toast.success(answer.message),
        onError: (error) => toast.error(errorMessage(error, 'The engagement could not be saved.')),
      },
    );

  return (
    <li className="space-y-2 p-4 text-sm md:px-5">
      <div className="flex flex-wrap items-center gap-2">
        <Link to={casePath(engagement.caseId)} className="font-medium text-brand-700 hover:underline">
          {engagement.caseNumber} — {engagement.caseTitle}
        </Link>
        <CaseStatusBadge status={engagement.caseStatus} />
        {!engagement.onCaseTeam && <Badge tone="neutral">Not on the case team</Badge>}
      </div>
      {engagement.scope && <p className="text-slate-700">{engagement.scope}</p>}
      <p className="text-slate-700">
        {engagement.reportDueOn ? (
          <>
            Report due {formatDay(engagement.reportDueOn)}
            {overdue && (
              <Badge tone="danger" className="ml-2">
                Overdue
              </Badge>
            )}
          </>
        ) : (
          'No report due date'
        )}
        {received && (
          <Badge tone="success" className="ml-2">
            Report received {formatDay(engagement.reportReceivedAt!)}
          </Badge>
        )}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={toggleReceived} isLoading={update.isPending}>
          {received ? 'Mark report not received' : 'Mark report received'}
          <span className="sr-only">: {engagement.caseNumber}</span>
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setEnding(true)}>
          End engagement<span className="sr-only">: {engagement.caseNumber}</span>
        </Button>
      </div>
      <ConfirmDialog
        open={ending}
        onOpenChange={setEnding}
        title="End this engagement?"
        message="The expert stays on the case team; remove them there if they should no longer see the case."
        confirmLabel="End engagement"
        variant="danger"
        isPending={end.isPending}
        error={end.isError ? errorMessage(end.error, 'The engagement could not be ended.') : null}
        onConfirm={() =>
          end.mutate(
            { id: expertId, caseId: engagement.caseId },
            {
              onSuccess: (answer) => {
                toast.success(answer.message);
                setEnding(false);
              },
            },
          )
        }
      />
    </li>
  );
}
