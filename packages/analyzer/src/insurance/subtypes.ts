import { SUBTYPE_TYPES, type DocumentSubtype, type DocumentType } from '@sentinel/shared';

/**
 * What kind of claim document a text is, more finely than its five-way type (issue 14): read from
 * title and wording cues that belong to the genre rather than to one carrier's template, so that
 * they hold on letters, forms and filings this package has never seen. `null` when nothing fits
 * confidently, which is the right answer for most documents (SEC filings, e-mails, statutes).
 */

interface Rule {
  subtype: Exclude<DocumentSubtype, 'complaint' | 'answer' | 'motion' | 'order'>;
  /** A heading or "Re:" line that names the genre: worth a whole match on its own. */
  title?: RegExp;
  /** Wording cues anywhere in the text, each counted once, with its weight. */
  cues: Array<[RegExp, number]>;
  /** Words the text must contain at all (an engagement letter is from lawyers). */
  needs?: RegExp;
}

const TITLE_WEIGHT = 4;
/** A subtype needs this much evidence: a title, or two or three independent cues. */
const THRESHOLD = 4;

/** Letters, forms and contracts, by cue scores. Pleadings go by their title (`pleadingSubtype`). */
const RULES: Rule[] = [
  {
    subtype: 'declarations_page',
    title: /\bDECLARATIONS(?: PAGE)?\b|\bDeclarations Page\b/,
    cues: [
      [/\bpolicy period\b/i, 1],
      [/\bnamed insured\b/i, 1],
      [/\bcoverage a\b|\bbuilding\b.{0,40}\$/i, 1],
      [/\blimits? of (?:liability|insurance)\b/i, 1],
      [/\bpremium\b/i, 1],
      [/\bforms (?:and endorsements|applicable)\b/i, 1],
      [/\bmortgagee\b|\bmortgage holder\b/i, 1],
    ],
    needs: /\bpolic(?:y|ies)\b/i,
  },
  {
    subtype: 'proof_of_loss',
    title: /\bproof of loss\b/i,
    cues: [
      [/sworn statement in proof of loss/i, 4],
      [/\bwhole (?:value|loss and damage)\b/i, 2],
      [/\btime and origin\b/i, 2],
      [/\bamount of policy at (?:the )?time of loss\b/i, 2],
      [/\bfull cost of (?:the )?(?:repair|replacement)\b/i, 1],
      [/\b(?:net )?amount claimed\b/i, 1],
      [/\bsubscribed and sworn\b/i, 1],
    ],
  },
  {
    subtype: 'repair_estimate',
    title: /\bestimate\b|\bsupplement\b|\bscope of (?:work|loss|repairs?)\b/i,
    cues: [
      [/\bRCV\b|\breplacement cost value\b/i, 1],
      [/\bACV\b|\bactual cash value\b/i, 1],
      [/\bdepreciation\b|\bdeprec\./i, 1],
      [/\bline item total\b/i, 2],
      [/\bO&P\b|\boverhead (?:&|and) profit\b|^\s*overhead\b/im, 1],
      [/\bxactimate\b|\bprice list\b/i, 2],
      [/\bnet claim\b/i, 2],
      [/(?:\d\s?(?:SF|SQ|LF|EA|SY)\b[^\n]*\n[\s\S]*?){3}/, 2],
    ],
  },
  {
    subtype: 'invoice',
    title: /\binvoice\b/i,
    cues: [
      [/\binvoice\s*(?:#|no\b|number|\d)/i, 2],
      [/\binvoice date\b/i, 1],
      [/\b(?:amount|balance|total) due\b/i, 2],
      [/\bbill to\b/i, 2],
      [/\bremit\b|\bmake checks? payable\b/i, 1],
      [/\bnet 30\b|\b(?:due|payable) upon receipt\b|\bpayment terms\b|^\s*terms:/im, 1],
      [/\binvoice total\b/i, 1],
    ],
  },
  {
    subtype: 'reservation_of_rights',
    title: /\breservation of rights\b/i,
    cues: [
      [
        /\b(?:under|subject to|pursuant to) (?:a|this|the|our) (?:full |complete |strict )?reservation of (?:all )?rights\b/i,
        TITLE_WEIGHT,
      ],
      [/\breservation of rights\b/i, 2],
      [/\breserv(?:es|ed|ing|e) (?:all of |all )?(?:its|our|their|the company's) rights\b/i, 2],
      [/\bwe are reserving\b|\breserving (?:all of )?(?:its|our) rights\b/i, 2],
      [
        /\bnot a denial\b|\bno (?:decision|determination) (?:on|as to|regarding|about) coverage has been made\b/i,
        2,
      ],
      [
        /\b(?:our|its|the) investigation is (?:continuing|ongoing)\b|\bcontinu(?:e|es|ing) (?:its|our|the) investigation\b/i,
        1,
      ],
    ],
    needs: /\b(?:polic(?:y|ies)|claim|insur\w*)\b/i,
  },
  {
    subtype: 'denial_letter',
    title: /\b(?:notice of |claim )?denial(?: of (?:claim|coverage))?\b|\bdeclination of coverage\b/i,
    cues: [
      [
        /\b(?:must|will|hereby|are|is) (?:respectfully )?deny(?:ing)?\b|\bdenying (?:your|the|this) claim\b/i,
        3,
      ],
      [/(?<!not a )\bdenial of (?:your|the|this) claim\b/i, 3],
      [/\b(?:claim|coverage) (?:is|has been|was) (?:hereby )?(?:denied|declined)\b/i, 3],
      [
        /\b(?:cannot|can not|will not|(?:are|is) unable to) (?:pay|cover|provide payment) for\b|\bpartial denial\b/i,
        3,
      ],
      [/\bpolicy (?:excludes|does not cover)\b/i, 1],
      [
        /\b(?:is|are) not covered\b|\bno coverage (?:is )?(?:available|exists|afforded)\b|\bunable to (?:provide|extend|afford|offer) coverage\b|\bcannot (?:provide|extend|afford) coverage\b|\b(?:is|are) excluded\b/i,
        2,
      ],
      [/\bno payment will be (?:issued|made)\b|\bdecline[sd]? (?:coverage|your claim|to pay)\b/i, 2],
    ],
    needs: /\b(?:polic(?:y|ies)|claim|insur\w*)\b/i,
  },
  {
    subtype: 'appraisal_demand',
    title: /\b(?:demand for|demanding|notice of|invoking) appraisal\b/i,
    cues: [
      [
        /\b(?:hereby )?(?:demands?|invokes?|invoking|demanding) (?:for |of )?(?:an |the )?appraisal\b|\binvok\w+ (?:the )?appraisal (?:clause|provision|condition)\b/i,
        3,
      ],
      [/\bappraisal (?:provision|clause|condition)\b/i, 1],
      [/\b(?:names?|naming|selects?|selected|appoints?|identify)\b[^.]{0,120}\bappraiser\b/i, 2],
      [/\bumpire\b/i, 1],
      [/\bamount of (?:the )?loss\b/i, 1],
    ],
  },
  {
    subtype: 'engagement_letter',
    title:
      /\bengagement (?:letter|agreement|of (?:counsel|the firm|our firm))\b|\b(?:contingency )?fee agreement\b|\bretainer agreement\b|\bagreement for legal services\b/i,
    cues: [
      [/\bcontingen(?:cy|t) fee\b|\bfee is contingent\b|\bcontingent (?:up)?on (?:the |any )?recovery\b/i, 3],
      [/\bscope of (?:the |our )?(?:representation|engagement)\b/i, 2],
      [/\bstatement of client'?s rights\b/i, 2],
      [/\brepresent you\b|\bretain(?:s|ed|ing)? (?:the firm|our firm|us)\b/i, 1],
      [/\battorney'?s'? fees?\b/i, 1],
    ],
    needs: /\b(?:attorneys?|law firm|law group|esq\.?|the florida bar|state bar)\b/i,
  },
  {
    subtype: 'settlement_agreement',
    title:
      /\bsettlement agreement\b|\brelease of all claims\b|\b(?:general|mutual|full and final) release\b/i,
    cues: [
      [/\bin full and final (?:settlement|satisfaction)\b/i, 3],
      [/\bforever discharges?\b/i, 2],
      [
        /\bsettlement (?:payment|amount|sum)\b|\bsettle(?:ment of)? (?:the|all) (?:claims?|lawsuit|action|suit)\b/i,
        2,
      ],
      [/\bwith prejudice\b/i, 1],
      [/\bnot an admission\b|\bno admission of liability\b/i, 1],
    ],
    needs: /\bsettle/i,
  },
  {
    subtype: 'policy',
    title:
      /\bTHIS ENDORSEMENT CHANGES THE POLICY\b|\bENDORSEMENT\b|\b(?:COVERAGE|POLICY) FORM\b|\bHOMEOWNERS (?:\d|POLICY)\b/,
    cues: [
      [/\bthis endorsement (?:modifies|changes)\b/i, 3],
      [/\bendorsement\b/i, 1],
      [/\bit is agreed that\b/i, 1],
      [/\bwe will pay\b/i, 1],
      [/\blimits? of (?:liability|insurance)\b/i, 1],
      [/\b(?:the|this|attached|your) policy\b/i, 1],
      [/\bcoverage [A-F]\b|\bcovered (?:property|peril|causes? of loss)\b/, 1],
    ],
    needs: /\b(?:insur\w*|insured)\b/i,
  },
];

/**
 * The lines that can carry a title: the first three if short, short lines near the top that are
 * mostly capitals, and "Re:"/"Subject:" lines. In text flattened to one line (PDF extraction), the first
 * 400 characters.
 */
function titleLines(text: string): string {
  const lines = text.slice(0, 2500).split('\n');
  if (lines.length < 4) return text.slice(0, 400);
  return lines
    .map((l) => l.trim())
    .filter(Boolean)
    .filter((line, i) => {
      if (line.length > 100) return false;
      if (i < 3 && line.length <= 70) return true;
      if (/^(?:re|subject)\s*:/i.test(line)) return true;
      const letters = line.replace(/[^\p{L}]/gu, '');
      return letters.length >= 4 && letters.replace(/[^\p{Lu}]/gu, '').length >= letters.length * 0.6;
    })
    .join('\n');
}

/** Each rule's score on the text (title and cues), for the types it fits. */
function subtypeScores(text: string, type: DocumentType): Array<{ subtype: DocumentSubtype; score: number }> {
  const titles = titleLines(text);
  return RULES.filter((rule) => SUBTYPE_TYPES[rule.subtype].includes(type))
    .filter((rule) => !rule.needs || rule.needs.test(text))
    .map((rule) => ({
      subtype: rule.subtype,
      score:
        (rule.title?.test(titles) ? TITLE_WEIGHT : 0) +
        rule.cues.reduce((sum, [re, weight]) => sum + (re.test(text) ? weight : 0), 0),
    }));
}

/**
 * Court papers' genre words, longest first; the first that heads a title decides. Genres outside
 * PLEADING_SUBTYPE (a notice, a memorandum, a brief, answers to interrogatories) have no subtype.
 */
const PLEADING_TITLE =
  /\b(ANSWERS? TO (?:[A-Z'’,&.]+ ){0,8}?(?:INTERROGATORIES|REQUESTS?)|AMENDED COMPLAINT|COMPLAINT|PETITION|ANSWER|MOTION|FINAL JUDGMENT|JUDGMENT|MEMORANDUM OPINION|OPINION|PER CURIAM|ORDER|NOTICE|MEMORANDUM|BRIEF|RESPONSE|REPLY|STIPULATION|SUMMONS|SUBPOENA|AFFIDAVIT|INTERROGATORIES|REQUESTS? FOR|CERTIFICATE|PROPOSAL FOR SETTLEMENT|JOINT|COUNTERCLAIM|STATUS REPORT)\b/g;
const PLEADING_SUBTYPE: Record<string, DocumentSubtype> = {
  'AMENDED COMPLAINT': 'complaint',
  COMPLAINT: 'complaint',
  PETITION: 'complaint',
  ANSWER: 'answer',
  MOTION: 'motion',
  'FINAL JUDGMENT': 'order',
  JUDGMENT: 'order',
  'MEMORANDUM OPINION': 'order',
  OPINION: 'order',
  'PER CURIAM': 'order',
  ORDER: 'order',
};
/** Words between a party's possessive and the genre ("PLAINTIFFS' ORIGINAL PETITION"). */
const TITLE_MODIFIERS =
  /(?:(?:^|\s+)(?:ORIGINAL|FIRST|SECOND|THIRD|AMENDED|VERIFIED|UNOPPOSED|AGREED|RENEWED|EMERGENCY|SUPPLEMENTAL|CORRECTED|FINAL|AND))*$/;

/**
 * A court paper's title: the first run of capitalised words near the top in which a genre word
 * stands at the start, or after a party's possessive ("DEFENDANT, ACME MUTUAL INSURANCE
 * COMPANY'S ANSWER"). "ON PETITION FOR WRIT OF MANDAMUS" inside a caption is not a title.
 */
export function pleadingTitle(text: string): string | undefined {
  const tokens = text.slice(0, 3000).split(/\s+/);
  const runs: string[] = [];
  let run: string[] = [];
  for (const token of tokens) {
    if (/\p{Ll}/u.test(token)) {
      if (run.length) runs.push(run.join(' '));
      run = [];
    } else run.push(token);
  }
  if (run.length) runs.push(run.join(' '));
  for (const raw of runs) {
    const words = raw.replace(/[’`]/g, "'");
    for (const m of words.matchAll(PLEADING_TITLE)) {
      const prefix = words.slice(0, m.index).trim().replace(TITLE_MODIFIERS, '').trim();
      // Case numbers ("SC-2025-6617") and rules ("/", "§") before a title do not count.
      const cleanPrefix = prefix
        .split(/\s+/)
        .filter((word) => !/\d/.test(word))
        .join(' ')
        .replace(/[^\p{L}'\s]/gu, ' ')
        .trim();
      if (
        cleanPrefix === '' ||
        /(?:'S|S')$/.test(prefix) ||
        /^(?:PLAINTIFFS?|DEFENDANTS?|PETITIONERS?|RESPONDENTS?|APPELLANTS?|APPELLEES?)$/.test(cleanPrefix)
      )
        return m[1];
    }
  }
  return undefined;
}

/** A court's own decision, by its panel line and its decretal words. */
const DECISION_CUES: RegExp[] = [
  /\bBefore:?\s[\s\S]{0,250}?\b(?:Circuit|Chief|District|Senior|Associate)?\s*(?:Judges?|Justices?)\b/,
  /\bORDERED(?:,)? AND ADJUDGED\b|\bDONE AND ORDERED\b|\bIT IS (?:HEREBY )?ORDERED\b/i,
  /\bAFFIRMED\b|\bREVERSED\b|\bWe (?:affirm|reverse|vacate)\b/,
  /\bMEMORANDUM OPINION\b|\bOpinion (?:of the Court|by (?:Justice|Judge))\b|\bPER CURIAM\b/i,
];

function pleadingSubtype(text: string): DocumentSubtype | null {
  const title = pleadingTitle(text);
  if (title) return PLEADING_SUBTYPE[title] ?? null;
  return DECISION_CUES.some((re) => re.test(text)) ? 'order' : null;
}

/**
 * The subtype of a document the classifier (or the user) gave `type`, or null. Only subtypes
 * consistent with the type are considered, so the five-way type and the subtype never disagree.
 */
export function recogniseSubtype(text: string, type: DocumentType): DocumentSubtype | null {
  if (type === 'pleading') return pleadingSubtype(text);
  let best: { subtype: DocumentSubtype; score: number } | undefined;
  for (const candidate of subtypeScores(text, type))
    if (candidate.score >= THRESHOLD && (!best || candidate.score > best.score)) best = candidate;
  return best?.subtype ?? null;
}
