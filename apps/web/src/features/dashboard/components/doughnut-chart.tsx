import { CASE_TYPE_LABELS, type CaseType } from '@sentinel/shared';
import { formatCount } from '@/lib/format';
import { ShareDoughnut } from '@/components/charts/share-doughnut';

/** One colour per case type: text-safe shades, told apart in the legend by name and figure too. */
const COLOURS: Record<CaseType, { stroke: string; swatch: string }> = {
  'property-damage': { stroke: 'stroke-brand-700', swatch: 'bg-brand-700' },
  'insurance-dispute': { stroke: 'stroke-emerald-600', swatch: 'bg-emerald-600' },
  'personal-injury': { stroke: 'stroke-amber-500', swatch: 'bg-amber-500' },
  'commercial-property': { stroke: 'stroke-violet-600', swatch: 'bg-violet-600' },
  other: { stroke: 'stroke-slate-400', swatch: 'bg-slate-400' },
};

/**
 * 'Case Types Distribution': the shared SVG doughnut (components/charts) with the total in the
 * middle and a legend that carries every figure in text.
 */
export function DoughnutChart({ caseTypes }: { caseTypes: Array<{ caseType: CaseType; count: number }> }) {
  const total = caseTypes.reduce((sum, row) => sum + row.count, 0);
  const noun = total === 1 ? 'case' : 'cases';
  return (
    <ShareDoughnut
      caption={`Case Types Distribution: ${formatCount(total)} ${noun} by type`}
      columns={['Case type', 'Cases']}
      centre={formatCount(total)}
      centreNote={noun}
      segments={caseTypes.map((row) => ({
        key: row.caseType,
        label: CASE_TYPE_LABELS[row.caseType],
        count: row.count,
        ...COLOURS[row.caseType],
      }))}
    />
  );
}
