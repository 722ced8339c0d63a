import { useParams } from 'react-router';
import { CasePage } from '@/features/cases/components/case-page';

/** /cases/:id (everyone; the server answers 404 for a case the user may not see). */
export default function CaseRoute() {
  const { id = '' } = useParams();
  // Keyed by id: another case's page starts from its own state (dialogs closed, first tab).
  return <CasePage key={id} caseId={id} />;
}
