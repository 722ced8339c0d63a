import { addDays, fullName, money, shortDate, type DemoCaseFacts } from './facts';

/** A line of the estimate: quantity × unit price, less depreciation at `depreciation` (0–1). */
interface LineItem {
  description: string;
  quantity: number;
  unit: 'SF' | 'LF' | 'EA' | 'SY' | 'DA' | 'HR';
  price: number;
  depreciation: number;
}

/**
 * The contractor's scope for the Ellis water loss, room by room, at Miami prices: water
 * mitigation, tear-out and rebuild of the kitchen, family room, hallway and laundry. Written for
 * the demo (no real estimate is in the corpus); the totals are computed, so they always add up.
 */
const ROOMS: Array<{ room: string; items: LineItem[] }> = [
  {
    room: 'Water Mitigation',
    items: [
      {
        description: 'Water extraction from floor - heavy',
        quantity: 1_420,
        unit: 'SF',
        price: 1.38,
        depreciation: 0,
      },
      {
        description: 'Air mover (per 24 hour period) - 14 units x 5 days',
        quantity: 70,
        unit: 'DA',
        price: 31.6,
        depreciation: 0,
      },
      {
        description: 'Dehumidifier, large (per 24 hour period) - 4 units x 5 days',
        quantity: 20,
        unit: 'DA',
        price: 121.5,
        depreciation: 0,
      },
      { description: 'Apply antimicrobial agent', quantity: 3_860, unit: 'SF', price: 0.44, depreciation: 0 },
      {
        description: 'Mold remediation technician - containment and HEPA cleaning',
        quantity: 36,
        unit: 'HR',
        price: 92.4,
        depreciation: 0,
      },
    ],
  },
  {
    room: "Kitchen (14' x 18')",
    items: [
      {
        description: 'R&R Cabinetry - lower (base) units, custom grade',
        quantity: 34,
        unit: 'LF',
        price: 684.2,
        depreciation: 0.22,
      },
      {
        description: 'R&R Cabinetry - upper (wall) units, custom grade',
        quantity: 28,
        unit: 'LF',
        price: 512.75,
        depreciation: 0.22,
      },
      {
        description: 'R&R Countertop - quartz, with undermount sink cut-out',
        quantity: 92,
        unit: 'SF',
        price: 118.4,
        depreciation: 0.1,
      },
      {
        description: 'R&R Tile backsplash - porcelain, with installation',
        quantity: 64,
        unit: 'SF',
        price: 34.85,
        depreciation: 0.1,
      },
      {
        description: 'Detach & reset appliances (range, dishwasher, refrigerator, hood)',
        quantity: 4,
        unit: 'EA',
        price: 286.0,
        depreciation: 0,
      },
      {
        description: 'Plumbing - detach & reset sink, faucet and disposal',
        quantity: 1,
        unit: 'EA',
        price: 642.18,
        depreciation: 0,
      },
    ],
  },
  {
    room: 'Family Room, Kitchen and Hallway - Floors',
    items: [
      {
        description: 'Tear out wet engineered hardwood flooring, bag for disposal',
        quantity: 1_420,
        unit: 'SF',
        price: 3.12,
        depreciation: 0,
      },
      {
        description: 'R&R Engineered hardwood flooring - oak, 7" plank, high grade',
        quantity: 1_420,
        unit: 'SF',
        price: 19.86,
        depreciation: 0.15,
      },
      {
        description: 'Floor leveling / self-leveling underlayment',
        quantity: 1_420,
        unit: 'SF',
        price: 4.9,
        depreciation: 0,
      },
      {
        description: 'R&R Baseboard - 5 1/4" MDF, paint grade',
        quantity: 318,
        unit: 'LF',
        price: 9.64,
        depreciation: 0.15,
      },
    ],
  },
  {
    room: 'Family Room, Kitchen and Hallway - Walls and Ceilings',
    items: [
      {
        description: 'Tear out wet drywall (flood cut to 4 ft), bag for disposal',
        quantity: 1_272,
        unit: 'SF',
        price: 2.31,
        depreciation: 0,
      },
      {
        description: 'R&R Drywall - 5/8" hung, taped, floated, ready for paint (ceilings)',
        quantity: 1_180,
        unit: 'SF',
        price: 5.92,
        depreciation: 0,
      },
      {
        description: 'Drywall - 1/2" hung, taped, floated, ready for paint (walls)',
        quantity: 1_272,
        unit: 'SF',
        price: 4.48,
        depreciation: 0,
      },
      {
        description: 'R&R Batt insulation - 4" R13 (exterior walls)',
        quantity: 486,
        unit: 'SF',
        price: 1.94,
        depreciation: 0,
      },
      {
        description: 'Seal/prime then paint walls and ceilings (2 coats)',
        quantity: 4_960,
        unit: 'SF',
        price: 1.58,
        depreciation: 0.25,
      },
      {
        description: 'R&R Recessed light fixtures (ceiling opened)',
        quantity: 14,
        unit: 'EA',
        price: 212.4,
        depreciation: 0.1,
      },
      {
        description: 'R&R Crown molding - 4 1/4"',
        quantity: 176,
        unit: 'LF',
        price: 11.32,
        depreciation: 0.15,
      },
    ],
  },
  {
    room: 'Laundry Room (second floor)',
    items: [
      {
        description: 'R&R Porcelain tile floor with waterproofing membrane',
        quantity: 86,
        unit: 'SF',
        price: 28.7,
        depreciation: 0.15,
      },
      {
        description: 'R&R Washing machine supply lines and outlet box',
        quantity: 1,
        unit: 'EA',
        price: 486.25,
        depreciation: 0,
      },
      {
        description: 'R&R Subfloor - 3/4" plywood (water damaged)',
        quantity: 86,
        unit: 'SF',
        price: 6.42,
        depreciation: 0,
      },
    ],
  },
  {
    room: 'General Conditions',
    items: [
      {
        description: 'Contents manipulation - move out and reset (kitchen and family room)',
        quantity: 24,
        unit: 'HR',
        price: 68.5,
        depreciation: 0,
      },
      { description: 'Temporary kitchen set-up', quantity: 1, unit: 'EA', price: 1_450.0, depreciation: 0 },
      { description: 'Dumpster load - 30 yards', quantity: 2, unit: 'EA', price: 785.0, depreciation: 0 },
      {
        description: 'Final cleaning - construction, residential',
        quantity: 3_860,
        unit: 'SF',
        price: 0.52,
        depreciation: 0,
      },
      {
        description: 'Permits and inspections (City of Miami)',
        quantity: 1,
        unit: 'EA',
        price: 2_380.0,
        depreciation: 0,
      },
      {
        description: 'Supervision / project management',
        quantity: 120,
        unit: 'HR',
        price: 72.0,
        depreciation: 0,
      },
    ],
  },
];

const DEDUCTIBLE = 2_500;
const cents = (value: number) => Math.round(value * 100) / 100;

/** The estimate's figures, computed from its lines (exported for the test and the notes). */
export function estimateTotals() {
  const lines = ROOMS.flatMap((r) => r.items).map((item) => {
    const rcv = cents(item.quantity * item.price);
    const depreciation = cents(rcv * item.depreciation);
    return { rcv, depreciation };
  });
  const lineItems = cents(lines.reduce((sum, l) => sum + l.rcv, 0));
  const overhead = cents(lineItems * 0.1);
  const profit = cents(lineItems * 0.1);
  const rcv = cents(lineItems + overhead + profit);
  const depreciation = cents(lines.reduce((sum, l) => sum + l.depreciation, 0));
  const acv = cents(rcv - depreciation);
  return {
    lineItems,
    overhead,
    profit,
    rcv,
    depreciation,
    acv,
    deductible: DEDUCTIBLE,
    net: cents(acv - DEDUCTIBLE),
  };
}

/** An Xactimate-style estimate by the demo contractor (Whitaker Restoration), dated `dated`. */
export function repairEstimate(facts: DemoCaseFacts, dated: string): string {
  const totals = estimateTotals();
  let number = 0;
  const rooms = ROOMS.map(({ room, items }) => {
    const lines = items.map((item) => {
      number += 1;
      const rcv = cents(item.quantity * item.price);
      const depreciation = cents(rcv * item.depreciation);
      return `${number}. ${item.description} | ${item.quantity.toLocaleString('en-US')} ${item.unit} @ ${money(item.price)} | RCV ${money(rcv)} | Depr. <${money(depreciation)}> | ACV ${money(rcv - depreciation)}`;
    });
    return `${room}\n${lines.join('\n')}`;
  });
  return `WHITAKER RESTORATION CO.
2290 NW 7th Avenue, Miami, FL 33127 | (305) 555-0134 | Certified General Contractor CGC1528840

ESTIMATE OF REPAIRS - WATER DAMAGE

Insured: ${fullName(facts)}
Property: ${facts.propertyAddress}
Carrier: ${facts.carrier}
Claim Number: ${facts.claimNumber}
Policy Number: ${facts.policyNumber}
Type of Loss: Water damage (failed washing machine supply line)
Date of Loss: ${shortDate(facts.dateOfLoss)}
Date Inspected: ${shortDate(addDays(facts.dateOfLoss, 2))}
Date Estimated: ${shortDate(dated)}
Estimator: Sam Whitaker
Price List: FLMI8X (Miami, FL), current month; material sales tax included in unit prices

Line items: description | quantity @ unit price | replacement cost (RCV) | depreciation | actual cash value (ACV)

${rooms.join('\n\n')}

SUMMARY FOR DWELLING
Line Item Total: $${money(totals.lineItems)}
Overhead (10%): $${money(totals.overhead)}
Profit (10%): $${money(totals.profit)}
Replacement Cost Value (RCV): $${money(totals.rcv)}
Less Recoverable Depreciation: <$${money(totals.depreciation)}>
Actual Cash Value (ACV): $${money(totals.acv)}
Less Deductible: <$${money(totals.deductible)}>
Net Claim: $${money(totals.net)}
Total Recoverable Depreciation (payable when the work is completed): $${money(totals.depreciation)}
Net Claim if Depreciation is Recovered: $${money(totals.rcv - totals.deductible)}

This estimate covers the dwelling only; contents are not included. Hidden damage found during the work (framing, subfloor, electrical) will be submitted as a supplement. Prices are valid for 30 days.

Sam Whitaker, Estimator
Whitaker Restoration Co.
`;
}
