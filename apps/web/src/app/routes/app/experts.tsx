import { ExpertDirectory } from '@/features/experts/components/expert-directory';

/** /experts (attorneys): the firm's Expert Witness Directory. */
export default function ExpertsRoute() {
  return <ExpertDirectory />;
}
