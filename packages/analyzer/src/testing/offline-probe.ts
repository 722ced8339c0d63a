/**
 * Run by analyze.test.ts inside a network namespace with no network (`unshare -rn`): analyses a
 * text PDF and the scanned PDF (OCR) and prints what it found, to show nothing needs the network.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { analyzeDocument, shutdownOcr } from '../index';
import { fixturesDir } from '../fixtures/fixtures';

const results = [];
for (const file of ['complaint-3-pages.pdf', 'scanned-letter.pdf']) {
  const analysis = await analyzeDocument({
    bytes: readFileSync(path.join(fixturesDir, file)),
    contentType: 'application/pdf',
    fileName: file,
  });
  results.push({
    file,
    type: analysis.document_metadata.document_type,
    ocrPages: analysis.document_metadata.ocr_pages,
    persons: analysis.entities.persons.map((p) => p.name),
  });
}
await shutdownOcr();
console.log(JSON.stringify(results));
