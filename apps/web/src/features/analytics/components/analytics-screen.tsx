import { ANALYTICS_PERIOD_LABELS, ANALYTICS_PERIODS, type AnalyticsPeriod } from '@sentinel/shared';
import { Download, Printer } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Options, Select } from '@/components/ui/select';
import { LoadingState } from '@/components/ui/spinner';
import { LoadError } from '@/components/ui/load-error';
import { errorMessage } from '@/lib/api-client';
import { formatDay } from '@/lib/format';
import { useExportAnalytics } from '../api/export-analytics';
import { useAnalytics } from '../api/get-analytics';
import { periodFromParam } from '../utils/period';
import { AnalyticsView } from './analytics-view';

/**
 * On paper, the report alone: the shell's sidebar and top bar and the screen's controls are left
 * out (the CSP allows inline styles; scripts stay 'self').
 */
const PRINT_CSS = `@media print {
  aside, header:has(~ #main-content), [data-print="hide"] { display: none !important; }
  #main-content { padding: 0 !important; }
  body { background: #fff !important; }
}`;

/** /analytics: Firm Analytics (spec §2, issue 13), for the period in `?period=`. */
export function AnalyticsScreen() {
  const [params, setParams] = useSearchParams();
  const period = periodFromParam(params.get('period'));
  const analytics = useAnalytics(period);
  const exporter = useExportAnalytics();
  const data = analytics.data;
  // Figures of another period stay on screen, dimmed, while the chosen one loads.
  const updating = analytics.isPlaceholderData;

  const choose = (next: AnalyticsPeriod) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.set('period', next);
        return copy;
      },
      { replace: true },
    );

  const exportReport = () => {
    if (!data || updating) return;
    exporter.mutate(
      { period, day: data.to },
      {
        onSuccess: () => toast.success('Report exported'),
        onError: (error) =>
          toast.error(errorMessage(error, 'The report could not be exported. Please try again.')),
      },
    );
  };

  return (
    <>
      <style>{PRINT_CSS}</style>
      <PageHeader
        title="Firm Analytics"
        description={
          data
            ? `${ANALYTICS_PERIOD_LABELS[data.period]}: ${data.from ? `${formatDay(data.from)} – ` : 'every case up to '}${formatDay(data.to)} (days in UTC).`
            : 'Performance across your firm’s cases.'
        }
        actions={
          <div data-print="hide" className="flex w-full flex-wrap items-end gap-2 sm:w-auto">
            <label className="flex min-w-40 flex-1 flex-col gap-1 text-sm font-medium text-slate-700 sm:flex-none">
              Period
              <Select value={period} onChange={(event) => choose(periodFromParam(event.target.value))}>
                <Options values={ANALYTICS_PERIODS} label={ANALYTICS_PERIOD_LABELS} />
              </Select>
            </label>
            <Button
              variant="secondary"
              onClick={exportReport}
              disabled={!data || updating}
              isLoading={exporter.isPending}
            >
              <Download aria-hidden="true" className="size-4" />
              Export Report
            </Button>
            <Button variant="secondary" onClick={() => window.print()} disabled={!data || updating}>
              <Printer aria-hidden="true" className="size-4" />
              Print
            </Button>
          </div>
        }
      />
      {analytics.isPending ? (
        <LoadingState label="Loading analytics..." />
      ) : !data ? (
        <LoadError
          error={analytics.error}
          fallback="The analytics could not be loaded. Please try again."
          onRetry={() => void analytics.refetch()}
          retrying={analytics.isFetching}
        />
      ) : (
        <div aria-busy={updating} className={updating ? 'opacity-60 transition-opacity' : undefined}>
          {updating && (
            <p role="status" className="sr-only">
              Loading {ANALYTICS_PERIOD_LABELS[period]}...
            </p>
          )}
          <AnalyticsView data={data} />
        </div>
      )}
    </>
  );
}
