import type { DocumentDetail } from '@sentinel/shared';
import { Sparkles } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';

/**
 * The analysis state of a document (spec §4): 'AI Analyzed' once completed, 'Analyzing…' while
 * the background job runs, 'Analysis failed' with the reason, 'Not analyzed' otherwise.
 */
export function DocumentStatus({
  document,
  showReason = true,
}: {
  document: Pick<DocumentDetail, 'analysisStatus' | 'analysisError'>;
  showReason?: boolean;
}) {
  switch (document.analysisStatus) {
    case 'completed':
      return (
        <Badge tone="success" className="gap-1 whitespace-nowrap">
          <Sparkles aria-hidden="true" className="size-3" />
          AI Analyzed
        </Badge>
      );
    case 'pending':
      return (
        <Badge tone="info" className="gap-1 whitespace-nowrap">
          <Spinner className="size-3" />
          Analyzing…
        </Badge>
      );
    case 'failed':
      return (
        <span className="inline-flex flex-col items-start gap-1">
          <Badge tone="danger" className="whitespace-nowrap">
            Analysis failed
          </Badge>
          {showReason && document.analysisError && (
            <span className="text-xs break-words text-red-800">{document.analysisError}</span>
          )}
        </span>
      );
    default:
      return (
        <Badge tone="neutral" className="whitespace-nowrap">
          Not analyzed
        </Badge>
      );
  }
}
