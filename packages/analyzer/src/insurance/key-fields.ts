import type { DocumentSubtype, DocumentType, KeyField, KeyFieldValue } from '@sentinel/shared';
import { findDates, type FoundDate } from '../entities/dates';

/**
 * The key fields a claim document carries (issue 14): read from labels ("Policy Number:", "Date of
 * Loss:"), from the genre's own phrasing ("your home at …", "you insured … against loss") and from
 * form layouts where the value sits above its label. Only the fields a subtype carries are read,
 * so an opinion's bank is not taken for a carrier. Money is a number of dollars, dates are ISO,
 * text is as written; `text` is always the words the value was read from.
 */

const ALL_PARTIES: KeyField[] = [
  'policy_number',
  'claim_number',
  'date_of_loss',
  'carrier',
  'insured',
  'property_address',
];

/** The fields each subtype carries. */
export const SUBTYPE_FIELDS: Record<DocumentSubtype, readonly KeyField[]> = {
  declarations_page: [
    'policy_number',
    'carrier',
    'insured',
    'property_address',
    'coverage_limit',
    'deductible',
  ],
  policy: ['policy_number', 'carrier', 'deductible'],
  reservation_of_rights: [...ALL_PARTIES, 'deadline'],
  denial_letter: [...ALL_PARTIES, 'deadline'],
  proof_of_loss: [...ALL_PARTIES, 'deductible', 'total', 'rcv', 'acv'],
  repair_estimate: [...ALL_PARTIES, 'deductible', 'total', 'rcv', 'acv'],
  invoice: [...ALL_PARTIES, 'total', 'deadline'],
  appraisal_demand: [...ALL_PARTIES, 'deadline'],
  engagement_letter: [...ALL_PARTIES, 'deadline'],
  complaint: ALL_PARTIES,
  answer: ALL_PARTIES,
  motion: ALL_PARTIES,
  order: ['policy_number', 'claim_number', 'date_of_loss', 'deadline'],
  settlement_agreement: [...ALL_PARTIES, 'total', 'deadline'],
};

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
const money = (s: string) => Number(s.replace(/[$,()<>\s]/g, ''));
/** A figure: "$412,000", "$ 8,240.00", "(5,178.53)", "<$2,500.00>" or a bare "20,117.29". */
const FIGURE = String.raw`[(<]?\$?[ \t]?\d{1,3}(?:,\d{3})+(?:\.\d{2})?[)>]?|[(<]?\$[ \t]?\d+(?:\.\d{2})?[)>]?|[(<]?\d+\.\d{2}[)>]?`;

/**
 * An identifier after its label: "Policy Number: PSH 221 884 310", "claim no. HA-TX-2024-55190".
 * Groups separated by single spaces are one number while they hold digits (a short letter prefix,
 * "CPP 0093318 17", is kept).
 */
function identifier(after: string): string | undefined {
  const tokens = (after.split(/\s{2,}|\n/)[0] ?? '').trim().split(' ');
  const kept: string[] = [];
  for (const [i, raw] of tokens.entries()) {
    const token = raw.replace(/[.,;:)"”]+$/, '');
    const prefix = i === 0 && /^[A-Z]{2,5}$/.test(token) && /\d/.test(tokens[1] ?? '');
    if (!/^[A-Z0-9][A-Z0-9/-]*$/i.test(token) || (!/\d/.test(token) && !prefix)) break;
    kept.push(token);
    if (raw !== token) break;
  }
  const value = kept.join(' ');
  return value.replace(/\D/g, '').length >= 4 ? value : undefined;
}

/**
 * In a form the value may sit above its label ("GCP-HO3-4471920-02" over "Policy Number"): the
 * cell of the line above (cells are parted by two spaces or more) that starts in the label's
 * column, give or take three characters.
 */
function valueAbove(text: string, index: number): string | undefined {
  const lineStart = text.lastIndexOf('\n', index - 1) + 1;
  const column = index - lineStart;
  const before = text.slice(0, lineStart).replace(/\n\s*$/, '');
  const above = before.slice(before.lastIndexOf('\n') + 1);
  const cell = [...above.matchAll(/\S+(?: \S+)*/g)].find((c) => Math.abs(c.index - column) <= 3);
  return cell?.[0];
}

interface Hit {
  value: string | number;
  text: string;
  label?: string;
}

function numberField(text: string, labels: RegExp): Hit | undefined {
  for (const m of text.matchAll(labels)) {
    const after = text.slice(m.index + m[0].length, m.index + m[0].length + 60);
    const rest = after.match(/^[ \t]*(?:no\.?|number|num\.?|#)?[ \t]*[:.#]?[ \t]*/i)![0];
    const value = identifier(after.slice(rest.length));
    if (value) return { value, text: squash(m[0] + rest + value) };
    // Nothing after a bare label at the end of its cell: the form's value is above it.
    if (/^[ \t]*(?:\s{2,}|\n|$)/.test(after)) {
      const above = valueAbove(text, m.index);
      const id = above && identifier(above);
      if (id) return { value: id, text: id };
    }
  }
  return undefined;
}

const POLICY_LABEL =
  /\bpolicy[ \t]*(?:no\b\.?|number|num\b\.?|#|:)|\bpolicy[ \t]+(?=[A-Z]{1,5}[- ]?[A-Z0-9-]*\d)/gi;
const CLAIM_LABEL = /\bclaim[ \t]*(?:no\b\.?|number|num\b\.?|#|:)|\bclaim[ \t]+(?=[A-Z]{1,5}-[A-Z0-9-]*\d)/gi;

/** Dates: the labelled date of loss, else the date the date rules call the date of loss. */
function dateOfLoss(text: string, dates: FoundDate[]): Hit | undefined {
  const label =
    /\b(?:date of (?:the )?loss|loss date|d\.?o\.?l\.?)\b[ \t]*[:.-]?[ \t]*|^[ \t]*loss[ \t]*:/gim;
  for (const m of text.matchAll(label)) {
    const window = text.slice(m.index, m.index + m[0].length + 90).split('\n')[0]!;
    const date = findDates(window)[0];
    if (date) return { value: date.date, text: squash(window.slice(0, date.index + date.text.length)) };
  }
  // Not the day a loss was reported or noticed, which the date rules may read as the loss.
  const found = dates.find((d) => d.kind === 'date_of_loss' && !/\bnotice\b|\breport/i.test(d.context));
  return found && { value: found.date, text: found.context };
}

/** A company name that ends in an insurer's word ("… Property & Casualty Insurance Company"). */
const INSURER =
  /(?<![A-Za-z])((?:(?:[A-Z][A-Za-z'’.&-]*|&)[ \t]+){0,6}(?:INSURANCE|Insurance|ASSURANCE|Assurance|CASUALTY|Casualty|INDEMNITY|Indemnity|MUTUAL|Mutual|UNDERWRITERS|Underwriters|LLOYD['’]?S|Lloyd['’]?s)(?:[ \t]+(?:COMPANY|Company|CO\.|Co\.|CORPORATION|Corporation|CORP\.|Corp\.|EXCHANGE|Exchange|ASSOCIATION|Association|GROUP|Group|INSURANCE|Insurance|CASUALTY|Casualty|INDEMNITY|Indemnity))*)(?![A-Za-z]|[ \t](?:[A-Z][a-z]|[A-Z]{2,}))/g;
/**
 * Public bodies whose names end like an insurer's, and a common noun before an insurer's word
 * ("Total Insurance", "Property Insurance").
 */
const NOT_INSURER =
  /^(?:Federal Deposit|National Flood|Insurance Services)\b|^(?:Total|Amount|Other|Any|All|Each|Additional|Property|Flood|Homeowners?|Title|Liability|Excess|Umbrella|Windstorm|Commercial|Such|No|Its|Their|Your|Our|Life|Health|Auto)[ \t]+\S+$/i;
const LEADING =
  /^(?:(?:V|Vs|VS|Defendants?|Plaintiffs?|Dear|Re|To|Our|Your|From|The|By|Bill|Insurer|Carrier|Insurance|Company|Claims|Team|Mr|Ms|Mrs)\b[.,:]?[ \t]+)+/;

function insurerNames(text: string): string[] {
  return [...text.matchAll(INSURER)]
    .map((m) =>
      m[1]!
        .trim()
        .replace(LEADING, '')
        .replace(/['’]s$/i, ''),
    )
    .filter((name) => name.split(/\s+/).length >= 2 && !NOT_INSURER.test(name));
}

/**
 * The insurer: a labelled carrier, else the first insurer's name in the text (letterhead, address
 * block, caption). When that is written in capitals and the text also writes it in mixed case, the
 * mixed-case spelling is used.
 */
function carrier(text: string): Hit | undefined {
  const labelled =
    /^[ \t]*(?:insurance[ \t]+)?(?:carrier|insurer|insurance(?:[ \t]+company)?)[ \t]*:[ \t]*(.+)$/gim.exec(
      text,
    );
  if (labelled) {
    const inLabel = insurerNames(labelled[1]!)[0];
    const value = inLabel ?? labelled[1]!.split(/\s{2,}| [—–-] /)[0]!.trim();
    return { value, text: squash(labelled[0].slice(0, labelled[0].indexOf(value) + value.length)) };
  }
  const names = insurerNames(text);
  const first = names[0];
  if (!first) return undefined;
  const mixed =
    first === first.toUpperCase()
      ? names.find((n) => n.toLowerCase() === first.toLowerCase() && n !== first)
      : undefined;
  return { value: mixed ?? first, text: mixed ?? first };
}

/** "Marisol and Andre Whitfield" after an insured's label, or in the genre's own phrases. */
function insured(text: string, subtype: DocumentSubtype): Hit | undefined {
  const patterns: RegExp[] = [
    /\b(?:named insured(?:\(s\))?|(?:our |your )?insureds?(?:[ \t]*\/[ \t]*customer)?|policyholders?)[ \t]*:[ \t]*([^\n]+)/gi,
    /^[ \t]*customer[ \t]*:[ \t]*([^\n]+)/gim,
    /^[ \t]*named insured\b[^\n:]*\n\s*([^\n]+)/gim,
    /\b(?:your|our) insureds?,[ \t]+([A-Z][^,(\n]+?)[ \t]*(?:\(|,)/g,
    /\byou insured[ \t]+([A-Z][^\n]+?)[ \t]+against\b/g,
  ];
  if (subtype === 'complaint' && !/\ba\/a\/o\b|\bassignee\b/i.test(text.slice(0, 3000)))
    patterns.push(
      /\bPlaintiffs?,[ \t]+([A-Z][A-Z .'&-]*?(?:[ \t]+and[ \t]+[A-Z][A-Z .'&-]*?)?[A-Z])[ \t]*(?:\(|,)/g,
      /([A-Z][A-Za-z.'-]+(?:[ \t]+(?:and[ \t]+)?[A-Z][A-Za-z.'-]+){1,5})[ \t]+\(["“]Plaintiffs?["”]\)/g,
    );
  for (const re of patterns) {
    const m = re.exec(text);
    if (!m) continue;
    // The name only: not the address or the claim after it ("Teresa Mbeki, 19 Oakmont Terrace").
    const value = m[1]!
      .split(/\s{2,}|\s[—–-]\s|\s\(|,\s*\d/)[0]!
      .replace(/[.,;:]+$/, '')
      .trim();
    if (value.length >= 3 && /\p{Lu}/u.test(value))
      return { value, text: squash(m[0].slice(0, m[0].indexOf(value) + value.length)) };
  }
  return undefined;
}

const ADDRESS =
  /\d{1,6}[ \t]+[A-Za-z0-9][A-Za-z0-9 .,'#/-]*?,?[ \t]+(?:[A-Z]{2}|Florida|Texas|Louisiana|Mississippi|Alabama|Georgia)[ \t]+\d{5}(?:-\d{4})?/;

/** The insured property: after its label, or "home at …", "property located at …". */
function propertyAddress(text: string): Hit | undefined {
  const labelled =
    /\b(?:property(?:[ \t]+address)?|risk[ \t]+address|residence[ \t]+premises|insured[ \t]+(?:location|property)|loss[ \t]+location|location[ \t]+of[ \t]+(?:the[ \t]+)?(?:loss|risk|property)|service[ \t]+location|job[ \t]+(?:site|address)|location|premises)[ \t]*:[ \t]*([^\n]+)/gi;
  for (const m of text.matchAll(labelled)) {
    const address = ADDRESS.exec(m[1]!.split(/\s{2,}/)[0]!);
    if (address && address.index === 0)
      return { value: address[0], text: squash(m[0].slice(0, m[0].indexOf(address[0]) + address[0].length)) };
  }
  const prose = new RegExp(
    String.raw`\b(?:property|home|residence|premises|unit|house|dwelling)[ \t]+(?:located[ \t]+)?at[ \t]+(${ADDRESS.source})`,
    'i',
  ).exec(text);
  return prose ? { value: prose[1]!, text: squash(prose[0]) } : undefined;
}

const COVERAGE_LABEL =
  /^[ \t]*(?:\d+\.[ \t]*)?(Coverage[ \t]+[A-F]\b[^$\n]*?|(?:Your[ \t]+)?Business[ \t]+Personal[ \t]+Property|Business[ \t]+Income[^$\n]*?|Building|Dwelling|Other[ \t]+Structures|Personal[ \t]+Property|Loss[ \t]+of[ \t]+Use|Personal[ \t]+Liability[^$\n]*?|Medical[ \t]+Payments[^$\n]*?|Extra[ \t]+Expense|Limits?[ \t]+of[ \t]+(?:Insurance|Liability))[ \t]*[:—–-]?[ \t]*(\$[ \t]?\d[\d,]*(?:\.\d{2})?)/gim;

/** Each coverage's limit from a declarations table ("Coverage A – Dwelling   $412,000"). */
function coverageLimits(text: string): Hit[] {
  return [...text.matchAll(COVERAGE_LABEL)]
    .filter((m) => !/deductible/i.test(m[0]))
    .map((m) => ({
      value: money(m[2]!),
      label: squash(m[1]!).replace(/[\s:–—-]+$/, ''),
      text: squash(m[0]),
    }));
}

/**
 * Deductibles with their names: "All Other Perils Deductible: $2,500" → 2500. A percentage
 * deductible is given in dollars when the text also gives the dollar figure ("2% of Coverage A
 * ($8,240)" → 8240, labelled with the percentage), else as the words that define it
 * ("2% of the Building limit").
 */
function deductibles(text: string): Hit[] {
  const re =
    /((?:[A-Z][A-Za-z&]*[ \t]+(?:or[ \t]+|and[ \t]+)?){0,4})Deductible\b(?:[ \t]+(?:Percentage|Amount))?[ \t]*[:–—-]?[ \t]*(?:of[ \t]+)?(?:(\d+(?:\.\d+)?[ \t]?%(?:[ \t]+of[ \t]+(?:the[ \t]+)?(?:[A-Za-z]+[ \t]+){0,3}?(?:Coverage[ \t]+[A-F](?:[ \t]+limit(?:[ \t]+of[ \t]+(?:liability|insurance))?)?|limit(?:[ \t]+of[ \t]+(?:liability|insurance))?))?)(?:[ \t]*\((\$[ \t]?[\d,]+(?:\.\d{2})?)\))?|([(<]?\$?[ \t]?[(<]?\d{1,3}(?:,\d{3})*(?:\.\d{2})?[)>]?))/g;
  const out: Hit[] = [];
  for (const m of text.matchAll(re)) {
    const name = squash(`${m[1] ?? ''}Deductible`).replace(/^(?:Less|Minus|The)\s+/i, '');
    const words = squash(m[0]);
    if (m[4]) {
      if (!/[$,.]/.test(m[4])) continue; // "Deductible 2" is a clause number, not money
      out.push({ value: money(m[4]), label: name, text: words });
    } else if (m[3]) out.push({ value: money(m[3]), label: `${name} (${squash(m[2]!)})`, text: words });
    else out.push({ value: squash(m[2]!), label: name, text: words });
  }
  return out.filter((hit, i) => out.findIndex((o) => o.value === hit.value) === i);
}

/**
 * The last figure right after one of the labels (summaries come last): "Net Claim  6,698.76",
 * "The Actual Cash Value of the loss was  $81,774.90". Labels are tried in order.
 */
function labelledFigure(text: string, labels: string[]): Hit | undefined {
  for (const label of labels) {
    const re = new RegExp(
      String.raw`\b(${label})(?:[ \t]*\([A-Z&]{2,5}\))?(?:[ \t]+(?:of|under)\b[^$\d\n]{0,40}?)?(?:[ \t]+(?:was|is))?[ \t]*[:.]?[ \t]*(${FIGURE})(?![\d,])`,
      'gi',
    );
    const last = [...text.matchAll(re)].pop();
    if (last) return { value: money(last[2]!), label: squash(last[1]!), text: squash(last[0]) };
  }
  return undefined;
}

const TOTAL_LABELS: Partial<Record<DocumentSubtype, string[]>> = {
  repair_estimate: [
    'Net Claim',
    'Grand Total',
    'Estimate Total',
    'Total Estimate',
    'RCV Total',
    'Total RCV',
    'Replacement Cost Value',
  ],
  invoice: ['Amount Due', 'Balance Due', 'Total Due', 'Invoice Total', 'Grand Total', 'Total'],
  proof_of_loss: ['Net Amount Claimed', 'Amount Claimed'],
};
const RCV_LABELS = ['Replacement Cost Value', 'RCV Total', 'Total RCV', 'Full Cost of Repair or Replacement'];
const ACV_LABELS = ['Actual Cash Value', 'ACV Total', 'Total ACV'];

/** The settlement sum: the first dollar figure in the sentence that pays it. */
function settlementTotal(text: string): Hit | undefined {
  const pays =
    /\b(?:settlement (?:payment|amount|sum)|total sum of|sum of|shall pay)\b[^.]*?(\$[ \t]?\d[\d,]*(?:\.\d{2})?)/i;
  for (const sentence of text.split(/(?<=[.;])\s+/)) {
    const m = pays.exec(sentence);
    if (m) return { value: money(m[1]!), label: 'Settlement payment', text: squash(m[0]) };
  }
  return undefined;
}

const NUMBER_WORDS = 'one|two|three|five|seven|ten|fourteen|fifteen|twenty|thirty|forty-five|sixty|ninety';
const RELATIVE_DEADLINE = new RegExp(
  String.raw`\b(?:within|(?:no|not) later than)[ \t]+(?:(?:${NUMBER_WORDS})[ \t]+\(\d+\)|\d+|${NUMBER_WORDS})[ \t]+(?:business[ \t]+|calendar[ \t]+)?days?\b(?:[^.;,()\n]{0,60}\b)?`,
  'gi',
);

/** Deadlines: full dates the date rules call deadlines (ISO), and "within 20 days after …" (words). */
function deadlines(text: string, dates: FoundDate[]): Hit[] {
  const dated = dates
    .filter((d) => d.kind === 'deadline')
    .map((d) => {
      const lineStart = text.lastIndexOf('\n', d.index - 1) + 1;
      const from = Math.max(lineStart, d.index - 100);
      const lead = text
        .slice(from, d.index)
        .split(/[.;!?]\s/)
        .pop()!;
      const words =
        from > lineStart && lead === text.slice(from, d.index) ? lead.replace(/^\S*\s/, '') : lead;
      return { value: d.date, text: squash(words + d.text) };
    });
  const relative = [...text.matchAll(RELATIVE_DEADLINE)].map((m) => {
    const words = squash(m[0]).replace(/[\s,]+(?:and|or|as|but|which|unless)$/i, '');
    return { value: words, text: words };
  });
  const all = [...dated, ...relative];
  return all.filter((hit, i) => all.findIndex((o) => o.value === hit.value) === i);
}

/**
 * The key fields of a document of this subtype, in KEY_FIELDS order. `dates` are the document's
 * dates as findDates read them (the analysis passes its own, with the firm's corrections).
 */
export function readKeyFields(
  text: string,
  subtype: DocumentSubtype,
  type: DocumentType,
  dates: FoundDate[] = findDates(text, { type }),
): KeyFieldValue[] {
  const wanted = new Set(SUBTYPE_FIELDS[subtype]);
  const out: KeyFieldValue[] = [];
  const add = (field: KeyField, hit: Hit | undefined) => {
    if (hit && wanted.has(field)) out.push({ field, ...hit });
  };
  add('policy_number', numberField(text, POLICY_LABEL));
  add('claim_number', numberField(text, CLAIM_LABEL));
  if (wanted.has('date_of_loss')) add('date_of_loss', dateOfLoss(text, dates));
  add('carrier', carrier(text));
  add('insured', insured(text, subtype));
  add('property_address', propertyAddress(text));
  if (wanted.has('coverage_limit')) for (const hit of coverageLimits(text)) add('coverage_limit', hit);
  if (wanted.has('deductible')) for (const hit of deductibles(text)) add('deductible', hit);
  const totals = TOTAL_LABELS[subtype];
  add(
    'total',
    subtype === 'settlement_agreement' ? settlementTotal(text) : totals && labelledFigure(text, totals),
  );
  if (wanted.has('rcv')) add('rcv', labelledFigure(text, RCV_LABELS));
  if (wanted.has('acv')) add('acv', labelledFigure(text, ACV_LABELS));
  if (wanted.has('deadline')) for (const hit of deadlines(text, dates)) add('deadline', hit);
  return out;
}
