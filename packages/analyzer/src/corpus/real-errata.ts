import type { RealDocument } from './real';

/**
 * Natural persons the real corpus' labels miss (its README: the opinions' lists were made
 * semi-automatically and "may miss names deep in the text"). Each was found by reading a name the
 * rules reported that the labels lack, on both halves, and kept only when the text names that
 * person in those words: a party in a caption, counsel, a judge, a signatory, a contact. Of the
 * 53 such names in the test half, 36 are here; the other 17 are the rules' errors (companies in
 * captions, law firms, a case name, half a name) and stay counted as errors.
 *
 * A second review, by a labeller who never saw the rules, read the 12 names the rules for justified
 * text (persons.ts markJustifiedGaps) added to the test half's false persons, after those rules
 * were written and measured: 11 are natural persons named in those words and are here; "Marcos
 * Perez" (the text writes Marcos Perez Cruz) stays an error. The rules were not changed after it.
 *
 * A third review, blind (evaluation/person-errata-review.json, 2026-11-29), gave all 56 false
 * persons of the test half, shuffled, to a labeller that had seen neither the rules nor these
 * errata: it called 46 persons and 10 not, and agreed with this list on 55; the 56th, "Mark Bell",
 * it was shown in the caption's company name, while the body names the man (the review's note).
 * real-errata.test.ts holds the two together.
 *
 * Only names the rules found were reviewed. That leaves the precision with these errata honest (a
 * label the rules did not find cannot make a found name right or wrong) but the recall leaning the
 * rules' way: a full second labelling would also add persons neither found. bench/analyzer reports
 * the figures against the labels as they are first, and these beside them. The rules were not
 * changed after any review (their test half stays unseen by tuning).
 */
export interface PersonErratum {
  /** The corpus document ("028"). */
  doc: string;
  /** The name as the rules report it and the text writes it. */
  name: string;
  /** Words of the text around it, whitespace collapsed (real-errata.test.ts checks they are there). */
  evidence: string;
}

export const PERSON_ERRATA: PersonErratum[] = [
  // Development half: the security researchers' list of a site policy.
  { doc: '086', name: 'Ali Hassan Ghori', evidence: 'Ali Hassan Ghori (@alihasanghauri)' },
  { doc: '086', name: 'Muhammad Talha Khan', evidence: 'Muhammad Talha Khan - Yash Pandya' },
  { doc: '086', name: 'Ahmed Adel Abdelfattah', evidence: 'Ahmed Adel Abdelfattah - Sumit Sahoo' },
  { doc: '086', name: 'Rafael Pablos', evidence: 'Sahil Saif - Rafael Pablos' },
  { doc: '086', name: 'Daniel Alvear', evidence: 'Daniel Alvear(MaztoR IN-Security)' },
  { doc: '086', name: 'Rodolfo Godalle', evidence: 'Rodolfo Godalle Jr.' },
  { doc: '086', name: 'Mark Dodwell', evidence: 'Yash Pandya - Mark Dodwell' },
  { doc: '086', name: 'Gabe Marshall', evidence: 'Mark Dodwell - Gabe Marshall' },
  { doc: '086', name: 'Matt Jaynes', evidence: 'Gabe Marshall - Matt Jaynes' },
  // Test half.
  { doc: '008', name: 'Richard Galanti', evidence: 'CONTACTS: Costco Wholesale Corporation Richard Galanti' },
  {
    doc: '021',
    name: 'Rafael Durand Manzanal',
    evidence: 'HARRINGTON AND RAFAEL DURAND MANZANAL, Defendants, Appellants',
  },
  { doc: '021', name: 'Jose Luis Novas-Dueno', evidence: 'Jose Luis Novas-Dueno for appellants' },
  { doc: '021', name: 'Luis Melendez-Albizu', evidence: 'with whom Luis A. Melendez-Albizu' },
  { doc: '025', name: 'Jennifer Kresge', evidence: 'JENNIFER KRESGE, Plaintiff' },
  { doc: '026', name: 'David Yeadon', evidence: 'Appellant David Yeadon appeals' },
  { doc: '028', name: 'Lee Lavigne', evidence: 'v. LEE LAVIGNE, Defendant, Appellant' },
  { doc: '035', name: 'Damian LaPlaca', evidence: 'Damian R. LaPlaca, LeBoeuf' },
  { doc: '035', name: 'Francisco Colon-Pagan', evidence: 'Francisco J. Colon-Pagan, Adrian Mercado' },
  { doc: '042', name: 'Jane Doe', evidence: 'claims asserted by Jane Doe in a civil action brought by her' },
  { doc: '045', name: 'Sylvia Bracero Martinez', evidence: 'SYLVIA BRACERO MARTINEZ, ET AL., Plaintiffs' },
  { doc: '076', name: 'Stephen Sheehan', evidence: 'with whom Stephen P. Sheehan' },
  { doc: '077', name: 'Ann DuRoss', evidence: 'with whom Ann S. DuRoss' },
  { doc: '084', name: 'Steven Blum', evidence: 'v. STEVEN BLUM, AS TRUSTEE' },
  { doc: '094', name: 'William Sheehan', evidence: 'William F. Sheehan with whom' },
  { doc: '095', name: 'Stanley Greenberg', evidence: 'Stanley Greenberg for appellant' },
  { doc: '106', name: 'Dennis Vanhaaren', evidence: 'DENNIS VANHAAREN, Plaintiff, Appellant' },
  { doc: '110', name: 'Floyd Heno', evidence: 'Plaintiff Floyd Heno appeals' },
  { doc: '114', name: 'Arturo Rios', evidence: 'Plaintiff-appellant Arturo M. Rios' },
  { doc: '114', name: 'Juan Soto-Balbas', evidence: 'Juan B. Soto-Balbas with whom' },
  { doc: '114', name: 'Arturo Vaello', evidence: 'dispatched Arturo Vaello, a marine surveyor' },
  { doc: '119', name: 'Daniel Lindley', evidence: 'J. Daniel Lindley with whom' },
  { doc: '123', name: 'Raymond LaFazia', evidence: 'Raymond A. LaFazia with whom' },
  { doc: '130', name: 'Robert Wolfe', evidence: 'Robert S. Wolfe, with whom' },
  { doc: '130', name: 'Claire McGuire', evidence: 'Claire L. McGuire, Counsel' },
  { doc: '130', name: 'Ann DuRoss', evidence: 'with whom Ann S. DuRoss, Assistant General Counsel' },
  { doc: '135', name: 'Edward Harrington', evidence: '[Judge Edward F. Harrington, U.S. District Judge]' },
  { doc: '169', name: 'Frank Thorpe', evidence: 'FRANK THORPE, Plaintiff, Appellant' },
  { doc: '169', name: 'Edward McCormick', evidence: 'Edward J. McCormick, III was on brief for appellant' },
  { doc: '169', name: 'Doucher', evidence: 'Mr. Doucher (the Pinkerton agent)' },
  { doc: '183', name: 'Richard Galanti', evidence: 'CONTACTS: Costco Wholesale Corporation Richard Galanti' },
  { doc: '184', name: 'Donna DeMagistris', evidence: 'Name: Donna DeMagistris' },
  { doc: '184', name: 'Lindsey Bossong', evidence: 'Name: Lindsey Bossong' },
  { doc: '187', name: 'Patrick McTeague', evidence: 'Patrick N. McTeague, and Barnet D. Skolnik' },
  { doc: '187', name: 'Michael McCluggage', evidence: 'Michael L. McCluggage, Harold J. Friedman' },
  { doc: '187', name: 'Stanley Block', evidence: 'Stanley B. Block, Robert S. Frank' },
  // Test half, second review: names the rules for justified text added (README, "The seventh round").
  {
    doc: '035',
    name: 'Ernesto Rodriguez-Suris',
    evidence: 'Virgilio Mendez Cuesta, Ernesto Rodriguez-Suris, and Latimer, Biaggi',
  },
  {
    doc: '035',
    name: 'Patrick McCoy',
    evidence: 'Bethany K. Culp, Patrick McCoy, Oppenheimer Wolff & Donnelly',
  },
  {
    doc: '035',
    name: 'Raul Gonzalez-Diaz',
    evidence: "O'Melveny & Myers, Raul E. Gonzalez-Diaz, A.J. Bennazar-Zequeira",
  },
  {
    doc: '045',
    name: 'Dario Rivera-Carrasquillo',
    evidence: 'on brief for appellant. Dario Rivera-Carrasquillo, Cordero, Miranda & Pinto',
  },
  {
    doc: '045',
    name: 'Marcos Valls-Sanchez',
    evidence: 'Calaf & Walker, Marcos Valls-Sanchez and Cobian & Valls',
  },
  {
    doc: '045',
    name: 'Ramon Walker-Merino',
    evidence: 'Miranda & Pinto, Ramon L. Walker-Merino, Reichard, Calaf & Walker',
  },
  { doc: '055', name: 'James McKay', evidence: 'John A. Tarantino, W. James McKay, Victoria M. Almeida' },
  { doc: '055', name: 'Mark Russo', evidence: 'Victoria M. Almeida, W. Mark Russo, Sherry A. Giarrusso' },
  {
    doc: '076',
    name: 'Edward Sarbey',
    evidence: 'contacted Focus President Edward Sarbey3 to solicit placement',
  },
  {
    doc: '077',
    name: 'Edward McAndrews',
    evidence: 'plaintiff-appellant Edward McAndrews, in his capacity as trustee',
  },
  { doc: '170', name: 'Mark Bell', evidence: 'Mark Bell ("Bell"), Debtor\'s president and sole shareholder' },
];

/** The corpus with PERSON_ERRATA added to its persons' labels. */
export function withPersonErrata(docs: RealDocument[]): RealDocument[] {
  return docs.map((d) => {
    const added = PERSON_ERRATA.filter((e) => e.doc === d.id).map((e) => e.name);
    return added.length ? { ...d, gold: { ...d.gold, persons: [...d.gold.persons, ...added] } } : d;
  });
}
