import {
  BrainCircuit,
  Calculator,
  ChartColumn,
  FolderOpen,
  HardHat,
  House,
  MessagesSquare,
  Scale,
  UserSearch,
  Workflow,
  type LucideIcon,
} from 'lucide-react';

/** Marketing copy of the landing page (spec §1 and §2 "Landing page"). */

export const NAV_LINKS = [
  { href: '#features', label: 'Features' },
  { href: '#pricing', label: 'Pricing' },
  { href: '#about', label: 'About' },
  { href: '#contact', label: 'Contact' },
] as const;

export const STATS = [
  { value: '3-5x', label: 'case capacity', detail: 'Handle more claims with the same team.' },
  { value: '70%', label: 'less admin', detail: 'Less chasing of documents, deadlines and updates.' },
  { value: '30%', label: 'faster payments', detail: 'Well-documented claims move to payment sooner.' },
] as const;

export interface Feature {
  icon: LucideIcon;
  title: string;
  description: string;
}

export const FEATURES: readonly Feature[] = [
  {
    icon: BrainCircuit,
    title: 'AI case valuation',
    description:
      'Estimate what a claim is worth from the damage documentation, policy terms and comparable outcomes, and negotiate from a target range instead of a guess.',
  },
  {
    icon: MessagesSquare,
    title: 'Collaboration',
    description:
      'Attorneys, contractors, adjusters, experts and property owners work from one shared case file, with secure messaging and a timeline everyone can follow.',
  },
  {
    icon: FolderOpen,
    title: 'Document management',
    description:
      'Keep estimates, photos, policies and correspondence in one searchable place. Smart upload pulls out parties, dates and amounts for you.',
  },
  {
    icon: UserSearch,
    title: 'Expert witness network',
    description:
      'Find structural engineers, fire investigators and water-damage specialists by specialty, availability and rate, and bring them into the case.',
  },
  {
    icon: Workflow,
    title: 'Automated workflows',
    description:
      'Templates for intake, documentation, deadlines and follow-ups keep every case moving without anyone having to chase it.',
  },
  {
    icon: ChartColumn,
    title: 'Reporting',
    description:
      'See case volume, settlement values and success rates across your practice, with reports ready to share with partners and clients.',
  },
];

export interface Role {
  id: string;
  icon: LucideIcon;
  title: string;
  summary: string;
  points: readonly string[];
}

export const ROLES: readonly Role[] = [
  {
    id: 'attorneys',
    icon: Scale,
    title: 'Attorneys',
    summary: 'Run a property-damage practice at scale, from intake to settlement, without adding headcount.',
    points: [
      'AI valuation and target ranges for every negotiation',
      'Deadlines, calendars and e-mail connected to each case',
      'Firm-wide analytics on settlements and success rates',
    ],
  },
  {
    id: 'restoration-contractors',
    icon: HardHat,
    title: 'Restoration Contractors',
    summary:
      'Turn your field documentation into evidence that gets invoices paid, instead of files that sit in a queue.',
    points: [
      'Upload estimates, photos and moisture logs straight to the case',
      'See where each claim stands and what is still missing',
      'Work alongside the attorney and adjuster in one place',
    ],
  },
  {
    id: 'public-adjusters',
    icon: Calculator,
    title: 'Public Adjusters',
    summary: 'Build a stronger claim faster and keep policyholders informed without endless status calls.',
    points: [
      'Organized documentation for every loss, ready to submit',
      'Valuation support grounded in comparable outcomes',
      'Hand off to counsel with the full file when a claim is disputed',
    ],
  },
  {
    id: 'property-owners',
    icon: House,
    title: 'Property Owners',
    summary: 'Know where your claim stands at every step, and reach your whole team from one secure portal.',
    points: [
      'A clear timeline of your case and what happens next',
      'Message your attorney, contractor and adjuster in one thread',
      'Upload documents from any device, with a checklist of what is needed',
    ],
  },
];

export interface Testimonial {
  quote: string;
  name: string;
  role: string;
  initials: string;
}

/** Fictional customers. */
export const TESTIMONIALS: readonly Testimonial[] = [
  {
    quote:
      'We now carry several times the caseload with the same team. The valuation gives us a defensible number before the first call with the carrier.',
    name: 'Maria Delgado',
    role: 'Managing Partner, Delgado Property Law',
    initials: 'MD',
  },
  {
    quote:
      'Every estimate, photo and moisture reading lands in the same file the attorney works from. Our invoices stopped sitting for months.',
    name: 'James Okafor',
    role: 'Owner, Okafor Restoration Group',
    initials: 'JO',
  },
  {
    quote:
      'After the storm I finally knew where my claim stood. I could see the timeline, message my team and send documents from my phone.',
    name: 'Linda Park',
    role: 'Property owner',
    initials: 'LP',
  },
];

export interface Plan {
  name: string;
  price: string;
  period?: string;
  description: string;
  features: readonly string[];
  cta: { label: string; to: string; kind: 'route' | 'anchor' };
  highlighted?: boolean;
}

export const PLANS: readonly Plan[] = [
  {
    name: 'Free Trial',
    price: '$0',
    description: 'Try Sentinel with your own cases before you commit.',
    features: ['Full Pro features', 'Invite your team and clients', 'No credit card required'],
    cta: { label: 'Start your trial', to: '/signup', kind: 'route' },
  },
  {
    name: 'Pro Plan',
    price: '$500',
    period: '/month',
    description: 'Everything a growing claims practice needs in one workspace.',
    features: [
      'AI case valuation',
      'Document management and smart upload',
      'Automated workflows and reporting',
      'Expert witness network',
      'Google Workspace and Microsoft 365 integration',
    ],
    cta: { label: 'Choose Pro', to: '/signup', kind: 'route' },
    highlighted: true,
  },
  {
    name: 'Enterprise',
    price: 'Custom',
    description: 'For multi-office firms and networks with advanced needs.',
    features: ['Everything in Pro', 'Onboarding and data migration', 'Dedicated success manager'],
    cta: { label: 'Contact sales', to: '#contact', kind: 'anchor' },
  },
];

export const CONTACT_EMAIL = 'hello@sentinel.example';

export const COPYRIGHT = '© 2025 Sentinel. All rights reserved.';
