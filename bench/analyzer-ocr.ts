/**
 * The analyzer's OCR path on degraded scans of real documents, against its text path on the same
 * text: type accuracy, entity recall and seconds per page, on one core.
 *
 *   npm run bench:analyzer-ocr [-- --docs 30]
 *
 * A stratified sample of the real corpus (../shared/corpus/real, the same number of documents of
 * each class, chosen by the hash of their text) is cut to its first page — about 2,500 characters,
 * wrapped at 90 and at most 50 lines, as the text PDF writer lays a page out — and that page is
 * both analysed as text (the text path) and printed to a text PDF, "scanned" at 150 and at 100
 * dpi (src/fixtures/degrade.ts: skew, blur, noise, specks, JPEG in an image-only PDF) and analysed
 * as the product analyses an upload (the OCR path: pdf.js renders the image, tesseract.js reads
 * it). The renders live in memory only: corpus texts are never written to disk here.
 *
 * Entity recall counts the labelled entities that are on the page, taking "on the page" as "the
 * text path found it there": the reference of a document is the set of its gold persons, dates
 * and amounts that the text path's analysis of the page matches (persons by name, dates by ISO
 * date, amounts to the cent; names as src/evaluate-real.ts matches them), and OCR recall is the
 * share of that reference the OCR path's analysis also matches. It is the loss due to the scan
 * alone. Precision is scored as the real corpus' entity figures are (src/evaluate-real.ts), against
 * the whole document's labels.
 *
 * Type accuracy is given twice. The committed model was trained on every real document, these
 * included, so its figure is in-sample; "held-out" classifies each page with the model of the
 * grouped cross-validation fold that left the document's source out (classify/cross-validate.ts),
 * as a document from an unseen source would be.
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DOCUMENT_TYPES, type DocumentAnalysis, type DocumentType } from '@sentinel/shared';
import { analyzeExtracted, classifyText, extractText, shutdownOcr, warmUp } from '../packages/analyzer/src';
import { OUTER_FOLDS } from '../packages/analyzer/src/classify/cross-validate';
import { groupedFolds } from '../packages/analyzer/src/classify/folds';
import { scorer, type Scorer } from '../packages/analyzer/src/classify/logistic';
import { featurise, fitClassifier, trainingTexts } from '../packages/analyzer/src/classify/train';
import { loadRealCorpus, type RealDocument } from '../packages/analyzer/src/corpus/real';
import { personKey, samePerson, scoreRealEntities } from '../packages/analyzer/src/evaluate-real';
import { degradedScan, type Degradation } from '../packages/analyzer/src/fixtures/degrade';
import { wrapText, writePdf } from '../packages/analyzer/src/fixtures/pdf-writer';
import { loadLine, machine, percentile, printTable, repoRoot, runMain, writeResult } from './lib';

// Run on one core: re-run under `taskset -c 0` unless already pinned (or taskset is missing).
if (!process.env.BENCH_PINNED && os.cpus().length > 1 && spawnSync('taskset', ['-V']).status === 0) {
  const child = spawnSync(
    'taskset',
    ['-c', '0', process.execPath, ...process.execArgv, ...process.argv.slice(1)],
    { stdio: 'inherit', env: { ...process.env, BENCH_PINNED: '1' } },
  );
  process.exit(child.status ?? 1);
}

const { values } = parseArgs({ options: { docs: { type: 'string', default: '30' } } });
const docCount = Math.max(DOCUMENT_TYPES.length, Number(values.docs));

const PAGE_CHARS = 2_500;
const PAGE_LINES = 50;

/** The two scans: an ordinary office scanner and a poor one (or a fax). Skew varies per page. */
const CONDITIONS: Array<{ name: string; scan: Omit<Degradation, 'angle' | 'seed'> }> = [
  { name: '150 dpi', scan: { dpi: 150, noise: 10, speckle: 0.001, blur: 0.4, jpegQuality: 75 } },
  { name: '100 dpi', scan: { dpi: 100, noise: 14, speckle: 0.002, blur: 0.5, jpegQuality: 60 } },
];

/** For each real document, the classifier of the grouped cross-validation fold that left its source out. */
function heldOutScorers(): Map<string, Scorer> {
  const byId = new Map<string, Scorer>();
  for (const { train, test } of groupedFolds(featurise(trainingTexts()), OUTER_FOLDS)) {
    const s = scorer(fitClassifier(train));
    for (const d of test) byId.set(d.id, s);
  }
  return byId;
}

/** `perClass` documents of each class, in the order of their text's hash, at most 2 per source. */
function sample(docs: RealDocument[], count: number): RealDocument[] {
  const perClass = Math.ceil(count / DOCUMENT_TYPES.length);
  return DOCUMENT_TYPES.flatMap((type) => {
    const taken: RealDocument[] = [];
    const perGroup = new Map<string, number>();
    for (const doc of docs.filter((d) => d.label === type).sort((a, b) => a.sha256.localeCompare(b.sha256))) {
      if (taken.length === perClass) break;
      if ((perGroup.get(doc.group) ?? 0) >= 2) continue;
      perGroup.set(doc.group, (perGroup.get(doc.group) ?? 0) + 1);
      taken.push(doc);
    }
    return taken;
  }).slice(0, count);
}

/** The first page: the first ~2,500 characters, wrapped as the PDF writer wraps, at most 50 lines. */
function firstPage(text: string): string[] {
  const cut =
    text.length > PAGE_CHARS ? text.slice(0, text.lastIndexOf(' ', PAGE_CHARS) + 1 || PAGE_CHARS) : text;
  return wrapText(cut).slice(0, PAGE_LINES);
}

type Kind = 'persons' | 'dates' | 'amounts';
const KINDS: Kind[] = ['persons', 'dates', 'amounts'];

/** Whether the analysis has an entity matching the gold one. */
function finds(analysis: DocumentAnalysis, kind: Kind, gold: string | number): boolean {
  const { persons, dates, amounts } = analysis.entities;
  if (kind === 'persons')
    return persons.some((p) => samePerson(personKey(p.name), personKey(gold as string)));
  if (kind === 'dates') return dates.some((d) => d.date === gold);
  return amounts.some((a) => a.value.toFixed(2) === (gold as number).toFixed(2));
}

/** The analysis' entities scored as the real corpus' figures score them (src/evaluate-real.ts). */
function precisionCounts(analysis: DocumentAnalysis, doc: RealDocument): PathResult['precision'] {
  const scores = {
    persons: { predicted: 0, gold: 0, correctPredicted: 0, found: 0 },
    dates: { predicted: 0, gold: 0, correctPredicted: 0, found: 0 },
    amounts: { predicted: 0, gold: 0, correctPredicted: 0, found: 0 },
  };
  scoreRealEntities(analysis.entities, doc, scores);
  return Object.fromEntries(
    KINDS.map((k) => [k, { predicted: scores[k].predicted, correct: scores[k].correctPredicted }]),
  ) as PathResult['precision'];
}

const text = (page: string) => ({ text: page, format: 'text' as const, pageCount: 1, ocrPages: 0 });
const pct = (n: number, d: number) => (d === 0 ? 'n/a' : `${((100 * n) / d).toFixed(1)} %`);
const ratio = (n: number, d: number) => (d === 0 ? null : Number((n / d).toFixed(3)));
const sec = (ms: number) => Number((ms / 1000).toFixed(2));

/** Share of the page's words (letters and digits, lower case) that the OCR text has, as a multiset. */
function wordRecall(truth: string, ocr: string): { found: number; total: number } {
  const words = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const bag = new Map<string, number>();
  for (const w of words(ocr)) bag.set(w, (bag.get(w) ?? 0) + 1);
  let found = 0;
  const all = words(truth);
  for (const w of all) {
    const n = bag.get(w) ?? 0;
    if (n > 0) {
      found++;
      bag.set(w, n - 1);
    }
  }
  return { found, total: all.length };
}

interface PathResult {
  type: DocumentType;
  /** The type given by the model trained without the document's source group. */
  heldOutType: DocumentType;
  confidence: number;
  recall: Record<Kind, { found: number; reference: number }>;
  precision: Record<Kind, { predicted: number; correct: number }>;
}

async function main(): Promise<number> {
  const before = machine();
  const docs = sample(loadRealCorpus(), docCount);
  const fileName = 'scan.pdf'; // neutral: the file name does not hint at a type

  const [trainMs, heldOut] = await timed(async () => heldOutScorers());
  const [warmMs] = await timed(() => warmUp({ ocr: true }));
  const rows: Array<{
    id: string;
    label: DocumentType;
    group: string;
    chars: number;
    text: PathResult;
    ocr: Record<string, PathResult & { seconds: number; words: { found: number; total: number } }>;
  }> = [];

  for (const [i, doc] of docs.entries()) {
    const lines = firstPage(doc.text);
    const page = lines.join('\n');
    const textAnalysis = analyzeExtracted(text(page), { fileName });
    const reference = Object.fromEntries(
      KINDS.map((kind) => [
        kind,
        (doc.gold[kind] as Array<string | number>).filter((g) => finds(textAnalysis, kind, g)),
      ]),
    ) as Record<Kind, Array<string | number>>;
    const score = (analysis: DocumentAnalysis, text: string): PathResult => ({
      type: analysis.document_metadata.document_type,
      heldOutType: classifyText(text, undefined, heldOut.get(doc.id)).type,
      confidence: analysis.document_metadata.confidence,
      recall: Object.fromEntries(
        KINDS.map((k) => [
          k,
          {
            found: new Set(reference[k].filter((g) => finds(analysis, k, g))).size,
            reference: new Set(reference[k]).size,
          },
        ]),
      ) as PathResult['recall'],
      precision: precisionCounts(analysis, doc),
    });

    const pdf = writePdf([{ kind: 'text', lines }]);
    const ocr: (typeof rows)[number]['ocr'] = {};
    for (const [c, condition] of CONDITIONS.entries()) {
      const seed = Number.parseInt(doc.sha256.slice(0, 8), 16) + c;
      // Skew between 0.5° and 2°, either way, from the seed.
      const angle = (0.5 + (seed % 151) / 100) * (seed % 2 ? 1 : -1);
      const scan = await degradedScan(pdf, { ...condition.scan, angle, seed });
      const input = { bytes: scan.pdf, contentType: 'application/pdf', fileName };
      const [ms, analysis] = await timed(async () => {
        const extracted = await extractText(input);
        if (extracted.ocrPages !== 1)
          throw new Error(`${doc.id}: expected one OCR page, got ${extracted.ocrPages}`);
        return { extracted, analysis: analyzeExtracted(extracted, input) };
      });
      ocr[condition.name] = {
        ...score(analysis.analysis, analysis.extracted.text),
        seconds: ms / 1000,
        words: wordRecall(page, analysis.extracted.text),
      };
    }
    rows.push({
      id: doc.id,
      label: doc.label,
      group: doc.group,
      chars: page.length,
      text: score(textAnalysis, page),
      ocr,
    });
    process.stdout.write(`\r${i + 1}/${docs.length} documents`);
  }
  process.stdout.write('\n');
  await shutdownOcr();
  const after = machine();

  const paths: Array<{ name: string; get: (r: (typeof rows)[number]) => PathResult }> = [
    { name: 'text', get: (r) => r.text },
    ...CONDITIONS.map((c) => ({ name: `OCR ${c.name}`, get: (r: (typeof rows)[number]) => r.ocr[c.name]! })),
  ];
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const summary = paths.map(({ name, get }) => {
    const results = rows.map(get);
    const correct = rows.filter((r) => get(r).type === r.label).length;
    const heldOutCorrect = rows.filter((r) => get(r).heldOutType === r.label).length;
    const sameAsText = rows.filter((r) => get(r).type === r.text.type).length;
    const entity = (k: Kind) => {
      const found = sum(results.map((x) => x.recall[k].found));
      const reference = sum(results.map((x) => x.recall[k].reference));
      const predicted = sum(results.map((x) => x.precision[k].predicted));
      const right = sum(results.map((x) => x.precision[k].correct));
      return {
        found,
        reference,
        recall: ratio(found, reference),
        predicted,
        correct: right,
        precision: ratio(right, predicted),
      };
    };
    const condition = CONDITIONS.find((c) => `OCR ${c.name}` === name);
    const seconds = condition ? rows.map((r) => r.ocr[condition.name]!.seconds) : [];
    const words = condition
      ? {
          found: sum(rows.map((r) => r.ocr[condition.name]!.words.found)),
          total: sum(rows.map((r) => r.ocr[condition.name]!.words.total)),
        }
      : undefined;
    return {
      path: name,
      documents: rows.length,
      typeCorrect: correct,
      typeAccuracy: ratio(correct, rows.length),
      heldOutCorrect,
      heldOutTypeAccuracy: ratio(heldOutCorrect, rows.length),
      heldOutSameTypeAsText: ratio(
        rows.filter((r) => get(r).heldOutType === r.text.heldOutType).length,
        rows.length,
      ),
      sameTypeAsText: ratio(sameAsText, rows.length),
      perClass: Object.fromEntries(
        DOCUMENT_TYPES.map((t) => {
          const of = rows.filter((r) => r.label === t);
          return [
            t,
            {
              documents: of.length,
              correct: of.filter((r) => get(r).type === t).length,
              heldOutCorrect: of.filter((r) => get(r).heldOutType === t).length,
            },
          ];
        }),
      ),
      persons: entity('persons'),
      dates: entity('dates'),
      amounts: entity('amounts'),
      ...(words ? { wordRecall: ratio(words.found, words.total), words } : {}),
      ...(seconds.length
        ? {
            secondsPerPage: {
              median: sec(percentile(seconds, 50) * 1000),
              p10: sec(percentile(seconds, 10) * 1000),
              p90: sec(percentile(seconds, 90) * 1000),
              min: sec(Math.min(...seconds) * 1000),
              max: sec(Math.max(...seconds) * 1000),
            },
          }
        : {}),
    };
  });

  console.log(`\nbefore: ${loadLine(before)}\nafter:  ${loadLine(after)}`);
  console.log(`pinned to one CPU: ${process.env.BENCH_PINNED ? 'yes (taskset -c 0)' : 'no'}`);
  console.log(`OCR warm-up (worker, English model): ${sec(warmMs)} s`);
  console.log(`held-out models (${OUTER_FOLDS} grouped folds) trained in ${sec(trainMs)} s`);
  console.log(
    `${rows.length} real documents (${DOCUMENT_TYPES.map((t) => `${t} ${rows.filter((r) => r.label === t).length}`).join(', ')}), ` +
      `first page, median ${percentile(
        rows.map((r) => r.chars),
        50,
      )} characters\n`,
  );
  printTable(
    summary.map((s) => ({
      path: s.path,
      'type (in-sample)': `${pct(s.typeCorrect, s.documents)} (${s.typeCorrect}/${s.documents})`,
      'type (held-out)': `${pct(s.heldOutCorrect, s.documents)} (${s.heldOutCorrect}/${s.documents})`,
      'held-out same as text': pct(s.heldOutSameTypeAsText! * s.documents, s.documents),
      'persons R': `${pct(s.persons.found, s.persons.reference)} of ${s.persons.reference}`,
      'dates R': `${pct(s.dates.found, s.dates.reference)} of ${s.dates.reference}`,
      'amounts R': `${pct(s.amounts.found, s.amounts.reference)} of ${s.amounts.reference}`,
      'persons P': pct(s.persons.correct, s.persons.predicted),
      'dates P': pct(s.dates.correct, s.dates.predicted),
      'amounts P': pct(s.amounts.correct, s.amounts.predicted),
      words: s.words ? pct(s.words.found, s.words.total) : '',
      's/page median [p10–p90]': s.secondsPerPage
        ? `${s.secondsPerPage.median} [${s.secondsPerPage.p10}–${s.secondsPerPage.p90}]`
        : '',
    })),
  );
  console.log('');
  printTable(
    DOCUMENT_TYPES.map((t) => ({
      class: t,
      ...Object.fromEntries(
        summary.map((s) => [
          `${s.path} (held-out)`,
          `${s.perClass[t]!.heldOutCorrect}/${s.perClass[t]!.documents}`,
        ]),
      ),
    })),
  );

  const file = writeResult('analyzer-ocr', {
    before,
    after,
    pinned: Boolean(process.env.BENCH_PINNED),
    ocrWarmUpSeconds: sec(warmMs),
    heldOutTrainingSeconds: sec(trainMs),
    pageChars: PAGE_CHARS,
    pageLines: PAGE_LINES,
    conditions: CONDITIONS,
    summary,
    documents: rows,
  });
  console.log(`\nwrote ${path.relative(repoRoot, path.join(repoRoot, file))}`);
  return 0;
}

async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const result = await fn();
  return [performance.now() - started, result];
}

runMain(main);
