import type { AmountKind, DocumentType } from '@sentinel/shared';
import { normaliseCue, type LearnedCorrections } from '../learned';
import { clauseAfter, clauseBefore, contextAt, nearestCue } from './context';

/** A sum of money read from the text, with what it is. */
export interface FoundAmount {
  value: number;
  currency: string;
  kind: AmountKind;
  text: string;
  index: number;
}

const NUMBER = '(\\d{1,3}(?:,\\d{3})+|\\d+)(?:\\.(\\d{1,2}))?';
// "$1.7 million", "$100M", and "$46.6\n    billion" wrapped by a PDF.
const SCALE = '(?:\\s{0,8}(trillion|billion|million|thousand|tn|bn|m|k)\\b)?';
const SCALES: Record<string, number> = {
  trillion: 1e12,
  tn: 1e12,
  billion: 1e9,
  bn: 1e9,
  million: 1e6,
  m: 1e6,
  thousand: 1e3,
  k: 1e3,
};

/**
 * The figure as written ("$1.7 million" → 1,700,000, "$ 1,027" → 1,027): the value before a
 * table's unit header ("in thousands") is applied. Undefined when the words hold no figure.
 */
export function rawAmountValue(words: string): number | undefined {
  const m = new RegExp(`${NUMBER}${SCALE}`, 'i').exec(words);
  if (!m) return undefined;
  const value =
    Number(`${m[1]!.replace(/,/g, '')}.${m[2] ?? '0'}`) * (SCALES[(m[3] ?? '').toLowerCase()] ?? 1);
  return Math.round(value * 100) / 100;
}
const UNIT_AFTER =
  /^\s?(?:%|percent|inch|inches|in\b|in\.|"|mph|ft\b|feet|foot|sq\b|sf\b|lf\b|square|miles?|mi\b|hours?|hrs?\b|days?\b|weeks?\b|months?\b|years?|yrs?\b|lbs?\b|pounds|gallons?|°|degrees|x\b|pc\b|sheets?|squares?)/i;

const PATTERNS: Array<{ re: RegExp; bare?: boolean }> = [
  // $12,500.00 · US$ 12,500 · USD 12,500 · $1.2 million · "$    3.15" in a table column; not A$ or C$
  { re: new RegExp(`(?:US\\$|(?<![A-Za-z])\\$|\\bUSD)[ \\t]{0,12}\\n?[ \\t]{0,12}${NUMBER}${SCALE}`, 'gi') },
  // 12,500 dollars · 12,500.00 USD
  { re: new RegExp(`(?<![\\w.$,/])${NUMBER}${SCALE}\\s?(?:dollars|usd)\\b`, 'gi') },
  // 38,220.16 in a table or a receipt (only in documents about money, see below)
  // (Not "240.14a-12" or "14.07(b)", a rule's number.)
  { re: /(?<![\w.$,/-])(\d{1,3}(?:,\d{3})+|\d+)\.(\d{2})(?![\d.,]?\d|[a-z(])/g, bare: true },
];

const PROVISION_BEFORE =
  /(?:§|§§|\b(?:sections?|sec\.|rules?|statutes?|chapters?|clauses?|items?|cfr|paragraphs?|articles?|para\.|art\.))\s*(?:\d[\w.()]*\s*(?:,|and|or|through|to)\s*)*$/i;

/**
 * A table's unit header: "(in thousands)", "(Dollars in millions, except per share data)",
 * "($ in millions)". The figures under it are read in that unit.
 */
const UNIT_HEADER =
  /\((?:[^()\n]{0,40}\s)?in\s+(thousands|millions|billions)\b[^()\n]{0,60}\)|^[ \t]*(?:\(?(?:\$|u\.s\.\s+dollars|dollars|amounts)\s+)?in\s+(thousands|millions|billions)\b[^\n]{0,60}$/gim;
/** How far a unit header reaches: the table under it, at most this many characters. */
const UNIT_REACH = 6000;

interface UnitHeader {
  index: number;
  scale: number;
  /** Where its table ends: the first paragraph of prose after it, or its reach. */
  end: number;
}

/** A run of thirteen lower-case words: prose, not a table. */
const PROSE = /[a-z,;][ \t]+[a-z]+(?:\s+[a-z]+){12}/;

function unitHeaders(text: string): UnitHeader[] {
  const headers: UnitHeader[] = [];
  for (const m of text.matchAll(UNIT_HEADER)) {
    const unit = (m[1] ?? m[2]!).toLowerCase();
    const reach = text.slice(m.index!, m.index! + UNIT_REACH);
    const prose = PROSE.exec(reach.replace(/\n(?=[a-z])/g, ' '));
    headers.push({
      index: m.index!,
      scale: unit === 'thousands' ? 1e3 : unit === 'millions' ? 1e6 : 1e9,
      end: m.index! + (prose ? prose.index : reach.length),
    });
  }
  return headers;
}

/**
 * The unit a figure is read in: that of the nearest unit header above it, within its reach and
 * not past a paragraph of prose, which ends the table. Per-share rows ("Diluted EPS") keep 1.
 */
function unitScale(headers: UnitHeader[], text: string, index: number): number {
  let header: UnitHeader | undefined;
  for (const h of headers) if (h.index < index) header = h;
  if (!header || index >= header.end) return 1;
  // Per-share rows ("Diluted", "EPS") are in dollars whatever the header says.
  const lineStart = text.lastIndexOf('\n', index - 1) + 1;
  // The row's label: the words before the figure on its line, or the line above in a flattened table.
  let row = text.slice(lineStart, index);
  if (!/\p{L}/u.test(row))
    row = text
      .slice(Math.max(0, lineStart - 80), lineStart)
      .split('\n')
      .slice(-2)
      .join(' ');
  if (/per[ -](?:diluted |basic |common )?share|\beps\b|\bdiluted\b|\bbasic\b/i.test(row)) return 1;
  return header.scale;
}

/**
 * The words of an amount as the reader sees them, spaces collapsed; an accounting negative keeps
 * its parentheses and the `$` before them: "(2,500.00)", "$(0.16)".
 */
function asWritten(text: string, start: number, end: number, words: string): string {
  const plain = words.trim().replace(/\s+/g, ' ');
  if (text[start - 1] !== '(' || text[end] !== ')') return plain;
  return /\$\s*$/.test(text.slice(Math.max(0, start - 16), start - 1)) ? `$(${plain})` : `(${plain})`;
}

/** Figures written as money somewhere in the document ("$", "USD", "… dollars"). */
const EXPLICIT_MONEY = /\$\s?\d|\busd\s?\d|\d\s?dollars\b/i;
const MONEY_WORDS =
  /\b(?:total|subtotal|balance|amount|invoice|paid|payment|payable|receipt|deductible|price|deposits?|withdrawals?|fees?|costs?|charges?)\b/gi;
/** Bare figures (38,220.16) count as money only in a document that is about money. */
/**
 * The figure sits in a table whose header row names a unit ("Total rain (in.)", "Diameter
 * (inches)"): a measurement, not money.
 */
function measuredColumn(text: string, index: number): boolean {
  const lines = text
    .slice(Math.max(0, index - 3000), index)
    .split('\n')
    .reverse()
    .slice(0, 15);
  const header = lines.find((line) => !/\d[.,]\d/.test(line) && /\S\s{3,}\S/.test(line));
  return Boolean(
    header &&
    /\((?:in|inches|ft|feet|mph|%|°f|°c|sq\.? ?ft|lbs?)\.?\)|\binches\b|\bmph\b|\bdegrees\b/i.test(header),
  );
}

const moneyWords = (text: string) =>
  new Set((text.match(MONEY_WORDS) ?? []).map((w) => w.toLowerCase())).size;

const CUES: Array<[AmountKind, RegExp]> = [
  ['deductible', /deductible|retained limit|self-insured retention/i],
  [
    'policy_limit',
    /\blimits?\b|limit of (?:liability|insurance)|amount of (?:policy|insurance)|coverage [a-f]\b|maximum (?:limit|available)|not less than\s*$|per occurrence/i,
  ],
  [
    'settlement',
    /settle|settlement|in full (?:and final )?(?:settlement|satisfaction)|\brelease[sd]?\b|consideration|agreed (?:at|upon|amount)|accepted/i,
  ],
  ['offer', /\boffers?\b|\boffered\b|propos(?:es|ed)? to pay|opens at|\btender/i],
  ['demand', /\bdemand(?:s|ed|ing)?\b|\bseeks?\b|\bsought\b|indebted|relief of|\bcounters?\b/i],
  [
    'claim',
    /\bclaim(?:ed|ing)?\b|whole loss|full amount of loss|amount of loss|supplement(?:al)?\b(?! request)|outstanding/i,
  ],
  [
    'payment',
    /\bpaid\b|payment|\bpay\b|\bpays\b|payable|\bcheck\b|\bchk\b|\beft\b|\bach\b|deposit(?!ion)|remit|reimburs|balance due|amount due|total due|\bdue\b|disburse|received|\bissued\b|net to clients?|pay to the order|retainer|endorse/i,
  ],
  [
    'estimate',
    /estimat|\brcv\b|replacement cost|\bacv\b|actual cash value|\bscope\b|\bquote|proposal|\bbid\b|line item|\bprice\b|priced/i,
  ],
];

/** The kind when no words say: estimates' line items are estimate, inventories' are claim. */
function defaultKind(text: string): AmountKind {
  const title = text.split('\n').slice(0, 6).join(' ');
  if (/\bestimate\b|\bsupplement\b/i.test(title) && !/\binvoice\b/i.test(title)) return 'estimate';
  if (/\binventory\b|proof of loss/i.test(title)) return 'claim';
  return 'other';
}

export function findAmounts(
  text: string,
  options: { type?: DocumentType; learned?: LearnedCorrections } = {},
): FoundAmount[] {
  const found: FoundAmount[] = [];
  const taken: Array<[number, number]> = [];
  // Bare figures: "8,744.60" needs one money word in the document, "45.00" needs "$"/"USD" or two.
  const words = moneyWords(text);
  const explicit = EXPLICIT_MONEY.test(text);
  const acceptBare = (figure: string) => explicit || words >= 2 || (words >= 1 && figure.includes(','));
  const fallback = defaultKind(text);
  const declarations = /limits? of (?:liability|insurance)/i.test(text);
  const units = unitHeaders(text);
  for (const { re, bare } of PATTERNS) {
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = re.exec(text))) {
      const start = m.index;
      const end = start + m[0].length;
      if (taken.some(([a, b]) => start < b && end > a)) continue;
      const next = text.slice(end, end + 10);
      if (bare ? UNIT_AFTER.test(next) : /^\s?%/.test(next)) continue;
      // "3.60 billion" with no dollar sign is another currency's (a lost "€"): dollars would say so.
      if (bare && /^\s+(?:trillion|billion|million|thousand)\b/i.test(next)) continue;
      if (bare && (!acceptBare(m[0]) || measuredColumn(text, start))) continue;
      // In a table under a unit header the money cells carry "$"; a bare cell is a ratio or a
      // per-share figure ("0.02"), not a sum to report.
      if (bare && units.some((h) => h.index < start && start < h.end)) continue;
      // "section 768.79", "Clause 11.20", "Item 5.02", "Sections 10.05, 14.07(b) and 17.05":
      // a provision's number, not money. "1.25 to 1.5 inches": a measurement.
      if (bare && PROVISION_BEFORE.test(text.slice(Math.max(0, start - 60), start))) continue;
      if (
        bare &&
        /^\s*(?:to|-|–)\s*\d[\d.]*\s*(?:inch|in\b|mph|ft|feet|%|sq)/i.test(text.slice(end, end + 20))
      )
        continue;
      const scale = SCALES[(m[3] ?? '').toLowerCase()] ?? 1;
      const value = Number(`${m[1]!.replace(/,/g, '')}.${m[2] ?? '0'}`) * scale;
      if (!Number.isFinite(value) || value === 0) continue;
      taken.push([start, end]);
      found.push({
        value: Math.round(value * (m[3] ? 1 : unitScale(units, text, start)) * 100) / 100,
        currency: 'USD',
        kind: amountKind(text, start, end, { fallback, declarations, learned: options.learned }),
        text: asWritten(text, start, end, m[0]),
        index: start,
      });
    }
  }
  found.sort((a, b) => a.index - b.index);
  const suppressed = new Set(
    (options.learned?.suppressed ?? []).filter((s) => s.entity === 'amount').map((s) => s.text.toLowerCase()),
  );
  return found.filter((a) => !suppressed.has(a.text.toLowerCase()));
}

/** Kinds from most to least specific: an amount said twice keeps the more specific. */
export const AMOUNT_KIND_ORDER: AmountKind[] = [
  'settlement',
  'offer',
  'demand',
  'deductible',
  'policy_limit',
  'claim',
  'estimate',
  'payment',
  'other',
];

function amountKind(
  text: string,
  start: number,
  end: number,
  options: { fallback: AmountKind; declarations: boolean; learned?: LearnedCorrections },
): AmountKind {
  const ctx = contextAt(text, start, end);
  // The words since the previous amount on the line (table rows keep their label), within the sentence.
  const sincePrevious =
    ctx.before.split(/(?:\$|\busd\s?)?\(?-?\d[\d,]*\.\d{2}\)?|\$\s?\d[\d,]*/i).pop() ?? '';
  const before = clauseBefore(sincePrevious.replace(/\s{3,}/g, '  '), 90);
  const label = normaliseCue(before).split(' ').slice(-4).join(' ');
  for (const cue of options.learned?.amountCues ?? [])
    if (cue.cue && label.endsWith(cue.cue)) return cue.kind;

  const after = clauseAfter(ctx.after, 60);
  // "$2,500.00 deductible", "($137,500.00) in full settlement", "(the insured's estimate)".
  const right =
    /^\)?\s*(?:in (?:full )?(?:and final )?settlement|as (?:a |the )?settlement|settlement\b)/i.test(after)
      ? 'settlement'
      : /^\s*(?:\(the [^)]*estimate\)|estimate\b)/i.test(after)
        ? 'estimate'
        : /^\s*(?:\w+\s+)?deductible\b/i.test(after)
          ? 'deductible'
          : /^\s*(?:policy )?limit\b/i.test(after)
            ? 'policy_limit'
            : undefined;
  if (right) return right;
  // Within the last few words the most specific kind wins ("demand payment of" is a demand);
  // further back, the nearest cue.
  const shortLabel = before.split(/\s+/).slice(-6).join(' ');
  const inLabel = AMOUNT_KIND_ORDER.find((kind) => CUES.some(([k, re]) => k === kind && re.test(shortLabel)));
  if (inLabel) return inLabel;
  const cue = nearestCue(before, CUES);
  if (cue) return cue.kind;
  if (
    options.declarations &&
    /^\s*[A-F]\.\s|dwelling|other structures|personal property|loss of use|personal liability|medical payments/i.test(
      ctx.line,
    )
  )
    return 'policy_limit';
  // No words before: the words after, in the same clause ("$18,322.10 it already paid").
  const afterCue = nearestCue(
    after.split(/\s{2,}|,/)[0] ?? '',
    CUES.filter(([kind]) => kind !== 'estimate'),
  );
  if (afterCue) return afterCue.kind;
  return options.fallback;
}
