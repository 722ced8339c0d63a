import { USER_TYPE_LABELS } from '@sentinel/shared';
import { MailPlus } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingState } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useMemberships } from '../api/get-memberships';
import { useSwitchFirm } from '../hooks/use-firm-actions';
import { InvitationList } from './invitation-list';

/** How often the waiting screen asks for invitations (besides each return to the window). */
export const WAITING_POLL_MS = 30_000;

export const WAITING_TITLE = 'You’re not part of a firm yet';

const linkClass = 'font-medium text-brand-700 hover:text-brand-800 hover:underline';

/**
 * What a signed-in person who belongs to no firm sees on the dashboard and on every screen that
 * needs a firm (issue 9): how to be added, and the firms' invitations as they arrive.
 */
export function WaitingScreen({ email }: { email: string }) {
  const memberships = useMemberships({ pollMs: WAITING_POLL_MS });
  const switchFirm = useSwitchFirm();
  const pending = memberships.data?.filter((m) => m.status === 'pending') ?? [];
  // A firm they already work in (accepted in another window, say): one click away.
  const active = memberships.data?.filter((m) => m.status === 'active') ?? [];

  return (
    <>
      <PageHeader
        title={WAITING_TITLE}
        documentTitle="Waiting for a firm"
        description="Cases, documents and messages in Sentinel belong to the firm that handles the claim."
      />
      <div className="grid gap-6 lg:grid-cols-5">
        <Card title="How to be added" className="lg:col-span-2">
          <ol className="list-decimal space-y-3 pl-5 text-sm text-slate-700 marker:font-semibold marker:text-slate-500">
            <li>
              Give the firm the e-mail address you signed up with:{' '}
              <strong className="font-semibold break-all text-slate-900">{email}</strong>
            </li>
            <li>Ask them to add you to a case.</li>
            <li>Their invitation appears on this page. Accept it, and the firm’s cases open to you.</li>
          </ol>
          <p className="mt-4 text-sm text-slate-600">
            Meanwhile, your password and connected accounts are in{' '}
            <Link to={paths.settings} className={linkClass}>
              Settings
            </Link>
            .
          </p>
        </Card>
        <Card
          title="Invitations"
          description="Checked every 30 seconds and whenever you come back to this page."
          className="lg:col-span-3"
        >
          {memberships.isPending ? (
            <LoadingState label="Loading invitations..." className="p-4" />
          ) : memberships.isError && !memberships.data ? (
            <LoadError
              error={memberships.error}
              fallback="Your invitations could not be loaded."
              onRetry={() => void memberships.refetch()}
              retrying={memberships.isFetching}
            />
          ) : (
            <div className="space-y-6">
              {active.length > 0 && (
                <ul className="space-y-3">
                  {active.map((firm) => (
                    <li
                      key={firm.id}
                      className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4 sm:flex-row sm:items-center sm:justify-between"
                    >
                      <p className="text-sm text-slate-700">
                        You work in <strong className="text-slate-900">{firm.firmName}</strong> as{' '}
                        {USER_TYPE_LABELS[firm.userType]}.
                      </p>
                      <Button
                        size="sm"
                        isLoading={switchFirm.isPending && switchFirm.variables === firm.firmId}
                        disabled={switchFirm.isPending}
                        onClick={() => switchFirm.mutate(firm.firmId)}
                      >
                        Open {firm.firmName}
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
              {pending.length > 0 ? (
                <InvitationList invitations={pending} />
              ) : (
                active.length === 0 && (
                  <EmptyState
                    icon={MailPlus}
                    headingLevel="h3"
                    title="No invitations yet"
                    description="When a firm adds you, its invitation appears here."
                    className="py-6"
                  />
                )
              )}
            </div>
          )}
        </Card>
      </div>
    </>
  );
}
