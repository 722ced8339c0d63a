import { CASE_MEMBER_ROLE_LABELS, type CaseDetail } from '@sentinel/shared';
import { Mail, Users } from 'lucide-react';
import { Avatar } from '@/components/ui/avatar';
import { EmptyState } from '@/components/ui/empty-state';

interface TeamRow {
  key: string;
  name: string;
  role: string;
  email: string;
  you: boolean;
}

/** Who works on the case: the lead attorney, then the members with their roles (and the client for the team). */
export function teamOf(detail: CaseDetail, viewerId: string): TeamRow[] {
  const rows: TeamRow[] = [];
  if (detail.leadAttorney) {
    rows.push({
      key: `lead-${detail.leadAttorney.id}`,
      name: detail.leadAttorney.name,
      role: 'Lead Attorney',
      email: detail.leadAttorney.email,
      you: detail.leadAttorney.id === viewerId,
    });
  }
  for (const member of detail.members) {
    rows.push({
      key: `member-${member.userId}`,
      name: member.name,
      role: CASE_MEMBER_ROLE_LABELS[member.role] ?? member.role,
      email: member.email,
      you: member.userId === viewerId,
    });
  }
  // Team members also need to reach the property owner; the owner does not need to see themself.
  if (detail.client.id !== viewerId) {
    rows.push({
      key: `client-${detail.client.id}`,
      name: detail.client.name,
      role: 'Client (Property Owner)',
      email: detail.client.email,
      you: false,
    });
  }
  return rows;
}

export function CaseTeam({ detail, viewerId }: { detail: CaseDetail; viewerId: string }) {
  const team = teamOf(detail, viewerId);
  if (team.length === 0) {
    return (
      <EmptyState
        icon={Users}
        headingLevel="h3"
        title="No team members yet"
        description="Your attorney and case team will appear here as they are assigned."
      />
    );
  }
  return (
    <ul className="space-y-4">
      {team.map((person) => (
        <li key={person.key} className="flex items-start gap-3">
          <Avatar name={person.name} className="size-9" />
          <div className="min-w-0 flex-1">
            <p className="text-sm font-medium break-words text-slate-900">
              {person.name}
              {person.you && <span className="font-normal text-slate-600"> (you)</span>}
            </p>
            <p className="text-xs text-slate-600">{person.role}</p>
            {!person.you && (
              <a
                href={`mailto:${person.email}`}
                className="mt-0.5 inline-flex max-w-full items-center gap-1 text-xs font-medium break-all text-brand-700 hover:text-brand-800 hover:underline"
              >
                <Mail aria-hidden="true" className="size-3.5 shrink-0" />
                <span className="sr-only">E-mail {person.name}: </span>
                {person.email}
              </a>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
