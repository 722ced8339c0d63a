import { MESSAGES } from '@sentinel/shared';
import { ArrowLeft, Ban, Send } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Avatar } from '@/components/ui/avatar';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingState } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useDeactivateClient } from '../api/deactivate-client';
import { useClient, type ClientDetail } from '../api/get-client';
import { useResendInvitation } from '../api/resend-invitation';
import { activityLabel, clientName } from '../utils/labels';
import { formatDateTime, formatDay } from '@/lib/format';
import { ClientCases } from './client-cases';
import { ClientStatusBadges } from './client-status-badges';
import { LoadError } from '@/components/ui/load-error';

function BackLink() {
  return (
    <Link
      to={paths.clients}
      className="mb-4 inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to Client Directory
    </Link>
  );
}

/** /clients/{id}: contact details, invitation and account state, activity and cases of one client. */
export function ClientProfile({ clientId }: { clientId: string }) {
  const client = useClient(clientId);

  if (client.isPending) {
    return (
      <>
        <BackLink />
        <LoadingState label="Loading client..." />
      </>
    );
  }
  if (client.isError) {
    // 404: not a client of this firm; 400: not an id at all. Both are "not found" to the user.
    const missing = isApiError(client.error) && [400, 404].includes(client.error.status);
    return (
      <>
        <BackLink />
        <PageHeader
          title={missing ? 'Client not found' : 'Client'}
          description={
            missing ? 'This client does not exist or is not one of your firm’s clients.' : undefined
          }
        />
        {missing ? (
          <Link to={paths.clients} className={buttonClasses({ variant: 'secondary' })}>
            Go to the Client Directory
          </Link>
        ) : (
          <LoadError
            error={client.error}
            fallback="This client could not be loaded. Please try again."
            onRetry={() => void client.refetch()}
          />
        )}
      </>
    );
  }
  return <ClientView client={client.data} />;
}

function ClientView({ client }: { client: ClientDetail }) {
  const name = clientName(client);
  const resend = useResendInvitation();
  const deactivate = useDeactivateClient();
  const [confirming, setConfirming] = useState(false);
  const canResend = client.invitationPending && !client.deactivated;
  const activity = client.activity;

  const onResend = () =>
    resend.mutate(client.id, {
      onSuccess: (answer) => toast.success(answer?.message || MESSAGES.invitationResent),
      onError: (error) =>
        toast.error(errorMessage(error, 'The invitation could not be sent. Please try again.')),
    });

  const onDeactivate = () =>
    deactivate.mutate(client.id, {
      onSuccess: (answer) => {
        setConfirming(false);
        toast.success(answer?.message || MESSAGES.clientDeactivated);
      },
    });

  return (
    <>
      <BackLink />
      <PageHeader
        title={name}
        description={client.companyName ?? undefined}
        actions={
          <>
            {canResend && (
              <Button
                variant="secondary"
                icon={<Send aria-hidden="true" className="size-4" />}
                onClick={onResend}
                isLoading={resend.isPending}
              >
                Resend invitation
              </Button>
            )}
            {!client.deactivated && (
              <Button
                variant="danger"
                icon={<Ban aria-hidden="true" className="size-4" />}
                onClick={() => {
                  deactivate.reset();
                  setConfirming(true);
                }}
              >
                Deactivate client
              </Button>
            )}
          </>
        }
      />

      {client.deactivated && (
        <Alert tone="info" className="mb-6">
          This client is deactivated and no longer has access to your firm.
        </Alert>
      )}

      <div className="grid gap-6 lg:grid-cols-3 lg:items-start">
        <div className="space-y-6 lg:col-span-2">
          <Card title="Contact details">
            <div className="mb-5 flex items-center gap-3">
              <Avatar name={name} className="size-11 text-sm" />
              <ClientStatusBadges client={client} />
            </div>
            <dl className="grid gap-x-6 gap-y-4 text-sm sm:grid-cols-2">
              <Detail term="Email">
                <a
                  href={`mailto:${client.email}`}
                  className="break-all text-brand-700 hover:text-brand-800 hover:underline"
                >
                  {client.email}
                </a>
              </Detail>
              <Detail term="Phone">
                {client.phone ? (
                  <a
                    href={`tel:${client.phone.replace(/[^+\d]/g, '')}`}
                    className="text-brand-700 hover:text-brand-800 hover:underline"
                  >
                    {client.phone}
                  </a>
                ) : (
                  <NotGiven />
                )}
              </Detail>
              <Detail term="Company">{client.companyName || <NotGiven />}</Detail>
              <Detail term="Lead attorney">
                {client.leadAttorney?.name ?? <NotGiven text="Not assigned" />}
              </Detail>
              <Detail term="Sign-in">{accountState(client)}</Detail>
              <Detail term="Client since">
                <time dateTime={client.createdAt}>{formatDay(client.createdAt)}</time>
              </Detail>
            </dl>
          </Card>
          <ClientCases clientId={client.id} />
        </div>

        <ClientActivity activity={activity} />
      </div>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Deactivate client"
        message={`Deactivate ${name}? They will be signed out of your firm and lose access to it.`}
        confirmLabel="Deactivate"
        variant="danger"
        onConfirm={onDeactivate}
        isPending={deactivate.isPending}
        error={
          deactivate.isError
            ? errorMessage(deactivate.error, 'The client could not be deactivated. Please try again.')
            : null
        }
      />
    </>
  );
}

/** Newest first; the first few, with a button for the rest. */
const ACTIVITY_SHOWN = 8;

function ClientActivity({ activity }: { activity: ClientDetail['activity'] }) {
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? activity : activity.slice(0, ACTIVITY_SHOWN);
  return (
    <Card title="Activity">
      {activity.length === 0 ? (
        <p className="text-sm text-slate-600">No activity yet.</p>
      ) : (
        <>
          <ol className="space-y-4">
            {shown.map((entry, index) => (
              <li key={`${entry.at}-${index}`} className="flex gap-3 text-sm">
                <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-brand-600" />
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">{activityLabel(entry.action)}</p>
                  <p className="text-xs text-slate-600">
                    <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                    {entry.by && <> · by {entry.by}</>}
                  </p>
                </div>
              </li>
            ))}
          </ol>
          {activity.length > ACTIVITY_SHOWN && (
            <Button
              variant="ghost"
              size="sm"
              className="mt-3 -ml-3"
              onClick={() => setShowAll((all) => !all)}
            >
              {showAll ? 'Show fewer' : `Show all ${activity.length}`}
            </Button>
          )}
        </>
      )}
    </Card>
  );
}

function accountState(client: ClientDetail): string {
  if (client.deactivated) return 'Deactivated: no longer has access to your firm';
  if (client.invitationPending) return 'Invitation pending: has not chosen a password yet';
  return 'Signs in with their own password';
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{term}</dt>
      <dd className="mt-1 text-slate-900">{children}</dd>
    </div>
  );
}

function NotGiven({ text = 'Not given' }: { text?: string }) {
  return <span className="text-slate-500">{text}</span>;
}
