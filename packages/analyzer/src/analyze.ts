import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  documentAnalysis,
  type AmountKind,
  type DocumentAnalysis,
  type DocumentType,
} from '@sentinel/shared';
import { classifyText, modelPath } from './classify/classifier';
import { AMOUNT_KIND_ORDER, findAmounts } from './entities/amounts';
import { findDates } from './entities/dates';
import { findPersons } from './entities/persons';
import { extractText, type ExtractedText, type ExtractInput, type ExtractOptions } from './extract';
import { readKeyFields } from './insurance/key-fields';
import { recogniseSubtype } from './insurance/subtypes';
import type { LearnedCorrections } from './learned';
import { packageDir } from './package-dir';
import { recommend } from './recommendations';
import { summarise } from './summary';

const packageVersion = (
  JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string }
).version;
/** The package version and the first 8 hex digits of the model file's SHA-256. */
export const ANALYZER_VERSION = `${packageVersion}+model.${createHash('sha256').update(readFileSync(modelPath)).digest('hex').slice(0, 8)}`;

export interface AnalyzeInput extends ExtractInput {
  /** The type the user chose at upload: it wins (type_source 'user', confidence 1). */
  typeHint?: DocumentType;
  /** The firm's corrections (learnFromCorrection). */
  learned?: LearnedCorrections;
}

export interface AnalyzeOptions extends ExtractOptions {
  /** "Today" for the recommendations (whether a deadline has passed). */
  now?: Date;
}

/** Reads the file and analyses its text. */
export async function analyzeDocument(
  input: AnalyzeInput,
  options: AnalyzeOptions = {},
): Promise<DocumentAnalysis> {
  const started = performance.now();
  const extracted = await extractText(input, options);
  return analyzeExtracted(extracted, input, { ...options, started });
}

/** Analyses text already extracted (extractText), e.g. text the server keeps beside the file. */
export function analyzeExtracted(
  extracted: ExtractedText,
  input: { fileName: string; typeHint?: DocumentType; learned?: LearnedCorrections },
  options: { now?: Date; started?: number } = {},
): DocumentAnalysis {
  const started = options.started ?? performance.now();
  const text = extracted.text;
  const readable = text.trim().length > 0;

  const classification = input.typeHint
    ? { type: input.typeHint, confidence: 1, needsConfirmation: false, source: 'user' as const }
    : readable
      ? { ...classifyText(text, input.learned), source: 'classifier' as const }
      : // A guess from the file name always asks the user to confirm.
        { ...typeFromFileName(input.fileName), needsConfirmation: true, source: 'classifier' as const };
  const type = classification.type;

  const persons = readable ? findPersons(text, { type, learned: input.learned }) : [];
  const dates = readable ? dedupeDates(findDates(text, { type, learned: input.learned })) : [];
  const amounts = readable ? dedupeAmounts(findAmounts(text, { type, learned: input.learned })) : [];

  // The insurance subtype and its key fields (issue 14), consistent with the type.
  const subtype = readable ? recogniseSubtype(text, type) : null;
  const keyFields = subtype ? readKeyFields(text, subtype, type, dates) : [];

  const summary = readable
    ? summarise({ type, text, persons, dates, amounts, subtype })
    : unreadSummary(extracted, input.fileName, type, classification.source);
  const recommendations = readable
    ? [
        ...recommend({ type, text, dates, amounts, now: options.now }),
        ...(extracted.limited ? [`Check the rest of ${input.fileName} by hand: ${extracted.limited}.`] : []),
      ]
    : [
        `Open ${input.fileName} and check its type and contents by hand; ${extracted.note ?? 'no text could be read'}.`,
      ];

  return documentAnalysis.parse({
    document_metadata: {
      document_type: type,
      confidence: round(classification.confidence, 4),
      type_source: classification.source,
      needs_confirmation: classification.needsConfirmation,
      page_count: extracted.pageCount,
      ocr_pages: extracted.ocrPages,
      subtype,
      key_fields: keyFields,
    },
    entities: {
      persons: persons.map(({ name, role }) => ({ name, role })),
      dates: dates.map(({ date, kind, text: words }) => ({ date, kind, text: words })),
      amounts: amounts.map(({ value, currency, kind, text: words }) => ({
        value,
        currency,
        kind,
        text: words,
      })),
    },
    content: { summary, word_count: wordCount(text) },
    recommendations,
    analyzer: {
      name: 'local',
      version: ANALYZER_VERSION,
      duration_ms: round(performance.now() - started, 1),
    },
  } satisfies DocumentAnalysis);
}

/**
 * Nothing could be read: a guess from words of the file name, with a confidence that says it is a
 * guess (0.5 on a telling word, 0.2 — one chance in five — otherwise). The classifier is not used:
 * trained on whole documents, it is overconfident on three words.
 */
const FILE_NAME_WORDS: Array<[RegExp, DocumentType]> = [
  [
    /complaint|petition|motion|order|answer|summons|subpoena|judgment|pleading|interrogator|stipulation|affidavit/i,
    'pleading',
  ],
  [/letter|e-?mail|correspondence|notice|memo to|ror\b|denial/i, 'correspondence'],
  [/contract|agreement|policy|release|endorsement|declarations|lease|assignment|aob/i, 'contract'],
  [
    /invoice|estimate|receipt|statement|ledger|proof[\s_-]*of[\s_-]*loss|bill|payment|xactimate/i,
    'financial',
  ],
];

export function typeFromFileName(fileName: string): { type: DocumentType; confidence: number } {
  const words = fileName.replace(/\.[a-z0-9]+$/i, '').replace(/[_\-.]+/g, ' ');
  const hit = FILE_NAME_WORDS.find(([re]) => re.test(words));
  return hit ? { type: hit[1], confidence: 0.5 } : { type: 'other', confidence: 0.2 };
}

const round = (n: number, digits: number) => Number(n.toFixed(digits));
const wordCount = (text: string) => (text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? []).length;

/** One entry per date and kind. */
function dedupeDates<T extends { date: string; kind: string }>(dates: T[]): T[] {
  const seen = new Set<string>();
  return dates.filter((d) => !seen.has(`${d.date} ${d.kind}`) && seen.add(`${d.date} ${d.kind}`));
}

/** One entry per value: an amount said twice keeps its most specific kind ("demand" over "payment"). */
function dedupeAmounts<T extends { value: number; kind: AmountKind }>(amounts: T[]): T[] {
  const best = new Map<number, T>();
  for (const a of amounts) {
    const current = best.get(a.value);
    if (!current || AMOUNT_KIND_ORDER.indexOf(a.kind) < AMOUNT_KIND_ORDER.indexOf(current.kind))
      best.set(a.value, a);
  }
  return amounts.filter((a) => best.get(a.value) === a);
}

function unreadSummary(
  extracted: ExtractedText,
  fileName: string,
  type: DocumentType,
  source: 'user' | 'classifier',
): string {
  const what = {
    pdf: 'a PDF',
    image: 'an image',
    text: 'a text file',
    docx: 'a Word document',
    doc: 'a Word 97–2003 document (.doc)',
    zip: 'a ZIP archive',
    unknown: 'a file',
  }[extracted.format];
  const first = `${fileName} is ${what}; ${extracted.note ?? 'no text could be read from it'}, so nothing in it was analysed.`;
  const listing = extracted.entries?.length
    ? ` It holds ${extracted.entries.length} file${extracted.entries.length === 1 ? '' : 's'}: ${extracted.entries.slice(0, 5).join(', ')}${extracted.entries.length > 5 ? ', …' : ''}.`
    : '';
  const typed =
    source === 'user'
      ? ` Its type (${type}) is the one chosen at upload.`
      : ` Its type (${type}) is a guess from the file name only.`;
  return first + listing + typed;
}
