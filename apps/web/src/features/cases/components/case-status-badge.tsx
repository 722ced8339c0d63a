import { Badge } from '@/components/ui/badge';
import { caseStatusLabel, caseStatusTone } from '../utils/format';

/** The case's status in its spec §4 colour. */
export function CaseStatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <Badge tone={caseStatusTone(status)} className={className}>
      {caseStatusLabel(status)}
    </Badge>
  );
}
