import { MESSAGES, type CaseMember } from '@sentinel/shared';
import { UserMinus, UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { errorMessage } from '@/lib/api-client';
import { useRemoveCaseMember } from '../api/remove-case-member';
import { memberRoleLabel } from '../utils/format';
import { formatDay } from '@/lib/format';
import { AddMemberDialog } from './add-member-dialog';
import type { CaseTabProps } from '../types';

/** The case's team with their roles; attorneys add people (or invite them) and remove them. */
export function CaseMembers({ detail, canManage }: CaseTabProps) {
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<CaseMember | null>(null);
  const remove = useRemoveCaseMember();

  const onRemove = () => {
    if (!removing) return;
    remove.mutate(
      { caseId: detail.id, userId: removing.userId },
      {
        onSuccess: (answer) => {
          setRemoving(null);
          toast.success(answer?.message || MESSAGES.caseMemberRemoved);
        },
      },
    );
  };

  return (
    <Card
      title="Case team"
      headingLevel="h2"
      description="Everyone working on this case besides the client and the lead attorney."
      bodyClassName={detail.members.length > 0 ? 'p-0' : undefined}
      actions={
        canManage ? (
          <Button
            size="sm"
            icon={<UserPlus aria-hidden="true" className="size-4" />}
            onClick={() => setAdding(true)}
          >
            Add Member
          </Button>
        ) : undefined
      }
    >
      {detail.members.length === 0 ? (
        <EmptyState
          icon={Users}
          headingLevel="h3"
          title="No team members yet"
          description={
            canManage
              ? 'Add a contractor, public adjuster, expert witness or co-counsel to the case.'
              : undefined
          }
          className="py-6"
        />
      ) : (
        <ul aria-label="Case team" className="divide-y divide-slate-100">
          {detail.members.map((member) => (
            <li
              key={member.userId}
              className="flex flex-col gap-3 px-5 py-4 text-sm sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="flex min-w-0 items-center gap-3">
                <Avatar name={member.name} />
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <span className="font-medium text-slate-900">{member.name}</span>
                    <Badge tone="brand">{memberRoleLabel(member.role)}</Badge>
                  </p>
                  <a
                    href={`mailto:${member.email}`}
                    className="block truncate text-brand-700 hover:text-brand-800 hover:underline"
                  >
                    {member.email}
                  </a>
                  <p className="text-xs text-slate-600">
                    Added <time dateTime={member.addedAt}>{formatDay(member.addedAt)}</time>
                  </p>
                </div>
              </div>
              {canManage && (
                <Button
                  variant="secondary"
                  size="sm"
                  className="self-start sm:self-auto"
                  icon={<UserMinus aria-hidden="true" className="size-4" />}
                  onClick={() => {
                    remove.reset();
                    setRemoving(member);
                  }}
                >
                  Remove <span className="sr-only">{member.name}</span>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}

      {canManage && (
        <>
          <AddMemberDialog open={adding} onOpenChange={setAdding} detail={detail} />
          <ConfirmDialog
            open={removing !== null}
            onOpenChange={(open) => {
              if (!open) setRemoving(null);
            }}
            title="Remove from the case?"
            message={
              removing
                ? `${removing.name} will no longer see ${detail.caseNumber} (${detail.title}).`
                : undefined
            }
            confirmLabel="Remove"
            variant="danger"
            onConfirm={onRemove}
            isPending={remove.isPending}
            error={
              remove.isError
                ? errorMessage(remove.error, 'They could not be removed. Please try again.')
                : null
            }
          />
        </>
      )}
    </Card>
  );
}
