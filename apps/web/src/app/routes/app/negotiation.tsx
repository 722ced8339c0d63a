import { useParams } from 'react-router';
import { NegotiationDetail } from '@/features/negotiations/components/negotiation-detail';

/** /negotiations/:id (attorneys): one negotiation's Details. */
export default function NegotiationRoute() {
  const { id = '' } = useParams();
  // Keyed by id: another negotiation starts from its own state (dialogs closed, no errors).
  return <NegotiationDetail key={id} negotiationId={id} />;
}
