import { AiAnalysisPage } from '@/features/documents/components/ai-analysis-page';

/** /documents/aiAnalysis. */
export default function AiAnalysisRoute() {
  return <AiAnalysisPage />;
}
