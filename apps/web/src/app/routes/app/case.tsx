import { useParams } from 'react-router';
import { CasePage } from '@/features/cases/components/case-page';
import type { CaseTab } from '@/features/cases/types';
import { CaseEvents } from '@/features/calendar/components/case-events';
import { CaseDeadlines } from '@/features/deadlines/components/case-deadlines';
import { CaseDocuments } from '@/features/documents/components/case-documents';
import { CaseTimeline } from '@/features/timeline/components/case-timeline';
import { CaseNegotiation } from '@/features/negotiations/components/case-negotiation';
import { getSessionSnapshot } from '@/lib/session-store';

/** Tabs other features add to the case page (features do not import each other; app/ composes). */
const EXTRA_TABS: CaseTab[] = [
  {
    value: 'documents',
    label: 'Documents',
    render: ({ detail, canManage }) => (
      <CaseDocuments
        caseId={detail.id}
        caseLabel={`${detail.caseNumber} · ${detail.title}`}
        canShare={canManage}
      />
    ),
  },
  {
    value: 'deadlines',
    label: 'Deadlines',
    // The case's team reads them (attorneys change them); a client reads their duties elsewhere.
    visible: () => getSessionSnapshot()?.userType !== 'client',
    render: ({ detail }) => <CaseDeadlines caseId={detail.id} />,
  },
  { value: 'events', label: 'Events', render: ({ detail }) => <CaseEvents caseId={detail.id} /> },
  // Everyone who sees the case reads its stages; attorneys change them (the server says who).
  { value: 'timeline', label: 'Timeline', render: ({ detail }) => <CaseTimeline caseId={detail.id} /> },
  // Attorneys only (the negotiation routes are theirs).
  {
    value: 'negotiation',
    label: 'Negotiation',
    visible: ({ canManage }) => canManage,
    render: ({ detail }) => <CaseNegotiation caseId={detail.id} />,
  },
];

/** /cases/:id (everyone; the server answers 404 for a case the user may not see). */
export default function CaseRoute() {
  const { id = '' } = useParams();
  // Keyed by id: another case's page starts from its own state (dialogs closed, first tab).
  return <CasePage key={id} caseId={id} extraTabs={EXTRA_TABS} />;
}
