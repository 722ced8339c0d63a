import path from 'node:path';
import { packageDir } from '../package-dir';
import { loadTrainingFolder } from './training-folder';

/**
 * Real court opinions and orders of courts other than the First Circuit, for training only
 * (public domain: the edicts of courts have no copyright). Written by
 * src/cli/make-court-opinions.ts; training/court-opinions/README.md says where they come from and
 * how they were chosen. The type classifier learns from them as `pleading`; no figure is ever
 * measured on them (the real corpus is what counts).
 */

export const COURT_OPINIONS_DIR = path.join(packageDir, 'training/court-opinions');

export interface CourtOpinion {
  /** The opinion's id in the source file (op_split004_B). */
  id: string;
  /** The court, read from the opinion's own heading (the source's `court` field is unreliable). */
  court: string;
  /** Characters kept: the opinion's opening, cut at a blank line near 6,000 characters. */
  chars: number;
}

export const loadCourtOpinions = () => loadTrainingFolder<CourtOpinion>(COURT_OPINIONS_DIR, (o) => o.id);
