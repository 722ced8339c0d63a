/**
 * npx tsx packages/analyzer/src/cli/make-court-opinions.ts <validation_opinions.json> [count]
 * Writes training/court-opinions (README there): the openings of real opinions and orders of
 * courts other than the First Circuit, as `pleading` the type classifier trains on and is never
 * scored on. The real corpus' opinions are all First Circuit but one, so without these a fold that
 * tests the First Circuit group trains on a single real opinion.
 *
 * <validation_opinions.json> is `data/raw/validation_opinions.json` of
 * github.com/kritiat16/tad-judicial-opinions (commit 2bd067a): CourtListener's `plain_text` of 58
 * opinions. Kept: at least 3,000 characters, no First Circuit in the first 3,000, and not a separate
 * concurrence or dissent (the word in the first 400 characters). Chosen by the SHA-256 of
 * `sentinel-opinions-2026-11-29:<id>` (a salt fixed before the choice), so a rerun writes the same
 * files. Each keeps its opening up to a blank line near 6,000 characters (a first upload's pages).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { COURT_OPINIONS_DIR, type CourtOpinion } from '../corpus/court-opinions';
import { writeTrainingFolder } from '../corpus/training-folder';

const [sourceFile, countArg] = process.argv.slice(2);
if (!sourceFile) {
  console.error('usage: make-court-opinions.ts <data/raw/validation_opinions.json> [count]');
  process.exit(2);
}
const COUNT = Number(countArg ?? 20);
const SALT = 'sentinel-opinions-2026-11-29';
const MAX_CHARS = 6000;

/**
 * The court of each opinion the choice can reach, read by hand from its heading or citations: the
 * source's `court` field is a placeholder (an Ohio district court's order is filed under `ca1`).
 * A chosen opinion missing here stops the script, so none is written without being read.
 */
const COURTS: Record<string, string> = {
  op_split027_B: 'United States Court of Appeals for the Eighth Circuit',
  op_split011_A: 'United States District Court for the District of New Jersey',
  op_split005_B: 'United States Court of Appeals for the Ninth Circuit',
  op_split029_A: 'United States Court of Appeals for the Second Circuit',
  op_split026_B: 'United States Court of Appeals for the Tenth Circuit',
  op_split016_A: 'Court of Appeals of Virginia',
  op_split001_A: 'United States District Court for the Western District of Washington',
  op_split009_A: 'United States District Court for the Southern District of Florida',
  op_split014_B: 'Supreme Court of Washington',
  op_split017_B: 'United States Court of Appeals for the Seventh Circuit',
  op_split020_B: 'United States Court of Appeals for the Seventh Circuit',
  op_split026_A: 'United States Court of Appeals for the Ninth Circuit',
  op_split019_A: 'Court of Appeals of Indiana',
  op_split004_A: 'United States District Court for the District of South Dakota',
  op_split012_A: 'United States District Court for the District of New Mexico',
  op_split021_A: 'Court of Appeals of Indiana',
  op_split029_B: 'United States Court of Appeals for the Ninth Circuit',
  op_split016_B: 'United States Court of Appeals for the Second Circuit',
  op_split018_B: 'United States Court of Appeals for the Fifth Circuit',
  op_split011_B: 'United States Court of Appeals for the Ninth Circuit',
};

interface SourceOpinion {
  id: string;
  plain_text: string;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Lines without trailing blanks, at most one empty line in a row. */
const tidy = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** The opening up to the last blank line (or else line break) before MAX_CHARS. */
function opening(text: string): string {
  if (text.length <= MAX_CHARS) return text;
  const head = text.slice(0, MAX_CHARS);
  const paragraph = head.lastIndexOf('\n\n');
  const cut = paragraph >= MAX_CHARS / 2 ? paragraph : head.lastIndexOf('\n');
  return head.slice(0, cut > 0 ? cut : MAX_CHARS).trimEnd();
}

const source = JSON.parse(readFileSync(sourceFile, 'utf8')) as SourceOpinion[];
const candidates = source
  .filter(
    (o) =>
      o.plain_text.length >= 3000 &&
      !/first circuit/i.test(o.plain_text.slice(0, 3000)) &&
      !/concurring|dissenting/i.test(o.plain_text.slice(0, 400)),
  )
  .map((o) => ({ key: sha256(`${SALT}:${o.id}`), ...o }))
  .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

const chosen = candidates.slice(0, COUNT).map((o) => {
  const court = COURTS[o.id];
  if (!court) throw new Error(`${o.id} was chosen but its court has not been read: add it to COURTS`);
  const text = opening(tidy(o.plain_text));
  const entry: CourtOpinion = { id: o.id, court, chars: text.length };
  return { entry, text };
});

writeTrainingFolder(COURT_OPINIONS_DIR, chosen, (o) => o.id);
console.log(`${candidates.length} candidates, wrote ${chosen.length} to ${COURT_OPINIONS_DIR}`);
