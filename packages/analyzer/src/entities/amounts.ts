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
const SCALE = '(?:\\s?(million|thousand|m|k)\\b)?';
const UNIT_AFTER =
  /^\s?(?:%|percent|inch|inches|in\b|in\.|"|mph|ft\b|feet|foot|sq\b|sf\b|lf\b|square|miles?|mi\b|hours?|hrs?\b|days?\b|weeks?\b|months?\b|years?|yrs?\b|lbs?\b|pounds|gallons?|°|degrees|x\b|pc\b|sheets?|squares?)/i;

const PATTERNS: Array<{ re: RegExp; bare?: boolean }> = [
  // $12,500.00 · US$ 12,500 · USD 12,500 · $1.2 million
  { re: new RegExp(`(?:US\\$|\\$|\\bUSD)\\s?${NUMBER}${SCALE}`, 'gi') },
  // 12,500 dollars · 12,500.00 USD
  { re: new RegExp(`(?<![\\w.$,/])${NUMBER}${SCALE}\\s?(?:dollars|usd)\\b`, 'gi') },
  // 38,220.16 in a table or a receipt (only in documents about money, see below)
  { re: /(?<![\w.$,/-])(\d{1,3}(?:,\d{3})+|\d+)\.(\d{2})(?![\d.,]?\d)/g, bare: true },
];

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
  for (const { re, bare } of PATTERNS) {
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = re.exec(text))) {
      const start = m.index;
      const end = start + m[0].length;
      if (taken.some(([a, b]) => start < b && end > a)) continue;
      const next = text.slice(end, end + 10);
      if (bare ? UNIT_AFTER.test(next) : /^\s?%/.test(next)) continue;
      if (bare && (!acceptBare(m[0]) || measuredColumn(text, start))) continue;
      // "section 768.79", "1.25 to 1.5 inches": a statute or a measurement, not money.
      if (
        bare &&
        /(?:§|section|sec\.|rule|statute|chapter|§§)\s*$/i.test(text.slice(Math.max(0, start - 12), start))
      )
        continue;
      if (
        bare &&
        /^\s*(?:to|-|–)\s*\d[\d.]*\s*(?:inch|in\b|mph|ft|feet|%|sq)/i.test(text.slice(end, end + 20))
      )
        continue;
      const scale = { million: 1e6, m: 1e6, thousand: 1e3, k: 1e3 }[(m[3] ?? '').toLowerCase()] ?? 1;
      const value = Number(`${m[1]!.replace(/,/g, '')}.${m[2] ?? '0'}`) * scale;
      if (!Number.isFinite(value) || value === 0) continue;
      taken.push([start, end]);
      found.push({
        value: Math.round(value * 100) / 100,
        currency: 'USD',
        kind: amountKind(text, start, end, { fallback, declarations, learned: options.learned }),
        text: m[0].trim(),
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
