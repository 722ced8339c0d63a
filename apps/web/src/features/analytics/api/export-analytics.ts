import type { AnalyticsPeriod } from '@sentinel/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/analytics/export.csv?period=…: the period's figures and top cases as CSV text. */
export const getAnalyticsCsv = (period: AnalyticsPeriod) =>
  api.get<string>(`/api/analytics/export.csv?period=${encodeURIComponent(period)}`);

/** Hands the browser a file to save (an object URL on a temporary link). */
export function saveFile(fileName: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the download has its bytes.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Export Report: downloads `sentinel-analytics-<period>-<day>.csv`, named as the server names it. */
export function useExportAnalytics() {
  return useMutation({
    mutationFn: async ({ period, day }: { period: AnalyticsPeriod; day: string }) => {
      const csv = await getAnalyticsCsv(period);
      // fetch's text() drops the byte order mark the server sends; spreadsheets need it for UTF-8.
      const text = csv.startsWith('\uFEFF') ? csv : `\uFEFF${csv}`;
      saveFile(`sentinel-analytics-${period}-${day}.csv`, text, 'text/csv;charset=utf-8');
    },
  });
}
