import type { DocumentType } from '@sentinel/shared';
import type { FoundAmount } from './entities/amounts';
import type { FoundDate } from './entities/dates';
import { describeDocument, documentDate, longDate } from './summary';

/**
 * What a claims attorney would do about the document: dates to calendar, responses due, amounts
 * to compare with the estimate, documents to ask for. Plain sentences, most urgent first.
 */

export interface RecommendationInput {
  type: DocumentType;
  text: string;
  dates: FoundDate[];
  amounts: FoundAmount[];
  /** "Today", for saying whether a deadline has passed. */
  now?: Date;
}

const money = (n: number) =>
  `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const NUMBER_WORDS: Record<string, number> = {
  five: 5,
  seven: 7,
  ten: 10,
  fourteen: 14,
  fifteen: 15,
  twenty: 20,
  'twenty-one': 21,
  thirty: 30,
  sixty: 60,
  ninety: 90,
};

function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function recommend({ type, text, dates, amounts, now = new Date() }: RecommendationInput): string[] {
  const out: string[] = [];
  const today = now.toISOString().slice(0, 10);
  const when = (iso: string) =>
    `${longDate(iso)}${iso < today ? ' (already past: confirm it was met or extended)' : ''}`;

  // 1. Dates to calendar.
  for (const d of dates.filter((x) => x.kind === 'deadline'))
    out.push(`Calendar the deadline of ${when(d.date)}${d.context !== d.text ? ` ("${d.context}")` : ''}.`);
  for (const d of dates.filter((x) => x.kind === 'hearing'))
    out.push(`Calendar the hearing, mediation or trial setting on ${when(d.date)}.`);
  const examination =
    /examination under oath|\bdeposition\b/i.test(text) && dates.find((d) => d.kind === 'other');
  if (examination && /examination under oath/i.test(text))
    out.push(
      `Calendar the examination under oath (${longDate(examination.date)}) and prepare the client and the documents it asks for.`,
    );

  // 2. Responses due: "within 30 days", counted from the document's own date.
  const period = /within\s+(?:(\d{1,3})|([a-z-]+)\s*(?:\((\d{1,3})\))?)\s+(business\s+)?days/i.exec(text);
  const served = documentDate(type, dates);
  if (period && served) {
    const days = Number(period[1] ?? period[3] ?? NUMBER_WORDS[period[2]?.toLowerCase() ?? ''] ?? NaN);
    if (Number.isFinite(days) && days > 0) {
      const business = Boolean(period[4]);
      const due = addDays(served.date, business ? Math.ceil((days * 7) / 5) : days);
      out.push(
        `A response or action is due within ${days}${business ? ' business' : ''} days: about ${when(due)} if counted from the document's date (${longDate(served.date)}); confirm the date of service.`,
      );
    }
  }
  const what = describeDocument(type, text);
  if (type === 'pleading' && /complaint|petition|summons|counterclaim/.test(what) && !period)
    out.push(
      "If this was served on our client, calendar the answer deadline under the court's rules from the date of service.",
    );

  // 3. Amounts to compare.
  const find = (...kinds: string[]) =>
    amounts.filter((a) => kinds.includes(a.kind)).sort((a, b) => b.value - a.value)[0];
  const estimate = find('estimate');
  const offer = find('offer', 'settlement');
  const demand = find('demand', 'claim');
  const paid = amounts.filter((a) => a.kind === 'payment').sort((a, b) => b.value - a.value)[0];
  if (offer && (estimate || demand)) {
    const base = estimate ?? demand!;
    const gap = base.value - offer.value;
    out.push(
      `Compare the ${offer.kind} of ${money(offer.value)} with the ${base.kind} of ${money(base.value)}: ${
        gap > 0 ? `${money(gap)} (${Math.round((gap / base.value) * 100)} %) below it` : 'at or above it'
      }.`,
    );
  } else if (estimate && paid && paid.value < estimate.value) {
    out.push(
      `Payment of ${money(paid.value)} is ${money(estimate.value - paid.value)} short of the estimate of ${money(estimate.value)}: check what was left out.`,
    );
  } else if (estimate) {
    out.push(
      `Compare this estimate (${money(estimate.value)}) line by line with the other side's estimate in the claim file.`,
    );
  } else if (demand && type !== 'pleading') {
    out.push(`Compare the ${demand.kind} of ${money(demand.value)} with the estimate in the claim file.`);
  }
  const deductible = find('deductible');
  const limit = find('policy_limit');
  if (estimate && limit && estimate.value > limit.value)
    out.push(
      `The estimate (${money(estimate.value)}) exceeds a policy limit of ${money(limit.value)}: review other coverages and the limits.`,
    );
  if (deductible && !estimate && !offer && type === 'contract')
    out.push(`Note the deductible of ${money(deductible.value)} when valuing the claim.`);

  // 4. Documents to ask for.
  const mentions = (re: RegExp) => re.test(text);
  if (
    /denial|deny|unable to provide coverage|cannot pay|excludes?/i.test(text) &&
    type === 'correspondence'
  ) {
    out.push(
      'Request the certified policy (all forms and endorsements) and every report, estimate and photograph the decision relies on.',
    );
    if (!mentions(/appraisal/i))
      out.push('Consider whether the dispute is about coverage or only the amount (appraisal).');
  }
  if (/reservation of rights/i.test(what))
    out.push(
      'Answer the reservation of rights in writing and keep the damaged materials until the inspection.',
    );
  if (/proof of loss/i.test(text) && type === 'correspondence')
    out.push('Prepare and return the sworn proof of loss, with the estimate and invoices it asks for.');
  if (
    type === 'pleading' &&
    !mentions(/certified (?:copy of the )?policy/i) &&
    mentions(/\bpolicy\b/i) &&
    /complaint|answer|counterclaim/i.test(what)
  )
    out.push('Make sure the certified policy is in the file; request it in discovery if not.');
  if (/settlement agreement|release/i.test(what))
    out.push(
      "Check the release's scope (which claims, which parties) and the payment terms before it is signed.",
    );
  if (type === 'financial' && /estimate|supplement/i.test(what) && !mentions(/photo/i))
    out.push('Ask for the photographs and measurements behind the estimate.');
  if (/appraisal/i.test(what) || mentions(/demands? appraisal|name (?:an|its|your) appraiser/i))
    out.push('Track the appraisal steps: appraisers named, umpire agreed, award signed by two.');
  if (/subpoena|interrogatories|request for production|requests for admission/i.test(what))
    out.push(`Calendar the response to ${what} and collect the documents or answers it asks for.`);

  if (out.length === 0)
    out.push('No deadline, amount to compare or request was found: file it with the claim.');
  return [...new Set(out)].slice(0, 8);
}
