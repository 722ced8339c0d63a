/**
 * Layout and phrasing cues that words alone capture badly: a letter's salutation and closing, an
 * e-mail header, a court caption, a table of amounts, the share of lines that are numbers. Each cue
 * becomes a pseudo-word (`__cue_…`) in the feature vector, so the classifier learns from the
 * corpus how much each one counts. They name a genre's habits, not a source's words, which is what
 * lets a model trained on a few dozen sources type documents from others.
 */

interface Cue {
  name: string;
  test: (text: string, lines: string[]) => number;
}

const count = (re: RegExp) => (text: string) => (text.match(re) ?? []).length;
const has = (re: RegExp) => (text: string) => (re.test(text) ? 1 : 0);

/** The share of `lines` (non-blank) that pass `test`, 0…1. */
const share = (test: (line: string) => boolean) => (_: string, lines: string[]) => {
  const filled = lines.filter((l) => l.trim());
  return filled.length === 0 ? 0 : filled.filter(test).length / filled.length;
};
/** Matches per 100 words, capped at 3 (densities of money, dates, citations). */
const density =
  (re: RegExp, per = 100) =>
  (text: string) => {
    const words = (text.match(/\S+/g) ?? []).length || 1;
    return Math.min(3, (count(re)(text) * per) / words);
  };

/** The non-blank lines at the top of a document that hold its title. */
const TITLE_LINES = 5;

const MONEY_AT_END = /(?:\$\s?|usd\s?)?\(?-?\$?\d{1,3}(?:,\d{3})*\.\d{2}\)?\s*$/i;

export const CUES: Cue[] = [
  { name: 'salutation', test: has(/^\s*(dear|hi|hello)\b[^\n]{0,60}[,:]\s*$/im) },
  {
    name: 'closing',
    test: has(
      /^\s*(sincerely|very truly yours|yours truly|regards|best regards|warm regards|respectfully|thank you|thanks|best),?\s*$/im,
    ),
  },
  { name: 'email_header', test: has(/^\s*(from|sent|subject|cc):\s+\S/im) },
  { name: 're_line', test: has(/^\s*re:\s+\S/im) },
  { name: 'via', test: has(/^\s*via\s+(e-?mail|certified|u\.?s\.? mail|fax|hand)/im) },
  {
    name: 'letter_date_top',
    test: (_, lines) =>
      lines
        .slice(0, 12)
        .some((l) =>
          /^\s*(?:\d{1,2}\s+)?[A-Z][a-z]+\.?\s+\d{1,2},?\s+\d{4}\s*$|^\s*\d{1,2}\s+[A-Z][a-z]+\s+\d{4}\s*$/.test(
            l,
          ),
        )
        ? 1
        : 0,
  },
  {
    name: 'court_caption',
    test: has(
      /\b(in the|united states)\s+(circuit|district|county|superior|state|small claims)?\s*court\b|\bcourt of common pleas\b/i,
    ),
  },
  { name: 'versus', test: has(/^[^\n]*\b(v\.|vs\.?)\s*(?:\s{2,}|$|[A-Z])/m) },
  { name: 'party_label', test: has(/\b(plaintiffs?|defendants?|petitioner|respondent)\s*[,.]\s*$/im) },
  { name: 'case_number', test: has(/\b(case|cause|civil action|index)\s*(no\.?|number|file no\.?)\s*:?/i) },
  { name: 'esignature', test: has(/\/s\/\s*[A-Z]/) },
  { name: 'wherefore', test: has(/\bwherefore\b/i) },
  {
    name: 'ordered',
    test: has(/\b(it is (hereby )?ordered|ordered and adjudged|so ordered|done and ordered)\b/i),
  },
  { name: 'certificate_service', test: has(/\bcertificate of service\b|\bhereby certify\b/i) },
  {
    name: 'numbered_paragraphs',
    test: (_, lines) => (lines.filter((l) => /^\s*\d{1,2}\.\s+[A-Z]/.test(l)).length >= 3 ? 1 : 0),
  },
  {
    // In the title, as the name says: anywhere in the text it fires on every claim letter that
    // mentions "your policy" and on every web page that links its privacy policy.
    name: 'agreement_title',
    test: (_, lines) =>
      lines
        .filter((l) => l.trim())
        .slice(0, TITLE_LINES)
        .some((l) =>
          /\b(agreement|contract|release|endorsement|lease|policy|authorization|assignment)\b/i.test(l),
        )
        ? 1
        : 0,
  },
  { name: 'whereas', test: has(/\bwhereas\b|\bin witness whereof\b|\bnow,? therefore\b/i) },
  { name: 'shall', test: (text) => Math.min(count(/\bshall\b/gi)(text), 6) / 2 },
  { name: 'we_will_pay', test: has(/\bwe (will|do not) (pay|cover|insure)\b/i) },
  {
    name: 'signature_lines',
    test: has(/^\s*(owner|customer|client|contractor|insured|landlord|tenant)\s*(signature)?\s*:/im),
  },
  {
    name: 'amount_lines',
    test: (_, lines) => {
      const rows = lines.filter((l) => MONEY_AT_END.test(l)).length;
      return rows >= 6 ? 3 : rows >= 3 ? 2 : rows >= 1 ? 1 : 0;
    },
  },
  {
    name: 'totals',
    test: has(/^\s*(sub)?total\b|\bbalance due\b|\bamount due\b|\btotal (due|paid|estimate)\b/im),
  },
  { name: 'invoice', test: has(/\binvoice\s*(#|no\.?|number|date)/i) },
  {
    name: 'table_columns',
    test: (_, lines) => (lines.filter((l) => /\S\s{3,}\S.*\s{3,}\S/.test(l)).length >= 4 ? 1 : 0),
  },
  { name: 'checkboxes', test: has(/[☐☑]|\[[ x]\]/i) },
  {
    name: 'first_person_notes',
    test: has(/^\s*(notes?|present|attendees|action items|next steps?|to do)\b\s*:?/im),
  },
  // Court documents: the caption, the parties' labels, the panel and the citations of an opinion.
  { name: 'in_the_court', test: has(/^\s*(in the\s+)?[A-Z .,']*\bCOURT\b/m) },
  { name: 'appellant', test: has(/\b(appellants?|appellees?|petitioners?|respondents?)\b/i) },
  {
    name: 'plaintiff_defendant',
    test: (text) => Math.min(count(/\b(plaintiffs?|defendants?)\b/gi)(text), 8) / 4,
  },
  { name: 'judges', test: has(/^\s*before\b[^\n]*\b(judges?|j\.|justices?)\b|\bcircuit judge\b/im) },
  {
    name: 'counsel_for',
    test: has(
      /\b(counsel|attorneys?) for\s+(the\s+)?[a-z-]*\s*(plaintiff|defendant|appellant|appellee|petitioner|respondent)/i,
    ),
  },
  {
    name: 'case_citations',
    test: density(
      /\b\d+\s+(?:F\.\s?(?:2d|3d|4th|Supp\.?(?: \dd)?)|U\.S\.|S\.\s?Ct\.|So\.\s?[23]d|L\.\s?Ed\.)\s+\d+/g,
    ),
  },
  {
    name: 'respectfully_submitted',
    test: has(/\brespectfully submitted\b|\bcomes now\b|\bby and through\b/i),
  },
  {
    name: 'court_ruling',
    test: has(
      /\b(we|the court) (affirm|reverse|vacate|remand|hold|conclude)s?\b|\baffirmed\.|\breversed\.|\bremanded\./i,
    ),
  },
  // Letters and e-mails.
  {
    name: 'email_headers',
    test: (_, lines) =>
      Math.min(
        3,
        lines.slice(0, 40).filter((l) => /^\s*(from|to|sent|date|subject|cc|bcc)\s*:/i.test(l)).length,
      ) / 3,
  },
  { name: 'email_address', test: has(/[\w.+-]+@[\w-]+\.[\w.]+/) },
  { name: 'cc_enclosure', test: has(/^\s*(cc|bcc|enclosures?|encl\.?|attachments?)\s*[:.]/im) },
  { name: 'second_person', test: density(/\b(you|your)\b/gi, 20) },
  { name: 'first_person', test: density(/\b(I|me|my|we|our|us)\b/gi, 20) },
  { name: 'letterhead_re', test: has(/^\s*(re|subject)\s*:/im) },
  {
    // A letter or e-mail opens on a name or a greeting alone on its line: "Harry,", "Folks:", "Kira-".
    name: 'opening_address',
    test: (_, lines) => {
      const first = lines.find((l) => l.trim()) ?? '';
      return /^\s*(?:hi|hello|dear|hey|good (?:day|morning|afternoon|evening))\b[^\n]{0,40}$/i.test(first) ||
        /^\s*(?:[A-Z][a-z]+(?: [A-Z][a-z]+)?|All|Folks|Team|Everyone)\s*[,:-]\s*$/.test(first)
        ? 1
        : 0;
    },
  },
  {
    // … and ends on a first name, "Thanks", a phone number or an address: its sender's sign-off.
    name: 'sign_off',
    test: (_, lines) => {
      const tail = lines.filter((l) => l.trim()).slice(-8);
      return tail.some(
        (l) =>
          /^\s*-?\s*[A-Z][a-z]+(?: [A-Z]\.?)?(?: [A-Z][a-z]+)?\s*$/.test(l) ||
          /^\s*(thanks|thank you|take care|cheers|best|regards)\b/i.test(l) ||
          /\(?\d{3}\)?[\s.-]\d{3}-\d{4}/.test(l),
      )
        ? 1
        : 0;
    },
  },
  {
    name: 'please',
    test: density(/\b(please|let me know|thank you|thanks|i would like|i'd like|look forward)\b/gi),
  },
  { name: 'url', test: has(/\bhttps?:\/\/|\bwww\./i) },
  // Contracts and policies.
  {
    name: 'hereby_agree',
    test: has(
      /\bhereby (agree|acknowledge|grant|appoint)|\bagrees? as follows\b|\bthe parties (hereto )?agree\b/i,
    ),
  },
  { name: 'witness_whereof', test: has(/\bin witness whereof\b|\bexecuted (this|as of)\b/i) },
  {
    name: 'defined_terms',
    test: (text) =>
      Math.min(count(/["“][A-Z][\w -]{1,40}["”]\s*(?:\)|means|shall mean|has the meaning)/g)(text), 6) / 3,
  },
  { name: 'means', test: density(/\b(shall mean|means)\b/gi) },
  { name: 'signature_block', test: has(/^\s*(by|name|title|its)\s*:\s*(_{3,}|\S)/im) },
  {
    name: 'section_heading',
    test: (_, lines) =>
      Math.min(6, lines.filter((l) => /^\s*(section|article)\s+[\dIVX]+/i.test(l)).length) / 3,
  },
  {
    name: 'decimal_numbering',
    test: (_, lines) => Math.min(6, lines.filter((l) => /^\s*\d+\.\d+(\.\d+)*\.?\s+\S/.test(l)).length) / 3,
  },
  {
    name: 'lettered_items',
    test: (_, lines) => Math.min(6, lines.filter((l) => /^\s*\(([a-z]|[ivx]+)\)\s+\S/.test(l)).length) / 3,
  },
  { name: 'exhibit', test: has(/\bexhibit\s+[\dA-Z]/i) },
  { name: 'statute_section', test: density(/§/g) },
  { name: 'enacted', test: has(/\bbe it enacted\b|\bis (hereby )?amended\b|\bis created to read\b/i) },
  // Financial statements and tables.
  { name: 'money_density', test: density(/\$\s?\d/g) },
  {
    name: 'date_density',
    test: density(
      /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2},?\s+\d{4}\b|\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/gi,
    ),
  },
  { name: 'percent_density', test: density(/\d\s?%|\bpercent\b/gi) },
  { name: 'negative_parens', test: density(/\(\s?\$?\s?\d[\d,.]*\s?\)/g) },
  {
    name: 'numeric_lines',
    test: share((l) => (l.match(/\d/g) ?? []).length >= Math.max(3, l.replace(/\s/g, '').length * 0.3)),
  },
  { name: 'table_lines', test: share((l) => /\S\s{3,}\S/.test(l) && /\d/.test(l)) },
  { name: 'unit_header', test: has(/\(?\bin (thousands|millions|billions)\b/i) },
  {
    name: 'fiscal_period',
    test: has(/\b(three|six|nine|twelve) months ended\b|\b(fiscal )?years? ended\b|\bquarter ended\b/i),
  },
  { name: 'page_x_of_y', test: has(/\bpage\s+\d+\s+of\s+\d+\b/i) },
  // Shape of the page.
  { name: 'short_lines', test: share((l) => l.trim().length < 40) },
  { name: 'upper_lines', test: share((l) => /[A-Z]{3}/.test(l) && l === l.toUpperCase()) },
  { name: 'question', test: density(/\?/g) },
  {
    name: 'no_signature',
    test: (text) => (/\b(sincerely|regards|\/s\/|signed|signature)\b/i.test(text) ? 0 : 1),
  },
];

export function cueFeatures(text: string): Record<string, number> {
  const lines = text.split('\n');
  const out: Record<string, number> = {};
  for (const cue of CUES) {
    const value = cue.test(text, lines);
    if (value > 0) out[`__cue_${cue.name}__`] = value;
  }
  return out;
}
