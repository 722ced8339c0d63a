import { WorkflowsScreen } from '@/features/workflows/components/workflows-screen';

/** /workflows: Workflow Automation (issue 13; attorneys). */
export default function WorkflowsRoute() {
  return <WorkflowsScreen />;
}
