import { NEGOTIATION_MESSAGES, type AmountKind, type NegotiationDetail } from '@sentinel/shared';
import { FileText } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { formatDollars, humanize } from '@/lib/format';
import { useUpdateNegotiation } from '../api/update-negotiation';

const BASIS_TEXT = {
  proof_of_loss: 'The latest proof of loss (a claimed amount) on the case.',
  estimates: 'The estimates on the case added up: each document’s largest estimate amount.',
} as const;

const kindLabel = (kind: AmountKind) => (kind === 'claim' ? 'Claimed amount' : humanize(kind));

/**
 * Beyond the spec: a target grounded in the case's analysed documents, each cited with the amount
 * and the words it was read from. The attorney may accept it as the target.
 */
export function SuggestedTarget({ negotiation }: { negotiation: NegotiationDetail }) {
  const update = useUpdateNegotiation(negotiation.id);
  const [error, setError] = useState<string | null>(null);
  const suggestion = negotiation.suggestion;

  const accept = async () => {
    if (!suggestion) return;
    setError(null);
    try {
      await update.mutateAsync({ acceptSuggestion: { amount: suggestion.amount } });
      toast.success(NEGOTIATION_MESSAGES.targetAccepted);
    } catch (failure) {
      setError(errorMessage(failure, 'The target could not be set. Please try again.'));
    }
  };

  const isCurrent =
    suggestion !== null &&
    negotiation.targetSettlement !== null &&
    Math.round(suggestion.amount * 100) === Math.round(negotiation.targetSettlement * 100);

  return (
    <Card
      title="Suggested target"
      description="From the case’s analysed documents that you can see."
      headingLevel="h2"
    >
      {error && (
        <Alert tone="error" className="mb-4">
          {error}
        </Alert>
      )}
      {!suggestion ? (
        <p className="text-sm text-slate-700">
          {negotiation.analysedDocuments === 0
            ? 'No document of this case has been analysed yet. Analyse a repair estimate or a proof of loss to get a suggested target.'
            : `None of the ${negotiation.analysedDocuments} analysed documents of this case states an estimate or a claimed amount.`}
        </p>
      ) : (
        <div className="space-y-4 text-sm">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div>
              <p className="text-2xl font-semibold text-slate-900">{formatDollars(suggestion.amount)}</p>
              <p className="text-slate-600">{BASIS_TEXT[suggestion.basis]}</p>
            </div>
            {isCurrent ? (
              <p className="text-slate-700">This is the current target.</p>
            ) : (
              <Button
                onClick={() => void accept()}
                isLoading={update.isPending}
                disabled={negotiation.status !== 'open'}
              >
                Use as target
              </Button>
            )}
          </div>
          <ul aria-label="Documents cited" className="space-y-2">
            {suggestion.citations.map((citation) => (
              <li key={citation.documentId} className="flex gap-3 rounded-lg border border-slate-200 p-3">
                <FileText aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
                <div className="min-w-0">
                  <p className="font-medium break-words text-slate-900">{citation.fileName}</p>
                  <p className="text-slate-700">
                    {kindLabel(citation.kind)}: {formatDollars(citation.amount)}
                    {citation.superseded && (
                      <span className="text-slate-600"> · superseded by a later one, not counted</span>
                    )}
                  </p>
                  <blockquote className="mt-1 border-l-2 border-slate-200 pl-2 break-words text-slate-600">
                    “{citation.text}”
                  </blockquote>
                </div>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Card>
  );
}
