import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { packageDir } from '../package-dir';

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

export function loadCourtOpinions(): Array<CourtOpinion & { text: string; sha256: string }> {
  const manifest = JSON.parse(
    readFileSync(path.join(COURT_OPINIONS_DIR, 'MANIFEST.json'), 'utf8'),
  ) as CourtOpinion[];
  return manifest.map((entry) => {
    const text = readFileSync(path.join(COURT_OPINIONS_DIR, `${entry.id}.txt`), 'utf8');
    return { ...entry, text, sha256: createHash('sha256').update(text).digest('hex') };
  });
}
