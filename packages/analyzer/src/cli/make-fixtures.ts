/**
 * npm run fixtures -w packages/analyzer
 * Writes the binary fixtures of corpus/fixtures (PDFs, the scanned page, .docx, .zip, .doc) from
 * text; see src/fixtures/fixtures.ts for how each is made.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FIXTURES, fixturesDir } from '../fixtures/fixtures';

mkdirSync(fixturesDir, { recursive: true });
for (const fixture of FIXTURES) {
  const bytes = await fixture.make();
  writeFileSync(path.join(fixturesDir, fixture.file), bytes);
  console.log(`${fixture.file.padEnd(24)} ${String(bytes.length).padStart(8)} bytes  ${fixture.description}`);
}
