/**
 * npx tsx packages/analyzer/src/cli/evaluate-entities.ts [--only dev] [--corpus <dir>] [--errors dev|test|all] [--json <file>]
 * Scores the entity rules against the real corpus' labels (evaluate-real.ts) on the development
 * half, the test half and all of it, and prints precision and recall per entity. `--errors dev`
 * lists each development document's errors: tune the rules on those, never on the test half's.
 * `--only dev` scores the development half alone, so tuning never even prints a test figure.
 * `--corpus <dir>` scores every document of another folder in the corpus' format (a fresh set of
 * documents from the same sources, such as evaluation/fresh-opinions); `--errors all` lists its
 * errors (never those of a held-out set, evaluation/fresh-opinions-2: its figure is only honest
 * while nobody tunes on them). The test half is also scored with the persons the labels miss added
 * (corpus/real-errata.ts), and the fresh opinions' persons are scored beside it.
 */
import { writeFileSync } from 'node:fs';
import { FRESH_OPINION_SETS, loadRealCorpus, realCorpusDir } from '../corpus/real';
import { PERSON_ERRATA, withPersonErrata } from '../corpus/real-errata';
import {
  REAL_ENTITIES,
  evaluateRealEntities,
  realEntityFigures,
  realEntitySplit,
  realPrecision,
  realRecall,
  type RealDocumentErrors,
  type RealScores,
} from '../evaluate-real';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};

const pct = (n: number) => `${(n * 100).toFixed(1)} %`;
function print(name: string, documents: number, scores: RealScores) {
  console.log(`${name.toUpperCase()} (${documents} documents)`);
  for (const entity of REAL_ENTITIES) {
    const c = scores[entity];
    console.log(
      `  ${entity.padEnd(8)} precision ${pct(realPrecision(c)).padStart(7)} (${c.correctPredicted}/${c.predicted})` +
        `  recall ${pct(realRecall(c)).padStart(7)} (${c.found}/${c.gold})`,
    );
  }
}

const corpus = option('--corpus');
if (!corpus && !realCorpusDir()) {
  console.error('The real corpus is not on this machine (set SENTINEL_REAL_CORPUS).');
  process.exit(1);
}
const started = performance.now();
const listed = option('--errors');
let errors: RealDocumentErrors[] = [];
if (corpus || option('--only') === 'dev') {
  const docs = corpus ? loadRealCorpus(corpus) : realEntitySplit(loadRealCorpus()).dev;
  const result = evaluateRealEntities(docs);
  print(corpus ? 'all' : 'dev', result.documents, result.scores);
  if (listed) errors = result.errors;
} else {
  const result = realEntityFigures(loadRealCorpus());
  for (const [half, f] of Object.entries(result.figures)) print(half, f.documents, f);
  const corrected = realEntityFigures(withPersonErrata(loadRealCorpus())).figures.test;
  console.log(`TEST, labels with the ${PERSON_ERRATA.length} person errata of src/corpus/real-errata.ts`);
  print('test', corrected.documents, corrected);
  for (const set of FRESH_OPINION_SETS) {
    const fresh = evaluateRealEntities(loadRealCorpus(set.dir));
    const p = fresh.scores.persons;
    console.log(
      `${set.name.toUpperCase()} (${fresh.documents} documents, evaluation/${set.name}, persons only` +
        `${set.heldOut ? ', held out' : ''})\n` +
        `  persons  precision ${pct(realPrecision(p)).padStart(7)} (${p.correctPredicted}/${p.predicted})` +
        `  recall ${pct(realRecall(p)).padStart(7)} (${p.found}/${p.gold})`,
    );
  }
  if (listed === 'dev' || listed === 'test') errors = result.errors[listed];
  const json = option('--json');
  if (json) writeFileSync(json, `${JSON.stringify(result.figures, null, 2)}\n`);
}
console.log(`${((performance.now() - started) / 1000).toFixed(1)} s`);

for (const e of errors) {
  console.log(`\n${e.id}`);
  for (const fp of e.falsePositives) console.log(`  + ${fp}`);
  for (const m of e.missed) console.log(`  - ${m}`);
}
