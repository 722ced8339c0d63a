import { CaseList } from '@/features/cases/components/case-list';

/** /cases (attorneys). */
export default function CasesRoute() {
  return <CaseList />;
}
