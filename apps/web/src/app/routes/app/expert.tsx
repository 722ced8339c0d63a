import { useParams } from 'react-router';
import { ExpertProfile } from '@/features/experts/components/expert-profile';

/** /experts/:id (attorneys): one expert's profile. */
export default function ExpertRoute() {
  const { id = '' } = useParams();
  // Keyed by id: another expert's page starts from its own state (dialogs closed, no errors).
  return <ExpertProfile key={id} expertId={id} />;
}
