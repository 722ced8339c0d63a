/**
 * Layout and phrasing cues that words alone capture badly: a letter's salutation and closing, an
 * e-mail header, a court caption, a table of amounts. Each cue becomes a pseudo-word (`__cue_…`)
 * in the feature vector, so the classifier learns from the corpus how much each one counts.
 */

interface Cue {
  name: string;
  test: (text: string, lines: string[]) => number;
}

const count = (re: RegExp) => (text: string) => (text.match(re) ?? []).length;
const has = (re: RegExp) => (text: string) => (re.test(text) ? 1 : 0);

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
    name: 'agreement_title',
    test: has(/\b(agreement|contract|release|endorsement|lease|policy|authorization|assignment)\b/i),
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
