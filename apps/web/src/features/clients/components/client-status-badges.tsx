import type { ClientSummary } from '@sentinel/shared';
import { clsx } from 'clsx';
import { Ban, MailWarning } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { CLIENT_STATUS_TONES, clientStatusLabel } from '../utils/labels';

/** The client's status (Active / Pending / Resolved) and, where they apply, Deactivated and Invitation pending. */
export function ClientStatusBadges({
  client,
  className,
}: {
  client: Pick<ClientSummary, 'status' | 'deactivated' | 'invitationPending'>;
  className?: string;
}) {
  return (
    <span className={clsx('flex flex-wrap items-center gap-1.5', className)}>
      <Badge tone={CLIENT_STATUS_TONES[client.status] ?? 'neutral'}>{clientStatusLabel(client.status)}</Badge>
      {client.deactivated && (
        <Badge tone="danger" className="gap-1">
          <Ban aria-hidden="true" className="size-3" />
          Deactivated
        </Badge>
      )}
      {client.invitationPending && !client.deactivated && (
        <Badge tone="brand" className="gap-1">
          <MailWarning aria-hidden="true" className="size-3" />
          Invitation pending
        </Badge>
      )}
    </span>
  );
}
