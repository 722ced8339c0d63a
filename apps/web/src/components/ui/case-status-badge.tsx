import { CASE_STATUS_LABELS, type CaseStatus } from '@sentinel/shared';
import { Badge, type BadgeTone } from './badge';

/** Spec §4 "Display states": Active, Discovery, Negotiation, Settlement, Settled each have a colour; others grey. */
const STATUS_TONES: Record<CaseStatus, BadgeTone> = {
  active: 'success',
  discovery: 'info',
  negotiation: 'warning',
  settlement: 'accent',
  settled: 'brand',
};

/** A case's status in its colour (the case list, the case and client pages, the client dashboard). */
export function CaseStatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <Badge tone={STATUS_TONES[status as CaseStatus] ?? 'neutral'} className={className}>
      {CASE_STATUS_LABELS[status as CaseStatus] ?? status}
    </Badge>
  );
}
