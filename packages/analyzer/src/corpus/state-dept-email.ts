import path from 'node:path';
import { packageDir } from '../package-dir';
import { loadTrainingFolder } from './training-folder';

/**
 * Real informal e-mail from a second source, for training only: messages that State Department
 * officials wrote, from the department's FOIA release of Secretary Clinton's e-mail (public
 * domain, 17 U.S.C. § 105). Written by src/cli/make-state-dept-emails.ts; training/state-dept-email
 * /README.md says how they were chosen. The type classifier learns from them as `correspondence`;
 * no figure is ever measured on them (the real corpus is what counts).
 */

export const STATE_DEPT_EMAIL_DIR = path.join(packageDir, 'training/state-dept-email');

export interface StateDeptEmail {
  /** The department's document number (C05765911): foia.state.gov finds the released PDF by it. */
  doc: string;
  /** The release folder of the WSJ's packaging (Clinton_Email_August_Release, HRCEmail_JuneWeb…). */
  release: string;
  /** Whether the top header block (From, Sent, To, Subject) was kept. */
  headers: boolean;
}

export const loadStateDeptEmails = () =>
  loadTrainingFolder<StateDeptEmail>(STATE_DEPT_EMAIL_DIR, (e) => e.doc);
