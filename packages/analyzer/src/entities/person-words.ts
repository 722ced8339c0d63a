import type { PersonRole } from '@sentinel/shared';

/**
 * The words findPersons() (persons.ts) reads around a capitalised run: what makes it a place or a
 * company rather than a person, what says it is a person, and what gives that person a role.
 */

/**
 * Words that end a company's or a building's name: a name in capitals right before one is the
 * company's ("MORGAN STANLEY BANK", "SEACOAST NURSING CARE"), not a person's.
 */
export const ORG_WORD = new Set(
  `
company co inc llc corp corporation incorporated ltd limited plc gmbh group bank association associates
services restoration roofing consultants consulting firm holdings fund trust foundation university college
school church hospital insurance mutual casualty exteriors renovations products systems solutions loans
mortgage savings agency bureau administration commission institute labs technologies technology software
authority finance nursing care healthcare health medical hotel motel restaurant pharmacy furniture warehouse
stores markets supermarket foods brands industries enterprises manufacturing airlines airways petroleum oil gas
energy electric utilities telephone communications railroad railway transit transportation trucking shipping
logistics motors chemical chemicals pharmaceuticals laboratories securities investments ventures credit union
cooperative partners plaza towers tower center building construction properties realty management condominium
apartments courthouse division department office council committee board resources marketing
`
    .split(/\s+/)
    .filter(Boolean),
);

/** Words that make a capitalised pair a place, a company or a heading rather than a person. */
export const NOT_NAME = new Set([
  ...ORG_WORD,
  ...`
street st avenue ave road rd drive dr lane ln boulevard blvd way court ct place pl terrace parkway pkwy
highway hwy circle cir trail creek river lake bay beach hills hill park valley point harbor springs heights
island mountain ridge run fork suite floor unit county city state states district circuit clerk property lp
llp pllc pa pc law claims claim home homeowners builders national federal american united international repair
environmental engineering forensic specialists emergency plumbing reporting litigation appraisal title
commonwealth policy coverage declarations endorsement section article exhibit schedule notice order motion
complaint answer petition affidavit summons subpoena judgment agreement contract release invoice estimate
statement report total subtotal balance amount payment date loss time dear sincerely regards re attn subject
from to cc sent january february march april may june july august september october november december monday
tuesday wednesday thursday friday saturday sunday north south east west northern southern eastern western
plaintiff plaintiffs defendant defendants petitioner respondent insured insurer adjuster contractor attorney
counsel esq expert judge witness mediator umpire appraiser notary public president secretary manager water
wind hail fire storm flood mold roof damage kitchen bathroom bedroom living dining hallway basement the this
that these those and or of for with in on at by a an if all any each no not yes above named records custodian
condo townhomes townhome estates villas manor commons homeowner owner tenant customer client borrower guest
caller counter hurricane tropical jury trial affirmative defenses defense indoor air estimator job room matter
address account proposal evidence meter residence senior field desk operations general special final first
second third alabama alaska arizona arkansas california colorado connecticut delaware florida georgia hawaii
idaho illinois indiana iowa kansas kentucky louisiana maine maryland massachusetts michigan minnesota
mississippi missouri montana nebraska nevada hampshire jersey mexico york carolina dakota ohio oklahoma oregon
pennsylvania rhode tennessee texas utah vermont virginia washington wisconsin wyoming new governor senator
commissioner chairman chair vice chief justice justices regional administrator honorable representative
congressman congresswoman director officer executive graduate response recovery relief update updates disaster
act development service solicitor assistant specialist research writing defender prosecutor disposition puerto
rico analytics insights data media news times journal magazine network before see cf proceedings prior
background discussion conclusion san santa fort mount civil rights liberties local rules internal operating
procedure
`
    .split(/\s+/)
    .filter(Boolean),
]);

/** A role and the words that give it. */
type RoleCue = [PersonRole, RegExp];

/** Role words right before a name ("Insured: ", "adjuster ", "Plaintiff, "); titles are read separately. */
export const ROLE_BEFORE: RoleCue[] = [
  [
    'other',
    /\b(?:mediator|umpire|appraiser(?: for (?:the )?(?:insured|insurer))?|notary(?: public)?|secretary|president|landlord|tenant|cpa)\s*[:,]?\s*$/i,
  ],
  ['plaintiff', /\b(?:plaintiffs?|petitioner|counter-defendant)[,:]?\s*$/i],
  ['defendant', /\b(?:defendants?|respondent)[,:]?\s*$/i],
  ['insured', /\b(?:named insureds?|insureds?|policyholders?|your insureds?|our insured)\s*[:,]?\s*$/i],
  ['adjuster', /\b(?:adjuster|claims? representative|claims? specialist|field appraiser)\s*[:,]?\s*$/i],
  [
    'contractor',
    /\b(?:contractor|estimator|remediator|roofer|subcontractor|technician(?: in charge)?)\s*[:,]?\s*$/i,
  ],
  ['attorney', /\b(?:attorneys?|counsel)\s*[:,]?\s*$/i],
  ['expert', /\b(?:expert|engineer)\s*[:,]?\s*$/i],
  ['judge', /\bjudge\s*[:,]?\s*$/i],
  ['witness', /\bwitness\s*[:,]?\s*$|\bstatement of\s*$/i],
];

/** Role words right after a name (", Esq.", ", Public Adjuster", next line "Senior Field Adjuster"). */
export const ROLE_AFTER: RoleCue[] = [
  [
    'judge',
    /^[,\s|]*(?:(?:circuit|district|county|united states district|magistrate|superior court)\s+)?judge\b/i,
  ],
  // (Not a telephone number's "(615) 292-7414", nor a table's "(205)".)
  [
    'attorney',
    /^[,\s|]*(?:esq\.|esquire|attorney|counsel|(?:fla\.?|florida|state) bar|#\d|\((?!\d{3}\)\s?\d{3})\w*#?\d{4})/i,
  ],
  ['expert', /^[,\s|]*(?:p\.e\.|ph\.d|expert)/i],
  ['insured', /^\s*\((?:the\s+)?["“]?insureds?["”]?\)/i],
  [
    'contractor',
    /^\s*\((?:the\s+)?["“]?(?:sub)?contractor["”]?\)|^[,\s]*(?:certified\s+)?(?:mold\s+)?(?:remediator|roofer|estimator)\b/i,
  ],
  ['adjuster', /^\s*\((?:the\s+)?["“]?public adjuster["”]?\)/i],
  [
    'adjuster',
    /^[,\s|]*(?:(?:senior|licensed|public|field|desk|property|staff|independent)\s+)*(?:claims?\s+)?(?:adjuster|specialist|representative|property claim representative)/i,
  ],
  [
    'plaintiff',
    /^[,\s|]*(?:(?:and\s+\S+\s+\S+,?\s*)?plaintiffs?|petitioner)\b|^\s*\((?:the\s+)?["“]?plaintiffs?["”]?\)/i,
  ],
  ['defendant', /^[,\s|]*defendants?\b/i],
  ['insured', /^[,\s|]*insured\b/i],
  [
    'contractor',
    /^[,\s|]*(?:president|qualifier|owner),?\s+(?:of\s+)?\S*\s*(?:roofing|restoration|construction|builders|building|renovations|repair)/i,
  ],
  [
    'other',
    /^[,\s|]*(?:notary|mediator|umpire|appraiser|secretary|president|board president|cpa|litigation manager)\b/i,
  ],
];

/** Role words anywhere in the sentence before the name ("the adjuster Kyle Brandt came …"). */
export const ROLE_NEAR: RoleCue[] = [
  ['adjuster', /\b(?:adjuster|claims representative)\b[^.]{0,25}$/i],
  ['expert', /\bexpert\b[^.]{0,20}$/i],
  ['witness', /\bwitness\b[^.]{0,12}$/i],
  ['contractor', /\bcontractor\b[^.]{0,12}$/i],
  ['attorney', /\b(?:attorney|counsel)\b[^.]{0,12}$/i],
];

/** What follows a company's or a place's name: "& Sons", ", LLC", " Roofing", " Road". */
export const ORG_AFTER =
  /^(?:[ \t]*&|,?[ \t]*(?:llc|inc|l\.?l\.?c|pllc|corp)\b|,?[ \t]*(?:l\.?l\.?p|p\.?a|p\.?c)\b\.?(?!\w)|[ \t]+(?:company|co\.|corporation|incorporated|holdings|financial|capital|partners|associates|group|law|school|disaster|act|memorial|university|college|institute|hospital|bank|foundation|center|roofing|restoration|insurance|mutual|claims|consult\w*|engineering|building|construction|forensic|renovations|environmental|home|drywall|rd\b|road|street|st\.|ave|avenue|drive|dr\.|lane|blvd|hwy|way|court|ct\.|place|terrace|parkway|circle|county)\b)/i;
/** What comes right before a person's name: a title, a salutation, a label ("Insured:"). */
export const PERSON_CUE_BEFORE =
  /(?:\b(?:mr|mrs|ms|dr|hon)\.\s*|\b(?:with whom|officer|detective|trooper|sergeant|sgt\.|lieutenant|deputy|special agent|nurse|dear|attn:?|attention|to:|from:|cc:|by:|honorable|real party in interest,?|said|says|according to|reporting to|through:|contacts?:|\/s\/|s\/|i,|client:?|customer:?|owner:?|tenant:?|landlord:?|borrower:?|guest:?|caller:?|name:?|prepared (?:by|for):|taken by:|inspector:?|photographer:?|pilot in command:?|present:?|statement of|affidavit of|interview notes —|insured:?|insureds:?|plaintiffs?,?|defendants?,?|adjuster|estimator:?|technician(?: in charge)?:?|contractor:?|mediator:?|appraiser[^:]*:|umpire:?|policyholder:?|property owner:?|named insureds?:?|counsel|attorney|judge|expert|witness|signature:?|signed:?|speak with)\s*)$/i;
/** What comes right after a person's name: ", Esq.", ", the insured", an e-mail address. */
export const PERSON_CUE_AFTER =
  /^(?:,?\s*(?:esq|p\.e|ph\.d|jr|sr|iii|cpa)\b|,\s*(?:the\s+)?(?:insured|plaintiff|defendant|petitioner|president|secretary|notary|mediator|umpire|appraiser|attorney|counsel|public adjuster|senior|licensed|certified|board|managing|property|claims|field|desk|operations|registered)|,\s*(?:state bar|bar no|#\s?\d|attorney|counsel)|,\s*(?:ceo|cfo|coo|chairman|chairwoman|chief|(?:executive )?director|vice president|governor|senator|commissioner|founder|principal|partner)\b|\s*<[^>@\s]+@|,?\s*(?:being (?:first )?duly sworn|being sworn)|\s*\((?:ret\.|paralegal)\))/i;
/**
 * An office after a name, capitalised as titles are: ", Assistant United States Attorney",
 * ", General Counsel", ", Special Assistant Attorney General"; or what the person is: ", a nurse".
 */
export const OFFICE_AFTER =
  /^(?:,\s*(?:\p{Lu}[\p{L}/.-]*\s+){0,4}(?:Attorney|Counsel|Solicitor|Prosecutor|Public Defender)\b|,\s*(?:a|an|the)\s+(?:nurse|doctor|physician|police officer|officer|detective|agent|trooper|witness|director|supervisor|manager|employee|administrator|student|teacher)\b)/u;
/** A letter's closing line, above the signature. */
export const CLOSING =
  /^\s*(?:(?:yours )?sincerely(?: yours)?|very truly yours|yours truly|(?:with )?(?:(?:best|kind|warm|warmest|kindest) )?regards|respectfully(?: submitted| yours)?|thank you|(?:many )?thanks|best(?: wishes)?|all the best|cordially|take care|cheers|with (?:gratitude|thanks|appreciation))[,.!]?\s*$/i;
