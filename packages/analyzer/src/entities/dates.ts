import type { DateKind, DocumentType } from '@sentinel/shared';
import { normaliseCue, type LearnedCorrections } from '../learned';
import { clauseAfter, clauseBefore, contextAt, nearestCue } from './context';

/** A calendar date read from the text, as an ISO date, with what it is. */
export interface FoundDate {
  date: string;
  kind: DateKind;
  text: string;
  index: number;
  /** The words just before the date and the date ("no later than May 16, 2025"). */
  context: string;
}

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};
const MONTH =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const WEEKDAY = '(?:(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?,?\\s+)?';

const PATTERNS: Array<{ re: RegExp; parts: (m: RegExpExecArray) => [number, number, number] }> = [
  // March 3, 2024 · Mar. 3rd 2024 · Thursday, August 22, 2024
  // (and OCR's "January 3. 2020", "October 1,2019")
  {
    re: new RegExp(
      `\\b${WEEKDAY}${MONTH}\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?(?:[,.]\\s*|\\s+)(\\d{4})\\b`,
      'gi',
    ),
    parts: (m) => [Number(m[3]), MONTHS[m[1]!.slice(0, 3).toLowerCase()]!, Number(m[2])],
  },
  // 3 March 2024 · 19th day of September, 2023 · 20th day of March 2025
  {
    re: new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:day\\s+of\\s+)?${MONTH}\\.?,?\\s+(\\d{4})\\b`, 'gi'),
    parts: (m) => [Number(m[3]), MONTHS[m[2]!.slice(0, 3).toLowerCase()]!, Number(m[1])],
  },
  // 3/3/2024 · 03/03/24 (US order)
  {
    re: /(?<![\d/.-])(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})(?![\d/])/g,
    parts: (m) => [year(m[3]!), Number(m[1]), Number(m[2])],
  },
  // 2024-03-03
  {
    re: /(?<![\w-])(\d{4})-(\d{2})-(\d{2})(?![\w-])/g,
    parts: (m) => [Number(m[1]), Number(m[2]), Number(m[3])],
  },
  // 03-03-2024
  {
    re: /(?<![\w-])(\d{1,2})-(\d{1,2})-(\d{4})(?![\w-])/g,
    parts: (m) => [Number(m[3]), Number(m[1]), Number(m[2])],
  },
];

function year(text: string): number {
  const n = Number(text);
  return text.length === 2 ? (n < 70 ? 2000 + n : 1900 + n) : n;
}

function iso(y: number, m: number, d: number): string | undefined {
  if (y < 1950 || y > 2100 || m < 1 || m > 12 || d < 1) return undefined;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (d > days) return undefined;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

// Cue words before a date (nearest wins). "signed" cues depend on the kind of document.
const BEFORE_CUES: Array<[DateKind | 'signed' | 'generic', RegExp]> = [
  [
    'date_of_loss',
    /date of (?:the )?loss|\bdol\b|loss date|loss (?:occurred|happened)|occurred (?:on|about)|(?:storm|fire|loss|hurricane|flood|event|freeze|leak|collapse|damage) (?:of|on)\s*$|\bdamage\b[^.]{0,40}\bon\s*$|\bloss(?: reported)?:\s*|since the loss of|time of loss|date of (?:the )?(?:storm|fire|incident)|(?:storm|loss) date/i,
  ],
  [
    'policy_period',
    /policy (?:period|term)|policy expiration|expiration date|coverage (?:period|begins|ends)|effective date of (?:the |this )?policy/i,
  ],
  [
    'deadline',
    /no later than|not later than|on or before|\bby\s*$|\bdue(?: date| by| on)?\b|deadline|must be (?:received|filed|submitted|completed|returned)|\buntil\s*$|\bexpires?\b|\bends?\s*$|\bbefore\s*$|respond by|\bwithin\b[^.]*\bby\s*$|open until/i,
  ],
  [
    'hearing',
    /hearing|\btrial\b|mediation|pre-?trial|conference(?! room)|oral argument|calendar call|\bheard\b/i,
  ],
  [
    'inspection',
    /inspect(?:ed|ion|ing)?\b|site visit|walk-?through|\bexamined\b|date taken|came(?: out)? on|come out|visited|access to the property/i,
  ],
  [
    'payment',
    /\bpaid\b|payment|\bpays?\b|(?:payment|check|date) issued|issue date|\bcheck\b|\bchk\b|\beft\b|\bach\b|deposit(?!ion)|disburse|remitted|reimburs/i,
  ],
  ['filing', /\bfiled\b|\bfiling\b|e-?filed|certify that on|\bserved\b/i],
  ['letter', /\bsent:|date of notice|letters? (?:of|dated)\s*$|e-?mail(?:ed)? (?:of|on)\s*$/i],
  [
    'signed',
    /\bdated\b|\bsigned\b|\bexecuted\b|\bsworn\b|\bsubscribed\b|respectfully submitted|\bsubmitted\b|\bentered\b|\bordered\b|\bthis\s*$/i,
  ],
  ['generic', /\bdate:\s*$/i],
];

// Cue words after a date at the start of a line (timelines, ledgers) or after "On <date>,".
const AFTER_CUES: Array<[DateKind, RegExp]> = [
  [
    'date_of_loss',
    /\bloss\b|storm|windstorm|hail|hurricane|fire\b|burst|flood|water (?:came|intrusion|damage)|collapsed|tore|sustained|damaged/i,
  ],
  ['hearing', /hearing|\btrial\b|mediation|conference/i],
  ['filing', /\bfiled\b|complaint|petition|motion/i],
  ['inspection', /inspect|site visit/i],
  ['payment', /\bpaid\b|\bpays?\b|payment|check|disburse/i],
  ['letter', /\bletter\b|e-?mail/i],
];

export function findDates(
  text: string,
  options: { type?: DocumentType; learned?: LearnedCorrections } = {},
): FoundDate[] {
  const found: FoundDate[] = [];
  const taken: Array<[number, number]> = [];
  for (const { re, parts } of PATTERNS) {
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = re.exec(text))) {
      const start = m.index;
      const end = start + m[0].length;
      if (taken.some(([a, b]) => start < b && end > a)) continue;
      const [y, mo, d] = parts(m);
      const date = iso(y, mo, d);
      if (!date) continue;
      // "June 1-30, 2024" and "Sept 25–27": a range, not one date.
      if (
        /^\s*[-–]\s*\d/.test(text.slice(end, end + 3)) ||
        /\d\s*[-–]\s*$/.test(text.slice(Math.max(0, start - 3), start))
      )
        continue;
      taken.push([start, end]);
      const words = m[0].trim();
      const lead = text
        .slice(Math.max(0, start - 60), start)
        .replace(/\s+/g, ' ')
        .split(/(?<=[.;:!?])\s|\s{2,}/)
        .pop()!
        .split(' ')
        .slice(-7)
        .join(' ')
        .trim();
      found.push({
        date,
        kind: dateKind(text, start, end, options),
        text: words,
        index: start,
        context: `${lead} ${words}`.trim(),
      });
    }
  }
  found.sort((a, b) => a.index - b.index);
  const suppressed = new Set(
    (options.learned?.suppressed ?? []).filter((s) => s.entity === 'date').map((s) => s.text.toLowerCase()),
  );
  return found.filter((d) => !suppressed.has(d.text.toLowerCase()) && !suppressed.has(d.date));
}

function dateKind(
  text: string,
  start: number,
  end: number,
  { type, learned }: { type?: DocumentType; learned?: LearnedCorrections },
): DateKind {
  const ctx = contextAt(text, start, end);
  const before = clauseBefore(ctx.before);
  const after = clauseAfter(ctx.after);

  const label = normaliseCue(before).split(' ').slice(-4).join(' ');
  for (const cue of learned?.dateCues ?? []) if (cue.cue && label.endsWith(cue.cue)) return cue.kind;

  // "On August 29, 2022, a windstorm tore shingles…" · "after the October 28, 2021 storm"
  if (/(?:^|[.;]\s+|\d\.\s+)on(?: or about)?\s*$/i.test(before) && AFTER_CUES[0]![1].test(after))
    return 'date_of_loss';
  if (/^\s*(?:storm|hurricane|fire|loss|flood|freeze|hail(?:storm)?|windstorm)\b/i.test(ctx.after))
    return 'date_of_loss';

  // "… and on October 2, 2023 Atlantic Crest paid $22,458.70": the verb after decides.
  if (/^,?\s*(?:[\p{Lu}][\p{L}'’]*\s+){0,3}(?:paid|pays|issued (?:a )?payment)\b/u.test(ctx.after))
    return 'payment';
  // A bare "Date:" label only counts when no other cue is in the label ("Due date:" is a deadline).
  const cue =
    nearestCue(
      before,
      BEFORE_CUES.filter(([kind]) => kind !== 'generic'),
    ) ?? nearestCue(before, BEFORE_CUES);
  if (cue && cue.kind !== 'generic' && cue.kind !== 'signed') return cue.kind;
  // "DATE:" in a notice of hearing or of inspection is the event's date.
  if (cue?.kind === 'generic' || (!cue && /^\s*(?:date|when)\s*:/i.test(ctx.line))) {
    const heading = text.split('\n').slice(0, 20).join(' ');
    if (/notice of (?:hearing|trial|mediation)/i.test(heading)) return 'hearing';
  }
  // Ledgers and timelines: the date opens the row, the words after say what happened.
  if (ctx.atLineStart || cue?.kind === 'generic' || !cue) {
    const afterCue = AFTER_CUES.find(([, re]) => re.test(after))?.[0];
    if (afterCue && (ctx.atLineStart || /^\s*[(:—–-]/.test(ctx.after))) return afterCue;
    if (type === 'financial' && /\d[\d,]*\.\d{2}\b/.test(ctx.after)) return 'payment';
  }
  const standalone = ctx.line.trim() === text.slice(start, end).trim() || /^\s*date\s*:/i.test(ctx.line);
  if (cue?.kind === 'signed' || cue?.kind === 'generic' || standalone) {
    if (type === 'pleading' && (cue?.kind === 'signed' || standalone)) return 'filing';
    if (type === 'correspondence') {
      if (
        cue?.kind === 'generic' ||
        (standalone && ctx.lineIndex < 15) ||
        /^\s*(sent|date)\s*:/i.test(ctx.line)
      )
        return 'letter';
      if (cue?.kind === 'signed') return 'letter';
    }
  }
  return 'other';
}
