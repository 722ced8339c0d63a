import { NegotiationList } from '@/features/negotiations/components/negotiation-list';

/** /negotiations (attorneys): Active Negotiations. */
export default function NegotiationsRoute() {
  return <NegotiationList />;
}
