import { availabilityTone, type AvailabilityTone } from '@sentinel/shared';
import type { BadgeTone } from '@/components/ui/badge';

const BADGE_TONE: Record<AvailabilityTone, BadgeTone> = {
  green: 'success',
  yellow: 'warning',
  red: 'danger',
};

/** Spec §4's availability colour (shared rule) as the UI kit's badge tone. */
export const availabilityBadgeTone = (availability: string): BadgeTone =>
  BADGE_TONE[availabilityTone(availability)];
