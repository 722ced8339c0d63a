/**
 * What a demo document says about its case, read from the seeded case row (demo-cases.ts), so a
 * letter's claim number, policy number, date of loss and address are the case's own. Dates are
 * ISO days relative to the date of loss: the demo's dates move with today, and so do these.
 */
export interface DemoCaseFacts {
  caseNumber: string;
  carrier: string;
  policyNumber: string;
  claimNumber: string;
  /** ISO day. */
  dateOfLoss: string;
  propertyAddress: string;
  client: { firstName: string; lastName: string };
}

export const DEMO_LAW_FIRM = {
  name: 'Morgan & Reyes Claims Law',
  attorney: 'Alex Morgan',
  street: '1200 Brickell Avenue, Suite 1450',
  city: 'Miami, FL 33131',
  phone: '(305) 555-0100',
  email: 'amorgan@morganreyes.example',
  barNumber: '0184467',
} as const;

/** The ISO day `days` after `iso`. */
export function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** "March 4, 2026". */
export const longDate = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** "03/04/2026", as forms and estimates print dates. */
export const shortDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/** "12,345.67" (no sign: callers put the "$" or the parentheses where the document would). */
export const money = (value: number) =>
  value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const fullName = (facts: DemoCaseFacts) => `${facts.client.firstName} ${facts.client.lastName}`;

/** The address's street line and its "City, ST 00000" line. */
export function addressLines(address: string): [string, string] {
  const [street, ...rest] = address.split(', ');
  return [street!, rest.join(', ')];
}
