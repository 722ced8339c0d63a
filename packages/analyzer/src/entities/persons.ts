import type { DocumentType, PersonRole } from '@sentinel/shared';
import { normaliseName, type LearnedCorrections } from '../learned';
import { GIVEN_NAMES } from './given-names';
import {
  CLOSING,
  NOT_NAME,
  ORG_AFTER,
  PERSON_CUE_AFTER,
  PERSON_CUE_BEFORE,
  ROLE_AFTER,
  ROLE_BEFORE,
  ROLE_NEAR,
} from './person-words';

/** A natural person named in the text, with the role the text gives them (null when it says none). */
export interface FoundPerson {
  name: string;
  role: PersonRole | null;
  index: number;
}

const UPPER = '\\p{Lu}';
const LOWER = '\\p{Ll}';
const GIVEN = `${UPPER}${LOWER}+(?:-${UPPER}${LOWER}+)?`;
const SURNAME = `(?:O'|D'|Mc|Mac)?${UPPER}${LOWER}+(?:${UPPER}${LOWER}+)?(?:-${UPPER}${LOWER}+)?`;
// A run of capitalised words on one line, single spaces between: "Hon. Marcus T. Oyelowo".
const TOKEN = `(?:(?:Mr|Mrs|Ms|Dr|Hon)\\.|${UPPER}\\.|${SURNAME})`;
const RUN = new RegExp(`(?<![\\p{L}'.-])${TOKEN}(?:[ \\t]${TOKEN})+(?![\\p{L}'-])`, 'gu');
const TITLE_TOKEN = /^(?:mr|mrs|ms|dr|hon|judge)\.?$/i;
// MARIA HERNANDEZ · HENRY T. WINGATE · JUDGE ANTHONY R. DELUCA
const CAPS = new RegExp(
  `((?:JUDGE|HON\\.|DR\\.)[ \\t]+)?\\b(${UPPER}{2,})(?:[ \\t]+(${UPPER}\\.))?[ \\t]+((?:O'|MC)?${UPPER}{2,}(?:-${UPPER}{2,})?)\\b`,
  'gu',
);
// Samuel & Kimberly Oyelaran · Ewa and Tomasz Kowalski
const PAIR = new RegExp(
  `(?<!\\p{L}[ \\t])\\b(${GIVEN})[ \\t]+(?:&|and)[ \\t]+(${GIVEN})[ \\t]+(${SURNAME})\\b`,
  'gu',
);

interface Mention {
  name: string;
  index: number;
  end: number;
  cued: boolean;
  role: PersonRole | null;
  /** How sure the role is: labels (2) beat nearby words (1). */
  roleWeight: number;
}

const titleCase = (word: string) =>
  word
    .toLowerCase()
    .replace(/(^|[-'])(\p{Ll})/gu, (_, sep: string, ch: string) => sep + ch.toUpperCase())
    .replace(/^(Mc|Mac)(\p{Ll})/u, (_, pre: string, ch: string) => pre + ch.toUpperCase());

function roleFrom(
  before: string,
  after: string,
  nextLine: string,
): { role: PersonRole | null; weight: number } {
  const untitled = before.replace(/\b(?:mr|mrs|ms|dr|hon)\.\s*$/i, '');
  for (const [role, re] of ROLE_BEFORE) if (re.test(untitled)) return { role, weight: 2 };
  for (const [role, re] of ROLE_AFTER) if (re.test(after)) return { role, weight: 2 };
  // A title line under the name ("Senior Field Adjuster"), not the next label ("Adjuster: …").
  if (/^[\s,]*$/.test(after) && !nextLine.includes(':'))
    for (const [role, re] of ROLE_AFTER) if (re.test(nextLine)) return { role, weight: 2 };
  if (/\b(?:hon\.|honorable|judge)\s*$/i.test(before)) return { role: 'judge', weight: 2 };
  if (/(?:^|\s)s?\/s\/\s*$|(?:^|\s)s\/\s*$/i.test(before)) return { role: 'attorney', weight: 1 };
  for (const [role, re] of ROLE_NEAR) if (re.test(before)) return { role, weight: 1 };
  return { role: null, weight: 0 };
}

/** The text being read, its lines, and the mentions the steps below have found so far. */
interface Scan {
  text: string;
  lines: string[];
  /** The number of the line that holds the character at `index`. */
  lineOf(index: number): number;
  mentions: Mention[];
  /** Capitalised pairs with neither a cue nor a known given name: persons only beside a person. */
  pending: Array<{ name: string; index: number; end: number }>;
}

function scanOf(text: string): Scan {
  const lineStarts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const lineOf = (index: number) => {
    let [lo, hi] = [0, lineStarts.length - 1];
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid]! <= index) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  return { text, lines: text.split('\n'), lineOf, mentions: [], pending: [] };
}

export function findPersons(
  text: string,
  options: { type?: DocumentType; learned?: LearnedCorrections } = {},
): FoundPerson[] {
  const scan = scanOf(text);
  findCapitalisedRuns(scan);
  findNamesInCapitals(scan);
  findCouples(scan);
  joinPartners(scan);
  giveSignersTheirRole(scan, options.type);
  findLearnedPersons(scan, options.learned);
  return merge(scan.mentions, text, options);
}

/** Keeps a candidate name as a mention, as pending, or not at all, from what surrounds it. */
function consider(scan: Scan, name: string, index: number, end: number, titled: boolean) {
  const { text, lines } = scan;
  const tokens = name.split(/\s+/);
  const first = tokens[0]!;
  const last = tokens[tokens.length - 1]!;
  if (tokens.some((t) => NOT_NAME.has(t.toLowerCase().replace(/\.$/, '')))) return;
  if (ORG_AFTER.test(text.slice(end, end + 20))) return;
  if (/\d[\w.]*[ \t]+(?:[NSEW]\.?[ \t]+)?$/.test(text.slice(Math.max(0, index - 12), index))) return; // 44 Laurel Fork Road
  const lineStart = text.lastIndexOf('\n', index - 1) + 1;
  const lineEnd = text.indexOf('\n', end) < 0 ? text.length : text.indexOf('\n', end);
  const before = text.slice(Math.max(lineStart, index - 80), index);
  const after = text.slice(end, lineEnd);
  const li = scan.lineOf(index);
  const nextLine = lines[li + 1] ?? '';
  // Signature block: the name alone on a line after a closing, or under a title line.
  let prev = li - 1;
  while (prev >= 0 && lines[prev]!.trim() === '') prev--;
  const aloneOnLine = text.slice(lineStart, lineEnd).trim() === text.slice(index, end).trim();
  const signature = aloneOnLine && prev >= 0 && CLOSING.test(lines[prev]!);
  const cued =
    titled ||
    /\b(?:mr|mrs|ms|dr|hon|judge)\.?\s*$/i.test(before) ||
    PERSON_CUE_BEFORE.test(before) ||
    PERSON_CUE_AFTER.test(after) ||
    signature ||
    (aloneOnLine && ROLE_AFTER.some(([, re]) => re.test(nextLine)));
  const known = GIVEN_NAMES.has(first.toLowerCase().replace(/\.$/, ''));
  if (!cued && !known) {
    scan.pending.push({ name, index, end });
    return;
  }
  if (/^\p{Lu}\.$/u.test(first) && !cued) return; // "R. Thornton" needs a cue
  if (last.length < 2) return;
  const { role, weight } = roleFrom(before, after, nextLine);
  scan.mentions.push({ name, index, end, cued, role, roleWeight: weight });
}

/** Runs of capitalised words ("Hon. Marcus T. Oyelowo"), trimmed to the name they hold. */
function findCapitalisedRuns(scan: Scan) {
  for (const m of scan.text.matchAll(RUN)) {
    const tokens = m[0].split(/[ \t]/);
    const offsets: number[] = [];
    let at = m.index!;
    for (const t of tokens) {
      offsets.push(at);
      at += t.length + 1;
    }
    // Drop leading and trailing words that are not names ("Petitioner Lorraine Pike", "Brenda Kessling Senior").
    let a = 0;
    let b = tokens.length;
    let titled = false;
    while (a < b && (TITLE_TOKEN.test(tokens[a]!) || NOT_NAME.has(tokens[a]!.toLowerCase()))) {
      if (TITLE_TOKEN.test(tokens[a]!)) titled = true;
      a++;
    }
    while (b > a && NOT_NAME.has(tokens[b - 1]!.toLowerCase().replace(/\.$/, ''))) b--;
    // "Homeowner Hugo Lindqvist", "Counter-Defendant Gerald Whitmore": start at the given name.
    if (
      b - a === 3 &&
      !GIVEN_NAMES.has(tokens[a]!.toLowerCase()) &&
      GIVEN_NAMES.has(tokens[a + 1]!.toLowerCase())
    )
      a++;
    const name = tokens.slice(a, b);
    if (name.length < 2 || name.length > 3) continue;
    if (/^\p{Lu}\.$/u.test(name[name.length - 1]!)) continue;
    const start = offsets[a]!;
    consider(scan, name.join(' '), start, start + name.join(' ').length, titled);
  }
}

/** Names in capitals (captions, headings): "ROBERTO SALINAS, Plaintiff", "JUDGE ANTHONY R. DELUCA". */
function findNamesInCapitals(scan: Scan) {
  const { text, lines } = scan;
  for (const m of text.matchAll(CAPS)) {
    const [given, initial, surname] = [m[2]!, m[3], m[4]!];
    const start = m.index! + (m[1]?.length ?? 0);
    const end = m.index! + m[0].length;
    const around = text.slice(end, end + 60);
    // A caption: the party label right after the name ("ROBERTO SALINAS,\n  Plaintiff,"), not a
    // heading followed by a paragraph that starts with "Plaintiff …".
    const captioned =
      /^[ \t]*,?[ \t]*(?:et al\.,?[ \t]*)?(?:\n[ \t]*)?(?:plaintiffs?|defendants?|petitioner|respondent)[ \t]*(?:[,.]|\n|$)/iu.test(
        around,
      ) ||
      /^[ \t]*and[ \t]+[\p{Lu} \t.]+,?[ \t]*\n?[ \t]*(?:PLAINTIFFS?|[Pp]laintiffs?)[ \t]*[,.]/u.test(
        around,
      ) ||
      /^[ \t]+(?:v\.|vs\.?)\s/i.test(around);
    if (!captioned && !m[1] && !GIVEN_NAMES.has(given.toLowerCase())) continue;
    if (!captioned && !m[1] && text.slice(Math.max(0, start - 30), start).match(/[\p{Lu}]{3,}\s*$/u))
      continue;
    const name = [titleCase(given), initial, titleCase(surname)].filter(Boolean).join(' ');
    const before = text.slice(Math.max(0, start - 40), start);
    if (NOT_NAME.has(given.toLowerCase()) || NOT_NAME.has(surname.toLowerCase())) continue;
    let role: PersonRole | null = null;
    if (m[1] && /judge|hon/i.test(m[1])) role = 'judge';
    else if (/^\s+(?:v\.|vs\.?)\s/i.test(around)) role = 'plaintiff';
    else if (/(?:v\.|vs\.?)\s*$/i.test(before)) role = 'defendant';
    else if (
      captioned &&
      /^[\s,]*(?:et al\.,?\s*)?(?:\n\s*)?(?:plaintiffs?|petitioner)\b|^\s*and\s+[\p{Lu}\s.]+,?\s*\n?\s*plaintiffs?/iu.test(
        around,
      )
    )
      role = 'plaintiff';
    else if (captioned && /^[\s,]*(?:\n\s*)?(?:defendants?|respondent)\b/i.test(around)) role = 'defendant';
    else if (/^\s*\n\s*(?:united states district |circuit |district )?judge\b/i.test(around)) role = 'judge';
    else {
      const r = roleFrom(
        before,
        text.slice(end, text.indexOf('\n', end) < 0 ? undefined : text.indexOf('\n', end)),
        lines[scan.lineOf(start) + 1] ?? '',
      );
      role = r.role;
    }
    if (role === null && /(?:between|in re appraisal between)\s*$/i.test(before)) role = null;
    scan.mentions.push({ name, index: start, end, cued: true, role, roleWeight: role ? 3 : 0 });
  }
}

/** Couples sharing a surname: "Samuel & Kimberly Oyelaran", "Ewa and Tomasz Kowalski". */
function findCouples(scan: Scan) {
  for (const m of scan.text.matchAll(PAIR)) {
    const [a, b, surname] = [m[1]!, m[2]!, m[3]!];
    if (
      NOT_NAME.has(surname.toLowerCase()) ||
      !(GIVEN_NAMES.has(a.toLowerCase()) || GIVEN_NAMES.has(b.toLowerCase()))
    )
      continue;
    const before = scan.text.slice(Math.max(0, m.index! - 60), m.index!);
    const { role, weight } = roleFrom(before, '', '');
    for (const given of [a, b])
      scan.mentions.push({
        name: `${given} ${surname}`,
        index: m.index!,
        end: m.index! + m[0].length,
        cued: true,
        role,
        roleWeight: weight,
      });
  }
}

/** Pending names joined by "and" to a person, and roles shared across "and". */
function joinPartners(scan: Scan) {
  const { text, mentions, pending } = scan;
  // "Ewa Kowalski and Tomasz Kowalski": a name joined by "and" to a person is a person too.
  for (const p of pending) {
    const partner = mentions.find(
      (m) =>
        /^[ \t]*(?:and|&)[ \t]+$/.test(text.slice(m.end, p.index)) ||
        /^[ \t]*(?:and|&)[ \t]+$/.test(text.slice(p.end, m.index)),
    );
    if (partner) mentions.push({ ...p, cued: true, role: partner.role, roleWeight: partner.roleWeight });
  }

  // "Named Insureds: Priya Raman and Steven Raman": the second shares the first's role.
  for (const m of mentions) {
    if (m.role) continue;
    const partner = mentions.find(
      (o) => o.role && /^[ \t]*(?:and|&)[ \t]+$/.test(text.slice(o.end, m.index)),
    );
    if (partner) [m.role, m.roleWeight] = [partner.role, 1];
  }
}

/** Roles of signers: a law firm's letter is signed by a lawyer, as is "…, for the firm". */
function giveSignersTheirRole(scan: Scan, type: DocumentType | undefined) {
  const { text, lines, mentions } = scan;
  // A letter on a law firm's letterhead is signed by one of its lawyers.
  const letterhead = lines.slice(0, 4).join(' ');
  if (type === 'correspondence' && /\b(?:law|lawyers|attorneys?|p\.a\.|esq)\b/i.test(letterhead)) {
    const signer = [...mentions].reverse().find((m) => {
      const li = scan.lineOf(m.index);
      return (
        lines[li]!.trim() === m.name ||
        lines[li]!.trim().startsWith(`${m.name},`) ||
        CLOSING.test(lines[li - 1] ?? '')
      );
    });
    if (signer && !signer.role) [signer.role, signer.roleWeight] = ['attorney', 1];
  }
  for (const m of mentions)
    if (!m.role && /^,?\s*for the firm\b/i.test(text.slice(m.end, m.end + 20)))
      [m.role, m.roleWeight] = ['attorney', 1];
}

/** Names the firm taught: listed wherever they appear. */
function findLearnedPersons(scan: Scan, learned: LearnedCorrections | undefined) {
  for (const person of learned?.persons ?? []) {
    const at = scan.text.toLowerCase().indexOf(person.name.toLowerCase());
    if (at >= 0)
      scan.mentions.push({
        name: person.name,
        index: at,
        end: at + person.name.length,
        cued: true,
        role: person.role,
        roleWeight: 10,
      });
  }
}

/** One entry per person: "Sam Oyelaran" joins "Samuel Oyelaran"; the best-supported role wins. */
function merge(
  mentions: Mention[],
  text: string,
  { type, learned }: { type?: DocumentType; learned?: LearnedCorrections },
): FoundPerson[] {
  const people: Array<{ key: string; name: string; index: number; votes: Map<PersonRole, number> }> = [];
  const sorted = [...mentions].sort((a, b) => a.index - b.index);
  for (const m of sorted) {
    const key = normaliseName(m.name);
    const [given, ...rest] = key.split(' ');
    const surname = rest[rest.length - 1];
    if (!given || !surname) continue;
    let person = people.find((p) => {
      const [pg, ...pr] = p.key.split(' ');
      return (
        pr[pr.length - 1] === surname && (pg === given || pg!.startsWith(given) || given.startsWith(pg!))
      );
    });
    if (!person) {
      person = { key, name: m.name, index: m.index, votes: new Map() };
      people.push(person);
    } else if (key.length > person.key.length) {
      person.key = key;
      person.name = m.name;
    }
    if (m.role) person.votes.set(m.role, (person.votes.get(m.role) ?? 0) + m.roleWeight);
  }

  const suppressed = new Set(
    (learned?.suppressed ?? []).filter((s) => s.entity === 'person').map((s) => normaliseName(s.text)),
  );
  const taught = new Map((learned?.persons ?? []).map((p) => [normaliseName(p.name), p.role]));
  const lower = text.toLowerCase();
  return people
    .filter((p) => !suppressed.has(p.key))
    .map((p) => {
      let role: PersonRole | null = null;
      let best = 0;
      for (const [r, w] of p.votes) if (w > best) [role, best] = [r, w];
      // In a court filing a party's role is plaintiff or defendant, even if also "insured".
      if (type === 'pleading' && p.votes.has('plaintiff') && role === 'insured') role = 'plaintiff';
      if (role === null) role = letterRole(p, lower, text, type);
      if (taught.has(p.key)) role = taught.get(p.key)!;
      return { name: p.name, role, index: p.index };
    });
}

/**
 * A letter about "your claim" is written to the insured; a letter about "my insurer" is written by
 * them. Only for correspondence, and only for the person it is addressed to or signed by.
 */
function letterRole(
  p: { name: string; index: number; key: string },
  lower: string,
  text: string,
  type?: DocumentType,
): PersonRole | null {
  if (type !== 'correspondence') return null;
  const surname = p.key.split(' ').pop()!;
  const head = text.split('\n').slice(0, 16).join('\n').toLowerCase();
  const addressed =
    new RegExp(`dear (?:mr\\.|ms\\.|mrs\\.)?\\s*(?:\\p{L}+\\s+)?${surname}\\b`, 'u').test(lower) ||
    new RegExp(
      `^\\s*(?:to:\\s*)?(?:mr\\.|ms\\.|mrs\\.)?\\s*${p.key.replace(/ /g, '\\s+(?:\\p{L}\\.\\s+)?')}\\s*$`,
      'mu',
    ).test(head);
  if (
    addressed &&
    /\byour (?:claim|policy|homeowners|insurance|insurer|home|property|deductible)\b/.test(lower)
  )
    return 'insured';
  const authored =
    new RegExp(`^\\s*from:\\s*${p.key.split(' ')[0]}`, 'mu').test(lower) || lower.trim().endsWith(surname);
  if (
    authored &&
    /\b(?:my|our) (?:insurer|insurance|claim|policy|homeowners|adjuster|deductible|ale\b|additional living)/.test(
      lower,
    )
  )
    return 'insured';
  return null;
}
