import type { CaseStatus } from '@sentinel/shared';
import type { BadgeTone } from '@/components/ui/badge';

/** Spec §4 "Display states": each case status has its own colour. */
export const CASE_STATUS_TONES: Record<CaseStatus, BadgeTone> = {
  active: 'success',
  discovery: 'info',
  negotiation: 'warning',
  settlement: 'accent',
  settled: 'brand',
};
