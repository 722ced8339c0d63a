import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DocumentSubtype, DocumentType, KeyFieldValue } from '@sentinel/shared';
import { packageDir } from '../package-dir';

/**
 * The self-written insurance fixtures in `corpus/insurance` (declarations pages, estimates,
 * invoices, letters, pleadings): fictional, CC0, with their subtype and key fields as gold. They
 * exist because the real corpus has no estimates, invoices or declarations pages; they test the
 * rules and are never counted in an accuracy figure.
 */

export const insuranceFixturesDir = path.join(packageDir, 'corpus/insurance');

export interface InsuranceFixture {
  file: string;
  subtype: DocumentSubtype;
  type: DocumentType;
  key_fields: Array<Omit<KeyFieldValue, 'text'>>;
  text: string;
}

export function loadInsuranceFixtures(dir = insuranceFixturesDir): InsuranceFixture[] {
  const manifest = JSON.parse(readFileSync(path.join(dir, 'MANIFEST.json'), 'utf8')) as {
    files: Array<Omit<InsuranceFixture, 'text'>>;
  };
  return manifest.files.map((entry) => ({
    file: entry.file,
    subtype: entry.subtype,
    type: entry.type,
    key_fields: entry.key_fields,
    text: readFileSync(path.join(dir, entry.file), 'utf8'),
  }));
}
