import { USER_TYPE_LABELS, type MyMembership } from '@sentinel/shared';
import { Building2 } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ListStates } from '@/components/ui/list';
import { EmptyState } from '@/components/ui/empty-state';
import { errorMessage } from '@/lib/api-client';
import { useMemberships } from '../api/get-memberships';
import { useLeaveFirm, useSwitchFirm } from '../hooks/use-firm-actions';
import { InvitationList } from './invitation-list';

/** The leave dialog's sentence (issue 9). */
export function leaveFirmMessage(firm: MyMembership): string {
  const base = `You lose access to ${firm.firmName}’s cases at once; what you uploaded stays with the firm.`;
  return firm.current
    ? `${base} You are working in ${firm.firmName} now: you move to another of your firms, if you have one.`
    : base;
}

/**
 * Settings → Firms (everyone): the firms the person works in, with their type in each and the
 * current one marked, Switch and Leave firm; and the invitations waiting for an answer.
 */
export function FirmsSettings() {
  const memberships = useMemberships();
  const switchFirm = useSwitchFirm();
  const leave = useLeaveFirm();
  const [leaving, setLeaving] = useState<MyMembership | null>(null);

  return (
    <div className="space-y-6">
      <Card
        title="Your firms"
        description="The firms you work in, and your role in each."
        bodyClassName="p-0"
      >
        <ListStates
          query={memberships}
          loadingLabel="Loading your firms..."
          errorText="Your firms could not be loaded."
          isEmpty={(rows) => rows.length === 0}
          empty={
            <EmptyState
              icon={Building2}
              headingLevel="h3"
              title="No firm yet"
              description="When a firm adds you to a case, its invitation appears here and on your dashboard."
            />
          }
        >
          {(rows) => {
            const firms = rows.filter((m) => m.status === 'active');
            const invitations = rows.filter((m) => m.status === 'pending');
            return (
              <>
                {firms.length > 0 ? (
                  <ul aria-label="Your firms" className="divide-y divide-slate-100">
                    {firms.map((firm) => (
                      <li
                        key={firm.id}
                        className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:justify-between"
                      >
                        <div className="min-w-0">
                          <p className="flex flex-wrap items-center gap-2">
                            <span className="font-medium break-words text-slate-900">{firm.firmName}</span>
                            {firm.current && <Badge tone="brand">Current</Badge>}
                          </p>
                          <p className="mt-0.5 text-sm text-slate-600">{USER_TYPE_LABELS[firm.userType]}</p>
                        </div>
                        <div className="flex shrink-0 flex-wrap gap-2">
                          {!firm.current && (
                            <Button
                              size="sm"
                              variant="secondary"
                              aria-label={`Switch to ${firm.firmName}`}
                              isLoading={switchFirm.isPending && switchFirm.variables === firm.firmId}
                              disabled={switchFirm.isPending}
                              onClick={() => switchFirm.mutate(firm.firmId)}
                            >
                              Switch
                            </Button>
                          )}
                          <Button
                            size="sm"
                            variant="ghost"
                            className="text-red-700 hover:bg-red-50 hover:text-red-800"
                            aria-label={`Leave ${firm.firmName}`}
                            onClick={() => {
                              leave.reset();
                              setLeaving(firm);
                            }}
                          >
                            Leave firm
                          </Button>
                        </div>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <EmptyState
                    icon={Building2}
                    headingLevel="h3"
                    title="No firm yet"
                    description="Accept an invitation below to join a firm."
                  />
                )}
                {invitations.length > 0 && (
                  <section aria-labelledby="firm-invitations" className="border-t border-slate-200 px-5 py-4">
                    <h3 id="firm-invitations" className="mb-3 text-sm font-semibold text-slate-900">
                      Invitations
                    </h3>
                    <InvitationList invitations={invitations} />
                  </section>
                )}
              </>
            );
          }}
        </ListStates>
      </Card>

      <ConfirmDialog
        open={leaving !== null}
        onOpenChange={(open) => {
          if (!open) setLeaving(null);
        }}
        title={leaving ? `Leave ${leaving.firmName}?` : 'Leave firm?'}
        message={leaving ? leaveFirmMessage(leaving) : undefined}
        confirmLabel="Leave firm"
        variant="danger"
        isPending={leave.isPending}
        error={
          leave.isError ? errorMessage(leave.error, 'You could not leave the firm. Please try again.') : null
        }
        onConfirm={() => {
          if (!leaving) return;
          leave.mutate(leaving.id, { onSuccess: () => setLeaving(null) });
        }}
      />
    </div>
  );
}
