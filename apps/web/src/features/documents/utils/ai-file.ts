import { AI_UPLOAD_MAX_BYTES, MESSAGES } from '@sentinel/shared';
import { extensionOf } from './format';

/**
 * What is wrong with a file for the AI upload (spec §5), or null: at most 20 MB, and a PDF by
 * both its extension and the type the browser reports (an empty type is left to the server,
 * which reads the bytes).
 */
export function aiFileProblem(file: Pick<File, 'name' | 'size' | 'type'>): string | null {
  if (file.size > AI_UPLOAD_MAX_BYTES) return MESSAGES.aiFileTooLarge;
  const pdf = extensionOf(file.name) === 'pdf' && (file.type === '' || file.type === 'application/pdf');
  return pdf ? null : MESSAGES.aiPdfOnly;
}
