import { MESSAGES, USER_TYPE_LABELS, type FirmMember } from '@sentinel/shared';
import { Users } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { bodyCell, ListStates, ListTable, TableOrCards } from '@/components/ui/list';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session-store';
import { useFirmMembers } from '../api/get-firm-members';
import { useRemoveFirmMember } from '../api/remove-firm-member';

/** The remove dialog's sentence (issue 9). */
export const removeMemberMessage = (name: string, firmName: string) =>
  `Remove ${name} from ${firmName}? They lose access to the firm’s cases at once; what they uploaded stays.`;

/**
 * Settings → Team (attorneys): the firm's people other than clients (clients are in the Client
 * Directory), active and invited, with Remove on everyone's row but one's own.
 */
export function TeamSettings() {
  const session = useSession();
  const firmName = session?.firm?.name ?? 'the firm';
  const members = useFirmMembers();
  const remove = useRemoveFirmMember();
  const [removing, setRemoving] = useState<FirmMember | null>(null);

  const ask = (member: FirmMember) => {
    remove.reset();
    setRemoving(member);
  };

  return (
    <>
      <Card
        title="Team"
        description={`The people of ${firmName}: attorneys and case team. Clients are in the Client Directory.`}
        bodyClassName="p-0"
      >
        <ListStates
          query={members}
          loadingLabel="Loading the team..."
          errorText="The team could not be loaded."
          isEmpty={(answer) => answer.data.length === 0}
          empty={<EmptyState icon={Users} headingLevel="h3" title="No one in the team yet" />}
        >
          {(answer) => (
            <TableOrCards
              minWidth="1024px"
              table={<TeamTable members={answer.data} onRemove={ask} firmName={firmName} />}
              cards={<TeamCards members={answer.data} onRemove={ask} />}
            />
          )}
        </ListStates>
      </Card>

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title="Remove from firm"
        message={removing ? removeMemberMessage(removing.name, firmName) : undefined}
        confirmLabel="Remove"
        variant="danger"
        isPending={remove.isPending}
        error={
          remove.isError
            ? errorMessage(remove.error, 'The person could not be removed. Please try again.')
            : null
        }
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.userId, {
            onSuccess: (answer) => {
              setRemoving(null);
              toast.success(answer.message || MESSAGES.firmMemberRemoved);
            },
          });
        }}
      />
    </>
  );
}

interface RowsProps {
  members: FirmMember[];
  onRemove: (member: FirmMember) => void;
}

function StatusBadges({ member }: { member: FirmMember }) {
  return (
    <span className="flex flex-wrap gap-1.5">
      {member.self && <Badge tone="brand">You</Badge>}
      {member.status === 'pending' ? (
        <Badge tone="warning">Invitation pending</Badge>
      ) : (
        <Badge tone="success">Active</Badge>
      )}
    </span>
  );
}

function RemoveButton({ member, onRemove }: { member: FirmMember; onRemove: (member: FirmMember) => void }) {
  if (member.self) return null;
  return (
    <Button
      size="sm"
      variant="secondary"
      aria-label={`Remove ${member.name}`}
      onClick={() => onRemove(member)}
    >
      Remove
    </Button>
  );
}

function TeamTable({ members, onRemove, firmName }: RowsProps & { firmName: string }) {
  return (
    <ListTable caption={`People of ${firmName}`} columns={['Name', 'Email', 'Role', 'Status', '']}>
      {members.map((member) => (
        <tr key={member.userId}>
          <td className={`${bodyCell} font-medium text-slate-900`}>{member.name}</td>
          <td className={`${bodyCell} text-slate-700`}>
            <span className="break-all">{member.email}</span>
          </td>
          <td className={`${bodyCell} text-slate-700`}>{USER_TYPE_LABELS[member.userType]}</td>
          <td className={bodyCell}>
            <StatusBadges member={member} />
          </td>
          <td className={`${bodyCell} pr-5 text-right`}>
            <RemoveButton member={member} onRemove={onRemove} />
          </td>
        </tr>
      ))}
    </ListTable>
  );
}

function TeamCards({ members, onRemove }: RowsProps) {
  return (
    <ul aria-label="Team" className="divide-y divide-slate-100">
      {members.map((member) => (
        <li
          key={member.userId}
          className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-start sm:justify-between"
        >
          <div className="min-w-0 space-y-1">
            <p className="font-medium break-words text-slate-900">{member.name}</p>
            <p className="text-sm break-all text-slate-700">{member.email}</p>
            <p className="text-sm text-slate-600">{USER_TYPE_LABELS[member.userType]}</p>
            <StatusBadges member={member} />
          </div>
          {!member.self && (
            <div className="shrink-0">
              <RemoveButton member={member} onRemove={onRemove} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
