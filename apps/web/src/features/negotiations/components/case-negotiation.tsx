import { NEGOTIATION_MESSAGES, NEGOTIATION_STATUS_LABELS } from '@sentinel/shared';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { LoadingState } from '@/components/ui/spinner';
import { negotiationPath } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useCaseNegotiation } from '../api/get-case-negotiation';
import { useStartNegotiation } from '../api/start-negotiation';

/** The case page's Negotiation tab (attorneys): a link to the case's negotiation, or a way to start one. */
export function CaseNegotiation({ caseId }: { caseId: string }) {
  const query = useCaseNegotiation(caseId);
  const start = useStartNegotiation();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);

  const begin = async () => {
    setError(null);
    try {
      const answer = await start.mutateAsync({ caseId });
      toast.success(NEGOTIATION_MESSAGES.started);
      void navigate(negotiationPath(answer.data.id));
    } catch (failure) {
      setError(errorMessage(failure, 'The negotiation could not be started. Please try again.'));
    }
  };

  return (
    <Card title="Negotiation" description="Demands, the carrier’s offers and the target for this case.">
      {query.isPending ? (
        <LoadingState label="Loading negotiation..." />
      ) : !query.data ? (
        <LoadError
          error={query.error}
          fallback="The negotiation could not be loaded."
          onRetry={() => void query.refetch()}
        />
      ) : query.data.data ? (
        <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
          <p className="text-slate-700">Status: {NEGOTIATION_STATUS_LABELS[query.data.data.status]}</p>
          <Link to={negotiationPath(query.data.data.id)} className={buttonClasses({ size: 'sm' })}>
            Open negotiation
          </Link>
        </div>
      ) : (
        <div className="space-y-3 text-sm">
          {error && <Alert tone="error">{error}</Alert>}
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-slate-700">No negotiation has been started for this case.</p>
            <Button size="sm" onClick={() => void begin()} isLoading={start.isPending}>
              Start negotiation
            </Button>
          </div>
        </div>
      )}
    </Card>
  );
}
