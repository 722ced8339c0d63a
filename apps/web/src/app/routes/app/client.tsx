import { useParams } from 'react-router';
import { ClientProfile } from '@/features/clients/components/client-profile';

/** /clients/:id (attorneys). */
export default function ClientRoute() {
  const { id = '' } = useParams();
  // Keyed by id: another client's page starts from its own state (dialogs closed, no errors).
  return <ClientProfile key={id} clientId={id} />;
}
