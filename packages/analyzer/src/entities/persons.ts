import type { DocumentType, PersonRole } from '@sentinel/shared';
import { normaliseName, type LearnedCorrections } from '../learned';
import { isGivenName } from './given-names';
import {
  CLOSING,
  NOT_NAME,
  OFFICE_AFTER,
  ORG_AFTER,
  ORG_WORD,
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
// (A nickname in quotes counts: J. R. “Bobby” Flores.)
const TOKEN = `(?:(?:Mr|Mrs|Ms|Dr|Hon)\\.|${UPPER}\\.|${SURNAME}|[“"]${UPPER}${LOWER}+[”"])`;
// Words are a space apart; beside a middle initial up to three (court opinions' justified plain
// text widens gaps: "Melissa   J.  Garand"; elsewhere a wide gap is a table's column), on a
// justified line (markJustifiedGaps) two or three anywhere, or a line: after a middle initial
// ("Gerard B.\nSullivan"), before one ("Thomas\nJ. Trebilcock"), or between a lone given name
// in running text and a surname that ends its words ("met one John\nMcNamara."); a numbered
// page's line number may stand between ("Antony L.\n19   Ryan").
// (A possessive ends a run: "Ken Lay's", "Tate Reeves’s".)
/** What markJustifiedGaps puts for a justified line's extra spaces. */
const JUSTIFIED_SPACE = '\u00A0';
/** The share of a text's lines that make it justified (markJustifiedGaps). */
const JUSTIFIED_SHARE = 0.25;
const LINE_BREAK = `[ \\t]*\\n(?:[ \\t]*\\n)?[ \\t]*(?:\\d{1,2}[ \\t]{2,})?`;
const GAP = `(?:[ \\t]|[ \\t]${JUSTIFIED_SPACE}{1,2}|(?<=\\b${UPPER}\\.)[ \\t]{2,3}|[ \\t]{2,3}(?=${UPPER}\\.[ \\t])|(?<=\\p{L}[ \\t${JUSTIFIED_SPACE}]{1,3}${UPPER}\\.)${LINE_BREAK}|(?<=${UPPER}${LOWER}+)${LINE_BREAK}(?=${UPPER}\\.[ \\t])|(?<=(?:\\s\\p{Ll}[\\p{L}'’-]*|(?<!\\b${UPPER})[.,;:(])[ \\t${JUSTIFIED_SPACE}]+${UPPER}${LOWER}+)${LINE_BREAK}(?=${SURNAME}(?![\\p{L}-]|[ \\t]+${UPPER})))`;
const RUN = new RegExp(`(?<![\\p{L}'.-])${TOKEN}(?:${GAP}${TOKEN})+(?![\\p{L}-]|['’](?![sS]\\b))`, 'gu');
const TITLE_TOKEN = /^(?:mr|mrs|ms|dr|hon|judge)\.?$/i;
// MARIA HERNANDEZ · HENRY T. WINGATE · JUDGE ANTHONY R. DELUCA · (in a caption) MARTA LEYLA HERNANDEZ PINEDA
const CAPS = new RegExp(
  `((?:JUDGE|HON\\.|DR\\.)[ \\t]+)?\\b(${UPPER}{2,})(?:[ \\t]+(${UPPER}\\.?))?[ \\t]+((?:O'|MC)?${UPPER}{2,}(?:-${UPPER}{2,})?)\\b(?:[ \\t]+(?!(?:AND|OR|VS?|ET|THE|OF|INC|LLC|CO)\\b)(${UPPER}{2,}(?:-${UPPER}{2,})?(?:[ \\t]+(?!(?:AND|OR|VS?|ET|THE|OF|INC|LLC|CO|AS)\\b)${UPPER}{2,}(?:-${UPPER}{2,})?)?)\\b)?`,
  'gu',
);
// Samuel & Kimberly Oyelaran · Ewa and Tomasz Kowalski (not the end of "Fernandez-Bared and …")
const PAIR = new RegExp(
  `(?<![\\p{L}.][ \\t]|[-'’])\\b(${GIVEN})[ \\t]+(?:&|and)[ \\t]+(${GIVEN})[ \\t]+(${SURNAME})\\b`,
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

/** The last word of a town's name that starts with a given name: "Beverly Hills", "Glen Cove". */
const TOWN_END =
  /^(?:hills?|heights|cove|springs?|oaks?|park|beach|falls|grove|lakes?|harbou?r|bay|valley|city|village|station|point|creek|ridge|woods?|gardens?|acres|landing|shores?|mills?|esther)$/i;
/** A middle initial: "A.". */
const isInitial = (token: string) => /^\p{Lu}\.$/u.test(token);
/** A word that is never part of a name (a middle initial "A." is not the article "a"). */
const notName = (token: string) => !isInitial(token) && NOT_NAME.has(token.toLowerCase().replace(/\.$/, ''));

const titleCase = (word: string) =>
  word
    .toLowerCase()
    .replace(/(^|[-'])(\p{Ll})/gu, (_, sep: string, ch: string) => sep + ch.toUpperCase())
    // McCarty; not "Mac", which would make Machado "MacHado".
    .replace(/^(Mc)(\p{Ll})/u, (_, pre: string, ch: string) => pre + ch.toUpperCase());

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
  findNameLists(scan);
  findMailHeaderNames(scan);
  joinPartners(scan);
  findJudgesPanel(scan);
  findAuthoringJudge(scan);
  findOneWordNames(scan);
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
  if (tokens.some(notName)) return;
  if (ORG_AFTER.test(text.slice(end, end + 20)) || orgWordAfter(text, end)) return;
  // A firm's name broken over lines (a numbered line's number between): "Hughes Hubbard⏎13 & Reed LLP".
  if (
    /^[ \t]*\n[ \t]*(?:\d{1,2}[ \t]+)?(?:&|,?[ \t]*(?:Inc|LLC|L\.L\.C|LLP|L\.L\.P|Corp)\b)/.test(
      text.slice(end, end + 80),
    )
  )
    return;
  // A place's name before a building's: "San Juan Dupont Plaza Hotel".
  if (/\b(?:San|Santa|Fort|Mount|Port|Saint)[ \t]+$/.test(text.slice(Math.max(0, index - 8), index))) return;
  // An act named after a person, also across a line break: "Robert T. Stafford⏎Disaster Relief …".
  if (/^[ \t]*\n[ \t]*(?:Disaster|Act)\b/.test(text.slice(end, end + 20))) return;
  // A company "of" a country: "Pizza Hut of America, LLC". ("David P. Pakula of David P. Pakula,
  // P.A." is counsel and his firm.)
  if (/^[ \t]+of[ \t]+America\b/i.test(text.slice(end, end + 20))) return;
  // A firm with a word between its names and its form: "Hogan Lovells US LLP", "Pierce Atwood LLP".
  if (
    /^(?:[ \t]+\p{Lu}[\p{L}&.]*){1,2},?[ \t]+(?:L\.?L\.?P|P\.?L\.?L\.?C|L\.?L\.?C|P\.\s?A|P\.\s?C|Inc)\b/u.test(
      text.slice(end, end + 40),
    )
  )
    return;
  if (/^[ \t]*\(\p{Lu}{2,5}\)/u.test(text.slice(end, end + 10))) return; // a ticker: "Horace Mann Educators (HMN)"
  const lineStart = text.lastIndexOf('\n', index - 1) + 1;
  // A street's number: "44 Laurel Fork Road" (not a sentence's last figure, "… for $3,250,000.
  // Ronald Cote", nor a numbered page's line number, "12   Michael E. Salzman").
  if (
    /\d(?:[\w.]*\w)?[ \t]+(?:[NSEW]\.?[ \t]+)?$/.test(text.slice(Math.max(0, index - 12), index)) &&
    !/^[ \t]*\d{1,2}[ \t]{2,}$/.test(text.slice(lineStart, index))
  )
    return;
  const lineEnd = text.indexOf('\n', end) < 0 ? text.length : text.indexOf('\n', end);
  const before = text.slice(Math.max(lineStart, index - 80), index);
  const after = text.slice(end, lineEnd);
  const li = scan.lineOf(index);
  const nextLine = lines[li + 1] ?? '';
  // A firm's city in a counsel line: "… of Perry & Neblett, P.A., Pembroke Pines, for appellants".
  // (A town has no middle initial: "… Snyder LLP, John A. Tarantino" is counsel; nor, unless its
  // last word is a town's, a given name first: "… P.C., Raymond Marcaccio" but "Beverly Hills".)
  if (
    /\b(?:P\.\s?A|P\.\s?C|L\.?L\.?P|LLC|Inc)\.?,[ \t]*$/.test(before) &&
    !tokens.some(isInitial) &&
    (!isGivenName(tokens[0]!) || TOWN_END.test(tokens[tokens.length - 1]!))
  )
    return;
  // A case cited by name ("Smith v. Jones, 123 F.3d 45"), not a party in this case's caption.
  if (
    (/^,?\s+vs?\.\s+\p{Lu}/u.test(text.slice(end, end + 8)) || /\b(?:vs?\.|in re)\s*$/i.test(before)) &&
    !captionedAt(text, end)
  )
    return;
  // A counsel block: "Kevin Demko, with whom Richard H. Frankel was on brief, for appellant."
  // (Also "X on brief pro se", and the gaps and line breaks of an opinion's plain text.)
  const counsel =
    /^[^;]{0,240}?(?:\bon\s+(?:the\s+)?brief\b|,\s*for\s+(?:the\s+)?(?:appellants?|appellees?|petitioners?|respondents?|plaintiffs?|defendants?|intervenors?|amic(?:us|i))\b|\s+for\s+(?:the\s+)?(?:[\w-]+-)?(?:appellants?|appellees?|intervenors?|amic(?:us|i))\b)/i.test(
      text.slice(end, end + 280),
    );
  // Signature block: the name alone on a line after a closing, or under a title line.
  let prev = li - 1;
  while (prev >= 0 && lines[prev]!.trim() === '') prev--;
  const aloneOnLine = text.slice(lineStart, lineEnd).trim() === text.slice(index, end).trim();
  // (Also under a one-word sign-off: "Sincerely,\nVic\nVic Gatto".)
  const signOff = prev >= 1 && /^\s*\p{Lu}\p{Ll}+\s*$/u.test(lines[prev]!) && CLOSING.test(lines[prev - 1]!);
  const signature = aloneOnLine && prev >= 0 && (CLOSING.test(lines[prev]!) || signOff);
  const cued =
    titled ||
    counsel ||
    /\b(?:mr|mrs|ms|dr|hon|judge)\.?\s*$/i.test(before) ||
    PERSON_CUE_BEFORE.test(before) ||
    PERSON_CUE_AFTER.test(after) ||
    OFFICE_AFTER.test(text.slice(end, end + 80)) ||
    signature ||
    (aloneOnLine && ROLE_AFTER.some(([, re]) => re.test(nextLine)));
  const known = isGivenName(first);
  if (!cued && !known) {
    scan.pending.push({ name, index, end });
    return;
  }
  if (isInitial(first) && !cued) return; // "R. Thornton" needs a cue
  if (last.length < 2) return;
  // (Words at the name itself come first: "[Hon. X, U.S. District Judge]" above a counsel block.)
  const said = roleFrom(before, after, nextLine);
  const { role, weight } = counsel && said.weight < 2 ? { role: 'attorney' as const, weight: 1 } : said;
  scan.mentions.push({ name, index, end, cued, role, roleWeight: weight });
}

/**
 * Runs of capitalised words ("Hon. Marcus T. Oyelowo"), cut at words that are not names into the
 * names they hold: "Petitioner Lorraine Pike", "Brenda Kessling Senior", and lists on one line
 * ("Merle D. Scheiber, Vice Chair South Dakota James J. Donelon Louisiana").
 */
function findCapitalisedRuns(scan: Scan) {
  for (const m of markJustifiedGaps(scan).matchAll(RUN)) {
    // (Without a numbered page's line numbers: "Antony L.⏎19   Ryan".)
    const words = [...m[0].matchAll(/\S+/g)].filter((w) => !/^\d+$/.test(w[0]));
    const tokens = words.map((w) => w[0]);
    const offsets = words.map((w) => m.index! + w.index!);
    let a = 0;
    let titled = false;
    while (a < tokens.length) {
      if (TITLE_TOKEN.test(tokens[a]!) || notName(tokens[a]!)) {
        titled = TITLE_TOKEN.test(tokens[a]!);
        a++;
        continue;
      }
      let b = a;
      while (b < tokens.length && !notName(tokens[b]!) && !TITLE_TOKEN.test(tokens[b]!)) b++;
      considerRun(scan, tokens, offsets, a, b, titled);
      titled = false;
      a = b;
    }
  }
}

/**
 * Justified plain text (court opinions as .txt) widens the gaps between words, names' too:
 * "C. Sidney  Lester with  whom  Lester, Hubbert &  Gill". A text is justified when at least
 * JUSTIFIED_SHARE of its lines of five words or more have a gap of two or three spaces between
 * lower-case words (the 15 justified texts of evaluation/fresh-opinions and one of the corpus'
 * development half: 0.39 to 0.71; every other text of the corpora: 0.07 or less; a page of tables
 * or a form has such gaps too, but not in its prose). On its lines with at least two such gaps
 * and none wider (a table's columns are wider), each gap's extra spaces become JUSTIFIED_SPACE,
 * which RUN reads as part of a word gap. The text keeps its length, so the offsets of what RUN
 * finds stay true.
 */
function markJustifiedGaps({ text, lines }: Scan): string {
  const prose = lines.map((line) => line.trim()).filter((line) => line.split(/\s+/).length >= 5);
  const widened = prose.filter((line) => /\p{Ll} {2,3}\p{Ll}/u.test(line)).length;
  if (prose.length === 0 || widened < prose.length * JUSTIFIED_SHARE) return text;
  return text.replace(/[^\n]+/g, (line) => {
    const body = line.trim();
    if ((body.match(/(?<=\S) {2,3}(?=\S)/g)?.length ?? 0) < 2 || / {4}|\t/.test(body)) return line;
    return line.replace(
      /(?<=\S) ( {1,2})(?=\S)/g,
      (_, extra: string) => ` ${JUSTIFIED_SPACE.repeat(extra.length)}`,
    );
  });
}

/** One stretch of name words from a run (tokens a … b−1). */
function considerRun(scan: Scan, tokens: string[], offsets: number[], a: number, b: number, titled: boolean) {
  // A letter ending a line starts no name ("Exhibit A.\nJohn Smith" is John Smith).
  while (b - a > 2 && isInitial(tokens[a]!) && scan.text.slice(offsets[a]!, offsets[a + 1]).includes('\n'))
    a++;
  // "Homeowner Hugo Lindqvist", "Task Force Agent Lawrence Lepore": start at the given name.
  while (b - a >= 3 && !isGivenName(tokens[a]!) && tokens.slice(a + 1, b - 1).some((t) => isGivenName(t)))
    a++;
  const name = tokens.slice(a, b);
  const initials = name.filter(isInitial).length;
  // (Four words only from a known given name: "José Luis Novas Debien".)
  const words = name.length - initials;
  if (name.length < 2 || name.length > 4 || (words > 3 && !isGivenName(name[0]!))) return;
  if (isInitial(name[name.length - 1]!)) return;
  // Two words a line apart with no initial beside the break: a name only from a known given name.
  const brokenBetweenWords = (i: number) =>
    scan.text.slice(offsets[i]!, offsets[i + 1]).includes('\n') &&
    !isInitial(tokens[i]!) &&
    !isInitial(tokens[i + 1]!);
  if (!isGivenName(tokens[a]!) && name.some((_, j) => j + 1 < name.length && brokenBetweenWords(a + j)))
    return;
  const start = offsets[a]!;
  consider(scan, name.join(' '), start, offsets[b - 1]! + tokens[b - 1]!.length, titled);
}

/**
 * A caption: the party label right after the name ("ROBERTO SALINAS,\n  Plaintiff,"), not a
 * heading followed by a paragraph that starts with "Plaintiff …".
 */
function captionedAt(text: string, end: number): boolean {
  const around = text.slice(end, end + 60);
  return (
    /^[ \t]*,?[ \t]*(?:et al\.,?[ \t]*)?(?:a\/k\/a[^,\n]{1,30},[ \t]*)?(?:\n[ \t]*)*(?:plaintiffs?|defendants?|petitioner|respondent|claimant|appellant|appellee)[ \t]*(?:[,.]|\n|$)/iu.test(
      around,
    ) ||
    /^[ \t]*(?:and|AND|&)[ \t]+[\p{Lu} \t.]+,?[ \t]*\n?[ \t]*(?:PLAINTIFFS?|[Pp]laintiffs?)[ \t]*[,.]/u.test(
      around,
    ) ||
    /^[ \t]+(?:v\.|vs\.?)\s/i.test(around)
  );
}

/** A company's form after a name in capitals: ", INC.", ", INCORPORATED", ", N.A.", " CO." (not ", CO-TRUSTEE"). */
const CAPS_FORM_AFTER =
  /^,?[ \t]*(?:INC|INCORPORATED|CORP|CORPORATION|CO|COMPANY|LLC|L\.L\.C|LTD|LIMITED|LLP|L\.L\.P|L\.P|PLC|N\.A|P\.A|P\.C|S\.A)\b(?!-)/;
/**
 * The name is followed on its line by a word that ends a company's or a building's name, right
 * after it or a few capitalised words on ("Daniel Patrick Moynihan United States Courthouse").
 */
const orgWordAfter = (text: string, end: number) => {
  // ("JOHN SMITH AND FIRST BANK" names a person and a bank.)
  const next = /^(?:[ \t](?!(?:AND|OR|VS?\.?)[ \t])\p{Lu}[\p{L}.'-]*){1,3}/u.exec(text.slice(end, end + 60));
  return (
    next !== null && next[0].split(/[ \t]/).some((w) => ORG_WORD.has(w.toLowerCase().replace(/\.$/, '')))
  );
};

/** Names in capitals (captions, headings): "ROBERTO SALINAS, Plaintiff", "JUDGE ANTHONY R. DELUCA". */
function findNamesInCapitals(scan: Scan) {
  const { text, lines } = scan;
  CAPS.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = CAPS.exec(text))) {
    // A match that is not kept is tried again from its second word: "CA PATSY J. ODOM, Plaintiff".
    CAPS.lastIndex = m.index + (m[1]?.length ?? 0) + m[2]!.length;
    const [given, surname] = [m[2]!, m[4]!];
    const initial = m[3] && !m[3].endsWith('.') ? `${m[3]}.` : m[3];
    const start = m.index! + (m[1]?.length ?? 0);
    // A second surname ("JORGE L CAO GARCIA, Plaintiff"), or two, only in a caption.
    let second = m[5];
    let end = m.index + m[0].length;
    // (Outside a caption, a third word only after a given name in the middle: "ROBERT ALAN GARRETT".)
    if (second && !captionedAt(text, end) && !(isGivenName(surname) && !/[ \t]/.test(second))) {
      second = undefined;
      end = m.index + m[0].indexOf(surname, (m[1]?.length ?? 0) + given.length) + surname.length;
    }
    const around = text.slice(end, end + 60);
    const captioned = captionedAt(text, end);
    // OCR spreads a heading's letters ("C OMPLA INT"): a lone capital before the match, or a
    // case number's suffix ("2019-CA-012345-CI"), is part of another word, not a name.
    if (!m[1] && /(?:^|[^\p{L}.])\p{Lu}[ \t]$|[-/\d]$/u.test(text.slice(Math.max(0, start - 3), start)))
      continue;
    if (!captioned && !m[1] && !isGivenName(given)) continue;
    // A company's name, not a person's: its form after it ("DELMAR FURNITURE WAREHOUSE,
    // INCORPORATED", "MORGAN STANLEY BANK, N.A.", "COASTAL FUELS OF PUERTO RICO, INC."), or a word
    // that ends a company's name.
    const following = text.slice(end, end + 50).replace(/^[ \t]+OF(?:[ \t]+\p{Lu}{2,}){1,3}(?=,|[ \t])/u, '');
    if (
      /^[ \t]+OF[ \t]+AMERICA\b/.test(following) ||
      CAPS_FORM_AFTER.test(following) ||
      orgWordAfter(text, end)
    )
      continue;
    if (!captioned && !m[1] && text.slice(Math.max(0, start - 30), start).match(/[\p{Lu}]{3,}\s*$/u))
      continue;
    const name = [
      titleCase(given),
      initial,
      titleCase(surname),
      second
        ?.split(/[ \t]+/)
        .map(titleCase)
        .join(' '),
    ]
      .filter(Boolean)
      .join(' ');
    const before = text.slice(Math.max(0, start - 40), start);
    if ([given, surname, ...(second ?? '').split(/[ \t]+/)].some((w) => NOT_NAME.has(w.toLowerCase())))
      continue;
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
    CAPS.lastIndex = end;
  }
}

/**
 * Lists of names, one a line ("- Rafay Baloch", "Niamh Clarke, EGM Liquids Trading"): four or more
 * lines in a row that open with a capitalised name, half of them with a known given name, are a
 * list of people, so its names without a known given name are people too.
 */
function findNameLists(scan: Scan) {
  const { lines } = scan;
  const HEAD = new RegExp(
    `^([ \\t]*(?:[-*•·]|\\d{1,3}[.)])?[ \\t]*)(${TOKEN}(?:[ \\t]${TOKEN}){1,3})(?=[ \\t]*(?:$|,|\\(|[-–][ \\t]|@|\\\\))`,
    'u',
  );
  let offset = 0;
  const heads = lines.map((line) => {
    const m = HEAD.exec(line);
    const at = offset;
    offset += line.length + 1;
    if (!m) return undefined;
    const tokens = m[2]!.split(/[ \t]+/);
    if (tokens.some(notName) || isInitial(tokens[tokens.length - 1]!)) return undefined;
    return { name: m[2]!, index: at + m[1]!.length, known: isGivenName(tokens[0]!) };
  });
  for (let i = 0; i < heads.length;) {
    let j = i;
    while (j < heads.length && (heads[j] || lines[j]!.trim() === '')) j++;
    const block = heads.slice(i, j).filter((h) => h !== undefined);
    if (block.length >= 4 && block.filter((h) => h.known).length * 2 >= block.length)
      for (const h of block)
        if (!scan.mentions.some((m) => m.index === h.index))
          scan.mentions.push({
            name: h.name,
            index: h.index,
            end: h.index + h.name.length,
            cued: true,
            role: null,
            roleWeight: 0,
          });
    i = j + 1;
  }
}

/**
 * Names in e-mail headers written the mail system's way: "Martinez, Vidal <VMartinez@…>" and
 * Enron's "Jeff Dasovich@ENRON", "Sally Beck/HOU/ECT@ECT".
 */
function findMailHeaderNames(scan: Scan) {
  const { text } = scan;
  const HEADER = /^[ \t]*(?:x-)?(?:from|to|cc|bcc)[ \t]*:[^\n]*/gim;
  const TURNED = /(\p{Lu}[\p{Ll}'’-]+),[ \t]*(\p{Lu}[\p{Ll}]+)(?:[ \t]+\p{Lu}\.)?[ \t]*(?=<)/gu;
  const AT = /(?<![\p{L}.])(\p{Lu}\p{Ll}+(?:[ \t]\p{Lu}\.)?[ \t]\p{Lu}[\p{Ll}'’-]+)(?=(?:\/[\w-]+)*@)/gu;
  for (const header of text.matchAll(HEADER)) {
    const at = header.index!;
    for (const m of header[0].matchAll(TURNED)) {
      if (NOT_NAME.has(m[1]!.toLowerCase()) || NOT_NAME.has(m[2]!.toLowerCase())) continue;
      const index = at + m.index!;
      scan.mentions.push({
        name: `${m[2]} ${m[1]}`,
        index,
        end: index + m[0].length,
        cued: true,
        role: null,
        roleWeight: 0,
      });
    }
    for (const m of header[0].matchAll(AT)) {
      const index = at + m.index!;
      scan.mentions.push({
        name: m[1]!,
        index,
        end: index + m[1]!.length,
        cued: true,
        role: null,
        roleWeight: 0,
      });
    }
  }
}

/** Words of a judges' panel that are not names: "Before Lynch, Chief Judge, Howard and Thompson, Circuit Judges." */
const PANEL_WORDS =
  /^(?:before|chief|judges?|justices?|circuit|senior|district|associate|retired|u\.s\.|united|states|supreme|court|of|the|appeals|sitting|by|designation|magistrate|hon\.?|honorable|en|banc|and|present|panel|\W*)$/i;

/** The judges named in a "Before …" line: persons, by surname as the line gives them. */
function findJudgesPanel(scan: Scan) {
  const { text } = scan;
  for (const m of text.matchAll(/(?:^|\s)(?:PRESENT|Before|BEFORE|B e f o r e)[:\s]+/g)) {
    const start = m.index! + m[0].length;
    // The panel ends at its sentence's full stop (not an initial's) or a blank line, unless the
    // line before it ends in a comma or "and" (opinions set one judge a line, blank lines between).
    const rest = text.slice(start, start + 400);
    const stop = /\.(?=\s)(?<!\b\p{Lu}\.)|(?<![,&]\s*|\band\s*)\n[ \t]*\n(?=[ \t]*\S)/u.exec(rest);
    const panel = stop ? rest.slice(0, stop.index) : rest;
    if (!/\b(?:judges?|justices?|JJ?\.)/i.test(panel)) continue;
    for (const piece of panel.matchAll(/[^,\n]+/g)) {
      for (const part of piece[0].split(/\s+and\s+|\s*&\s*/)) {
        const words = part
          .trim()
          .split(/\s+/)
          // (A footnote mark: "McAuliffe,*", "Ripple* and Selya".)
          .map((w) => w.replace(/\*+$/, ''))
          .filter((w) => !PANEL_WORDS.test(w.replace(/\.$/, '')));
        if (words.length === 0 || words.length > 3 || !words.every((w) => /^\p{Lu}[\p{L}'.-]*$/u.test(w)))
          continue;
        const name = words.join(' ');
        const index = start + piece.index! + piece[0].indexOf(words[0]!);
        scan.mentions.push({
          name,
          index,
          end: index + name.length,
          cued: true,
          role: 'judge',
          roleWeight: 3,
        });
      }
    }
  }
}

/** The judge who wrote an opinion, on a line of their own: "Taylor, J.", "LAMBERT, C.J.". */
function findAuthoringJudge(scan: Scan) {
  for (const m of scan.text.matchAll(
    /^[ \t]*(\p{Lu}[\p{Ll}'’-]+|\p{Lu}{2,}),[ \t]+(?:C\.[ \t]?)?J\.[ \t]*$/gmu,
  )) {
    const name = m[1]!.length > 1 && m[1] === m[1]!.toUpperCase() ? titleCase(m[1]!) : m[1]!;
    if (NOT_NAME.has(name.toLowerCase())) continue;
    const index = m.index! + m[0].indexOf(m[1]!);
    scan.mentions.push({ name, index, end: index + m[1]!.length, cued: true, role: 'judge', roleWeight: 3 });
  }
}

/** Words that follow "Dear" but are not a person ("Dear Sirs", "Dear Shareholders"). */
const GREETING_NOUNS =
  /^(?:sirs?|madam|colleagues?|friends?|shareholders?|stockholders?|customers?|members?|team|all|everyone|folks|partners?|clients?|employees?|valued|fellow|investors?|reader|applicant|candidate|hiring|policyholders?|neighbors?|community)$/i;
const ONE_WORD_TITLE =
  /(?:\b(?:mr|mrs|ms|dr)\.|\b(?:president|governor|senator|judge|justice|commissioner|chairman|chairwoman|secretary|congressman|congresswoman|representative|professor))[ \t]*$/i;

/**
 * Persons named by one word: after "Dear" or a title ("Dear Harry,", "Mr. Arora", "President
 * Biden"), a greeting line in an e-mail ("Kira-", a known given name alone), and a sign-off under
 * a closing ("Regards,\nRoss").
 */
function findOneWordNames(scan: Scan) {
  const { text, lines } = scan;
  const push = (name: string, index: number, role: PersonRole | null = null) => {
    if (NOT_NAME.has(name.toLowerCase()) || GREETING_NOUNS.test(name)) return;
    scan.mentions.push({ name, index, end: index + name.length, cued: true, role, roleWeight: role ? 2 : 0 });
  };
  // (Surnames with an inner capital count: "Ms. LeMaster", "Mr. McCarthy".)
  const WORD =
    /(\p{Lu}(?:['’]\p{Lu})?\p{Ll}+(?:\p{Lu}\p{Ll}+)?(?:-\p{Lu}\p{Ll}+)?)(?![\p{L}-]|[ \t]+\p{Lu}|\.\p{L})/gu;
  for (const m of text.matchAll(WORD)) {
    const before = text.slice(Math.max(0, m.index! - 30), m.index!);
    if (/\bdear[ \t]+(?:(?:mr|mrs|ms|dr)\.[ \t]*)?$/i.test(before) || ONE_WORD_TITLE.test(before)) {
      const role = /(?:judge|justice)\s*$/i.test(before) ? 'judge' : null;
      push(m[1]!, m.index!, role);
    }
  }
  let offset = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const at = offset;
    offset += line.length + 1;
    const m = /^([ \t]*)(\p{Lu}[\p{Ll}]+)[ \t]*(?:([,:!-])|\([\p{L} ]+\))?[ \t]*$/u.exec(line);
    if (!m) continue;
    const word = m[2]!;
    let prev = i - 1;
    while (prev >= 0 && lines[prev]!.trim() === '') prev--;
    const signOff = prev >= 0 && CLOSING.test(lines[prev]!);
    const afterHeader = prev >= 0 && /^\s*(?:subject|cc|to|from|date|sent)\s*:/i.test(lines[prev]!);
    const greeting = (afterHeader || (m[3] !== undefined && m[3] !== '!')) && isGivenName(word);
    if (signOff || greeting) push(word, at + m[1]!.length);
  }
}

/** Couples sharing a surname: "Samuel & Kimberly Oyelaran", "Ewa and Tomasz Kowalski". */
function findCouples(scan: Scan) {
  for (const m of scan.text.matchAll(PAIR)) {
    const [a, b, surname] = [m[1]!, m[2]!, m[3]!];
    if (NOT_NAME.has(surname.toLowerCase()) || !(isGivenName(a) || isGivenName(b))) continue;
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
    // (Also a name said without its last surname: "Jorge Cao" for "Jorge L. Cao Garcia".)
    const shortened = (a: string, b: string) => a.includes(' ') && b.startsWith(`${a} `);
    let person = people.find((p) => {
      const [pg, ...pr] = p.key.split(' ');
      return (
        (pr[pr.length - 1] === surname && (pg === given || pg!.startsWith(given) || given.startsWith(pg!))) ||
        shortened(key, p.key) ||
        shortened(p.key, key)
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
  // A name said as one word ("Dear Harry", "Judge Lynch", a sign-off "Marc") joins the person whose
  // given name or surname it is, else stands alone.
  for (const m of sorted) {
    const key = normaliseName(m.name);
    if (!key || key.includes(' ')) continue;
    let person = people.find((p) => {
      const words = p.key.split(' ');
      return words.length > 1 && (words[0] === key || words[words.length - 1] === key);
    });
    if (!person) {
      person = people.find((p) => p.key === key) ?? { key, name: m.name, index: m.index, votes: new Map() };
      if (!people.includes(person)) people.push(person);
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
