import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { DocumentType } from '@sentinel/shared';
import { plainText } from '../extract';
import { packageDir } from '../package-dir';

/**
 * The real-document corpus (190 real public documents with labels, kept outside this repository
 * in `../shared/corpus/real`: most of its texts may be used for training but not redistributed).
 * Found through SENTINEL_REAL_CORPUS, else beside the repository's checkout. Its labels are
 * persons as written, full dates as ISO and every `$` amount as a number (its README).
 */

export interface RealDocument {
  /** "001" … "190". */
  id: string;
  file: string;
  text: string;
  label: DocumentType;
  /** What the document is, in the labeller's words ("earnings release page (Ulta Beauty)"). */
  docType: string;
  /** Where it came from (the corpus' `source`). */
  source: string;
  /**
   * The source group for grouped cross-validation: the repository or web site the text came from
   * (the nine Common Paper repositories count as one), except FinanceBench, a packaging of many
   * companies' SEC filings, where it is the filing company. `strictGroup` keeps FinanceBench whole.
   */
  group: string;
  strictGroup: string;
  licence: string;
  /** Public domain, public record or openly licensed: may be copied into the repository. */
  redistributable: boolean;
  sha256: string;
  gold: { persons: string[]; dates: string[]; amounts: number[] };
}

interface LabelEntry {
  file: string;
  class: DocumentType;
  doc_type: string;
  source: string;
  license_or_status: string;
  persons: string[];
  dates: string[];
  amounts: number[];
}

/** The corpus folder, or undefined when this machine does not have it. */
export function realCorpusDir(): string | undefined {
  const candidates = [
    process.env.SENTINEL_REAL_CORPUS,
    path.resolve(packageDir, '../../../shared/corpus/real'),
    '/work/shared/corpus/real',
  ].filter((dir): dir is string => !!dir);
  return candidates.find((dir) => existsSync(path.join(dir, 'labels.json')));
}

/** The repository or site a `source` names, with FinanceBench split by filing company. */
export function sourceGroups(source: string): { group: string; strictGroup: string } {
  const head = source.split(/ : | \(|, /)[0]!.trim();
  let strictGroup: string;
  const github = /^github\.com\/([^/\s]+)\/([^/\s]+)/.exec(head);
  if (github)
    strictGroup =
      github[1] === 'CommonPaper' ? 'github.com/CommonPaper' : `github.com/${github[1]}/${github[2]}`;
  else if (/^https?:\/\//.test(head)) strictGroup = new URL(head).hostname.replace(/^(?:www|prod2)\./, '');
  else strictGroup = head;
  if (strictGroup !== 'github.com/patronus-ai/financebench') return { group: strictGroup, strictGroup };
  // "evidence page 1 of ULTABEAUTY_2023Q4_EARNINGS" → ULTABEAUTY; a named exhibit's company otherwise.
  const filing =
    /(?:\bof |pdfs\/)([A-Za-z0-9][A-Za-z0-9&]*(?:_[A-Za-z][A-Za-z&]*)*?)_(?:\d{4}|8K|10K|10Q)/.exec(source);
  if (!filing) throw new Error(`No filing company in the source ${source}`);
  return { group: `financebench:${filing[1]!.toUpperCase()}`, strictGroup };
}

const REDISTRIBUTABLE =
  /^(?:public domain|public record|CC0|CC BY|public SEC filing \(EDGAR correspondence\))/i;

/**
 * Twenty public-domain appellate opinions in the corpus' format, none of them in it, whose persons
 * were labelled by hand by a labeller who never saw the rules (evaluation/fresh-opinions/README.md).
 * Persons only; no dates or amounts. Its first run checked the person rules on documents outside
 * the corpus; its errors have tuned them since, so it is now a second development set.
 */
export const FRESH_OPINIONS_DIR = path.join(packageDir, 'evaluation/fresh-opinions');

/**
 * Twenty more such opinions, chosen and labelled the same way after the first set became a
 * development set (evaluation/fresh-opinions-2/README.md). Held out: its errors are not read, so
 * its figure stays one on documents the rules have not seen.
 */
export const FRESH_OPINIONS_2_DIR = path.join(packageDir, 'evaluation/fresh-opinions-2');

/**
 * Thirty public-domain or openly licensed documents, six of each type, from fourteen sources the
 * corpus does not have (FDA letters, Treasury statements, CUAD contracts, other courts' opinions…),
 * labelled by their collector and again by a labeller who saw neither those labels nor the model
 * (evaluation/fresh-types/README.md). Types only. Held out: the committed model is scored on it for
 * totals (`evaluate-types.ts`, `bench:analyzer`), and nothing is tuned on its documents.
 */
export const FRESH_TYPES_DIR = path.join(packageDir, 'evaluation/fresh-types');

/** The fresh sets that `evaluate-entities.ts` and `bench:analyzer` score beside the corpus. */
export const FRESH_OPINION_SETS = [
  { name: 'fresh-opinions', dir: FRESH_OPINIONS_DIR, heldOut: false },
  { name: 'fresh-opinions-2', dir: FRESH_OPINIONS_2_DIR, heldOut: true },
] as const;

export function loadRealCorpus(dir = realCorpusDir()): RealDocument[] {
  if (!dir) throw new Error('The real corpus is not on this machine (set SENTINEL_REAL_CORPUS).');
  const labels = JSON.parse(readFileSync(path.join(dir, 'labels.json'), 'utf8')) as LabelEntry[];
  return labels.map((entry) => {
    const bytes = readFileSync(path.join(dir, entry.file));
    // Read as an uploaded text file is (extract/index.ts plainText): HTML character references
    // decoded, line ends "\n". (None of the real corpus' texts has either; the fresh opinions do.)
    const text = plainText(bytes);
    return {
      id: path.basename(entry.file, '.txt'),
      file: entry.file,
      text,
      label: entry.class,
      docType: entry.doc_type,
      source: entry.source,
      ...sourceGroups(entry.source),
      licence: entry.license_or_status,
      redistributable:
        REDISTRIBUTABLE.test(entry.license_or_status) &&
        !/as reposted|NC 4\.0/i.test(entry.license_or_status),
      sha256: createHash('sha256').update(bytes).digest('hex'),
      gold: { persons: entry.persons, dates: entry.dates, amounts: entry.amounts },
    };
  });
}
