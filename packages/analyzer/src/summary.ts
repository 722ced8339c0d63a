import type { DocumentSubtype, DocumentType } from '@sentinel/shared';
import type { FoundAmount } from './entities/amounts';
import type { FoundDate } from './entities/dates';
import type { FoundPerson } from './entities/persons';

/**
 * Two to four sentences from templates: what the document is (its title or kind, who, when), the
 * key date and amounts, and the sentence that asks or decides something, quoted.
 */

export interface SummaryInput {
  type: DocumentType;
  text: string;
  persons: FoundPerson[];
  dates: FoundDate[];
  amounts: FoundAmount[];
  /** The insurance subtype (src/insurance/subtypes.ts), which names the document when known. */
  subtype?: DocumentSubtype | null;
}

/** Kinds of document by the words of their title, most specific first. */
const TITLES: Array<[RegExp, string, DocumentType?]> = [
  [/motion to compel appraisal/i, 'a motion to compel appraisal'],
  [/motion (?:for|to) (?:summary judgment)/i, 'a motion for summary judgment'],
  [/motion to dismiss/i, 'a motion to dismiss'],
  [/motion for (?:a )?continuance/i, 'a motion for continuance'],
  [/motion for attorney(?:'s)? fees/i, "a motion for attorney's fees"],
  [/motion to compel (?:discovery|answers|production)/i, 'a motion to compel discovery'],
  [/\bmotion\b/i, 'a motion', 'pleading'],
  [/response in opposition/i, 'a response in opposition to a motion'],
  [/notice of hearing/i, 'a notice of hearing'],
  [/notice of removal/i, 'a notice of removal'],
  [/notice of appearance/i, 'a notice of appearance'],
  [
    /notice of (?:intention to take the )?(?:oral (?:and videotaped )?)?deposition/i,
    'a notice of deposition',
  ],
  [/notice of intent to initiate litigation/i, 'a pre-suit notice of intent to litigate'],
  [/final judgment/i, 'a final judgment'],
  [/scheduling order|case management order/i, 'a scheduling order'],
  [/\border (?:on|granting|denying)\b|^\s*order\s*$/im, 'a court order'],
  [/amended complaint/i, 'an amended complaint'],
  [/\bcomplaint\b(?! to)/i, 'a complaint'],
  [/answer and affirmative defenses/i, 'an answer with affirmative defenses'],
  [/counterclaim/i, 'a counterclaim'],
  [/petition (?:for|to) appoint/i, 'a petition to appoint an umpire'],
  [/subpoena/i, 'a subpoena'],
  [/interrogatories/i, 'a set of interrogatories'],
  [/request for production/i, 'a request for production of documents'],
  [/requests? for admission/i, 'requests for admission'],
  [/proposal for settlement/i, 'a proposal for settlement'],
  [/stipulation of dismissal/i, 'a stipulation of dismissal'],
  [/\bsummons\b/i, 'a summons'],
  [/\baffidavit\b/i, 'an affidavit'],
  [/joint status report/i, 'a joint status report'],
  [/reservation of rights/i, 'a reservation-of-rights letter'],
  [
    /must (?:respectfully )?deny|unable to provide coverage|partial denial|cannot pay for/i,
    'a claim denial letter',
    'correspondence',
  ],
  [/^\s*(?:from|sent|subject):/im, 'an e-mail', 'correspondence'],
  [/notice of nonrenewal|non-?renewal/i, 'a notice of nonrenewal'],
  [/examination under oath/i, 'a request for an examination under oath'],
  [/letter of representation|now represents/i, 'a letter of representation'],
  [/demand for appraisal|demands appraisal/i, 'a demand for appraisal'],
  [
    /settlement agreement|release of all claims|general release|mutual release/i,
    'a settlement agreement and release',
    'contract',
  ],
  [/appraisal award/i, 'an appraisal award'],
  [/tolling agreement/i, 'a tolling agreement', 'contract'],
  [/assignment of (?:post-loss )?(?:insurance )?benefits/i, 'an assignment of benefits'],
  [/public adjuster contract/i, 'a public adjuster contract', 'contract'],
  [/fee agreement|engagement agreement/i, 'an engagement agreement', 'contract'],
  [/declarations page/i, 'a policy declarations page', 'contract'],
  [/endorsement/i, 'a policy endorsement', 'contract'],
  [/change order/i, 'a change order'],
  [/proof of loss/i, 'a sworn proof of loss'],
  [/statement of loss/i, 'a statement of loss'],
  [/settlement (?:distribution|closing) statement/i, 'a settlement distribution statement'],
  [/supplement/i, 'a supplement request', 'financial'],
  [/\binvoice\b/i, 'an invoice', 'financial'],
  [/\breceipt\b/i, 'a receipt', 'financial'],
  [/\bestimate\b/i, 'an estimate', 'financial'],
  [/inventory/i, 'a contents inventory', 'financial'],
  [/ledger|payment history/i, 'a payment ledger', 'financial'],
  [/agreement|contract/i, 'an agreement', 'contract'],
  [/\bpolicy\b/i, 'an insurance policy', 'contract'],
];

const TYPE_NOUN: Record<DocumentType, string> = {
  contract: 'a contract',
  pleading: 'a court filing',
  correspondence: 'a letter',
  financial: 'a financial document',
  other: 'a document',
};

/** Sentences that ask for or decide something, by their cue words (first cue wins). */
const REQUEST_CUES: RegExp[] = [
  /\b(?:it is )?(?:hereby )?ordered(?: and adjudged)?\b|\bis (?:granted|denied)\b|judgment is entered/i,
  /\bwe (?:hereby )?demand\b|\bdemands? (?:judgment|payment|appraisal)\b|\bhereby demands?\b/i,
  /\bwe are unable to\b|\bmust (?:respectfully )?deny\b|\bcannot pay\b|\bdeny (?:your|the) claim\b/i,
  /\bmoves? (?:the court|for|to|under)\b|\brespectfully requests?\b|\basks? the court\b/i,
  /\boffers?\b[^.]{0,40}\$|\bproposes to pay\b/i,
  /\bplease (?:remit|provide|send|complete|call|let|confirm|submit|direct|endorse)\b|\bwe (?:request|ask|need)\b|\byou are (?:commanded|hereby summoned)\b/i,
  /\bagrees? to\b|\bshall pay\b|\bhereby (?:assigns?|releases?|authoriz\w+|accepts?)\b|\bauthorizes?\b/i,
  /\bmust\b|\bshall\b|\bdue\b/i,
];

const money = (n: number) =>
  `$${n.toLocaleString('en-US', { minimumFractionDigits: n % 1 ? 2 : 0, maximumFractionDigits: 2 })}`;
export const longDate = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });

/** Lines near the top that read as headings: short, mostly capitals, or the first line. */
function headings(text: string): string {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, 30);
  return lines
    .filter((line, i) => {
      if (line.length > 110) return false;
      const letters = line.replace(/[^\p{L}]/gu, '');
      const upper = letters.replace(/[^\p{Lu}]/gu, '').length;
      return i === 0 || (letters.length >= 4 && upper >= letters.length * 0.6);
    })
    .join('\n');
}

/** "CLAIM DIARY — SB-23-099184" → "Claim Diary — SB-23-099184" (words with digits kept as written). */
const titleCase = (line: string) =>
  line
    .split(' ')
    .map((word) =>
      /\d/.test(word)
        ? word
        : word
            .toLowerCase()
            .replace(/(^|[(—–-])(\p{L})/gu, (_, sep: string, c: string) => sep + c.toUpperCase()),
    )
    .join(' ')
    .replace(/ (And|Of|The|For|To|In|On|At) /g, (w) => w.toLowerCase());

/**
 * What each subtype is called, and the title phrases (above) that agree with it and say more
 * ("a motion to compel appraisal"). The server's deadline suggestions read "claim denial letter",
 * "demand for appraisal" and "a complaint" in summaries: keep those words.
 */
const SUBTYPE_NOUN: Record<DocumentSubtype, [string, RegExp]> = {
  declarations_page: ['a policy declarations page', /declarations/],
  policy: ['an insurance policy or endorsement', /policy|endorsement/],
  reservation_of_rights: ['a reservation-of-rights letter', /reservation/],
  denial_letter: ['a claim denial letter', /denial/],
  proof_of_loss: ['a sworn proof of loss', /proof of loss/],
  repair_estimate: ['a repair estimate', /estimate|supplement/],
  invoice: ['an invoice', /invoice/],
  appraisal_demand: ['a demand for appraisal', /demand for appraisal/],
  engagement_letter: ['an engagement letter', /engagement|fee agreement/],
  complaint: ['a complaint', /complaint|petition/],
  answer: ['an answer', /answer/],
  motion: ['a motion', /motion/],
  order: ['a court decision', /order|judgment/],
  settlement_agreement: ['a settlement agreement and release', /settlement agreement/],
};

export function describeDocument(type: DocumentType, text: string, subtype?: DocumentSubtype | null): string {
  const heads = headings(text);
  const [noun, agrees] = subtype ? SUBTYPE_NOUN[subtype] : [];
  const found = TITLES.find(
    ([re, phrase, only]) =>
      (!only || only === type) &&
      (!agrees || agrees.test(phrase)) &&
      re.test(only === 'correspondence' ? text : heads),
  )?.[1];
  if (found) return found;
  if (noun) return noun;
  // Otherwise the document's own heading, if it has one that is not a letterhead.
  const top = new Set(
    text
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .slice(0, 6),
  );
  const heading = heads
    .split('\n')
    .filter((l) => top.has(l) && !l.includes(':'))
    .map((l) => l.split(/\s{3,}/)[0]!.trim())
    .find(
      (l) =>
        l.length >= 6 &&
        l.length <= 90 &&
        !/[.:,]$/.test(l) &&
        !/\b(?:inc|llc|l\.l\.c|p\.a|company|co|corp|pllc|llp|mutual|insurance|law|group)\b\.?\s*$/i.test(l),
    );
  if (heading && type !== 'correspondence') {
    const letters = heading.replace(/[^\p{L}]/gu, '');
    const shown =
      letters.replace(/[^\p{Lu}]/gu, '').length > letters.length * 0.6 ? titleCase(heading) : heading;
    return `${TYPE_NOUN[type]} titled "${shown}"`;
  }
  return TYPE_NOUN[type];
}

function sentences(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => !/\S\s{3,}\S/.test(line))
    .join('\n')
    .replace(/\s*\n\s*\n\s*/g, '\n')
    .split(/(?<=[.!?])\s+(?=[A-Z(“"])|\n(?=\s*(?:\d+\.|[A-Z(]))/)
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((s) => s.length >= 25 && (s.match(/\b\p{Ll}+\b/gu) ?? []).length >= 6);
}

/** The sentence that asks or decides, or undefined. */
export function keySentence(text: string): string | undefined {
  const all = sentences(text);
  for (const cue of REQUEST_CUES) {
    const hit = all.find((s) => cue.test(s));
    if (hit) return hit;
  }
  return undefined;
}

const clip = (s: string, max = 220) =>
  s.length <= max ? s : `${s.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The document's own date: a court paper's last filing date (its signature), a letter's first date. */
export function documentDate(type: DocumentType, dates: FoundDate[]): FoundDate | undefined {
  if (type === 'pleading') return dates.filter((d) => d.kind === 'filing').pop();
  return dates.find((d) => d.kind === 'letter') ?? dates.find((d) => d.kind === 'filing');
}

/** The summary's sentences (two to four). */
export function summarySentences({ type, text, persons, dates, amounts, subtype }: SummaryInput): string[] {
  const what = describeDocument(type, text, subtype);
  const out: string[] = [];

  const dated = documentDate(type, dates);
  const people = persons
    .filter((p) => p.role && p.role !== 'other')
    .slice(0, 3)
    .map((p) => `${p.name} (${p.role})`);
  let first = capitalise(what);
  const parties = type === 'pleading' || type === 'correspondence' ? caption(text) : undefined;
  if (parties) first += `${type === 'pleading' ? ' in' : ' about'} ${parties}`;
  if (dated) first += ` dated ${longDate(dated.date)}`;
  first += people.length ? `, naming ${joinList(people)}` : '';
  out.push(`This is ${first.charAt(0).toLowerCase()}${first.slice(1)}.`);

  const loss = dates.find((d) => d.kind === 'date_of_loss');
  const keyAmounts = [...amounts]
    .sort((a, b) => kindRank(a.kind) - kindRank(b.kind) || b.value - a.value)
    .filter((a, i, all) => all.findIndex((b) => b.kind === a.kind) === i)
    .slice(0, 3)
    .map((a) => `${a.kind === 'other' ? 'an amount of' : a.kind.replace('_', ' ')} ${money(a.value)}`);
  const facts: string[] = [];
  if (loss) facts.push(`the date of loss is ${longDate(loss.date)}`);
  if (keyAmounts.length) facts.push(`it states ${joinList(keyAmounts)}`);
  if (!facts.length && dates.length)
    facts.push(`it refers to ${joinList(dates.slice(0, 3).map((d) => longDate(d.date)))}`);
  if (facts.length) out.push(`${capitalise(facts.join('; '))}.`);

  const key = keySentence(text);
  if (key)
    out.push(
      `${/\bordered\b|\bis (?:granted|denied)\b|judgment is entered|\badjudged\b/i.test(key) ? 'It decides' : 'Its operative sentence'}: "${clip(key)}"`,
    );

  const deadline = dates.find((d) => d.kind === 'deadline');
  const hearing = dates.find((d) => d.kind === 'hearing');
  if (out.length < 4 && (deadline || hearing)) {
    const parts = [
      deadline && `a deadline of ${longDate(deadline.date)}`,
      hearing && `a hearing or other setting on ${longDate(hearing.date)}`,
    ].filter(Boolean);
    out.push(`It sets ${parts.join(' and ')}.`);
  }
  if (out.length < 2) out.push(`No dates, amounts or request could be read from it.`);
  return out.slice(0, 4);
}

export const summarise = (input: SummaryInput) => summarySentences(input).join(' ');

const partyName = (s: string) => {
  const name = s
    .replace(/\s*,?\s*(?:et al\.?|plaintiffs?|defendants?|petitioner|respondent)[,.]?\s*$/i, '')
    .replace(/[\s,.;)]+$/, '')
    .replace(/^.*\b(?:re|between):\s*/i, '')
    .replace(/^.*\s[—–]\s/, '')
    .trim();
  const letters = name.replace(/[^\p{L}]/gu, '');
  const upper = letters.replace(/[^\p{Lu}]/gu, '').length;
  const titled =
    upper > letters.length * 0.7
      ? name
          .toLowerCase()
          .replace(/(^|[\s(-])(\p{L})/gu, (_, sep: string, c: string) => sep + c.toUpperCase())
          .replace(/ (And|Of|The|For) /g, (w) => w.toLowerCase())
      : name;
  return titled.length > 2 && titled.length < 80 ? titled : undefined;
};

/** "Hernandez v. Sunbelt Homeowners Insurance Co." from a caption or a "Re:" line, if there is one. */
export function caption(text: string): string | undefined {
  const lines = text
    .split('\n')
    .slice(0, 40)
    .map((l) => l.trim());
  for (const line of lines) {
    const m =
      /^(?:re:\s*)?(.{3,80}?)\s+(?:v\.|vs\.?)\s+(.{3,80}?)(?:,\s*(?:case|cause|civil|no\.)|\s{2,}|$)/i.exec(
        line,
      );
    if (m && !/^\W*$/.test(m[2]!)) {
      const [a, b] = [partyName(m[1]!), partyName(m[2]!)];
      if (a && b) return `${a} v. ${b}`;
    }
  }
  const vs = lines.findIndex((l) => /^(?:v\.|vs\.?|versus)(?:\s{2,}.*)?$/i.test(l));
  if (vs > 0) {
    const before = lines.slice(0, vs).filter((l) => l && !/^(?:plaintiffs?|petitioner)[,.]?$/i.test(l));
    const after = lines.slice(vs + 1).find((l) => l);
    const a = before.length ? partyName(before[before.length - 1]!.replace(/\s{2,}.*$/, '')) : undefined;
    const b = after ? partyName(after.replace(/\s{2,}.*$/, '')) : undefined;
    if (a && b) return `${a} v. ${b}`;
  }
  return undefined;
}

const RANK = [
  'settlement',
  'offer',
  'demand',
  'estimate',
  'claim',
  'payment',
  'policy_limit',
  'deductible',
  'other',
];
const kindRank = (kind: string) => RANK.indexOf(kind);
const joinList = (items: string[]) =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
