import { Badge } from '@/components/ui/badge';
import { availabilityBadgeTone } from '../utils/availability';

/** The expert's availability in spec §4's colour: Available green, Busy… yellow, otherwise red. */
export function AvailabilityBadge({ availability }: { availability: string }) {
  return <Badge tone={availabilityBadgeTone(availability)}>{availability}</Badge>;
}
