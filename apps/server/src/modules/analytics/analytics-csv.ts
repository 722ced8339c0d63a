import {
  ANALYTICS_PERIOD_LABELS,
  CASE_STATUS_LABELS,
  CASE_TYPE_LABELS,
  type AnalyticsResponse,
} from '@sentinel/shared';

type Cell = string | number | null;

/** Amounts with their cents, so a spreadsheet sums them exactly. */
const money = (value: number | null) => (value === null ? null : value.toFixed(2));

/**
 * One CSV cell (RFC 4180). Text that a spreadsheet would run as a formula (starting with = + - @,
 * a tab or a carriage return) is prefixed with an apostrophe, so a client named "=HYPERLINK(…)"
 * stays text (OWASP CSV injection).
 */
export function csvCell(value: Cell): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const line = (cells: Cell[]) => cells.map(csvCell).join(',');

/**
 * The period's figures as on the screen, section by section, and its top cases. Amounts are plain
 * dollars with cents, percentages plain numbers, dates ISO; a figure there is none of is empty.
 */
export function analyticsCsv(data: AnalyticsResponse): string {
  const period = ANALYTICS_PERIOD_LABELS[data.period];
  const { stats, quickStats } = data;
  const lines: Cell[][] = [
    ['Sentinel Firm Analytics'],
    ['Period', period],
    ['From', data.from],
    ['To', data.to],
    [],
    ['Figure', 'Value', 'Covers'],
    ['Active Cases', stats.activeCases, 'Now'],
    ['Active Cases (open during the period)', stats.activeCasesInPeriod, period],
    ['Total Settlements MTD', money(stats.settlementsMtd), 'Month to date'],
    ['Total Settlements (settled in the period)', money(stats.settlementsInPeriod), period],
    ['Success Rate (%)', stats.successRate, period],
    ['Settled cases with a target', stats.settledWithTarget, period],
    ['Total Clients', stats.totalClients, 'Now'],
    ['New Clients', stats.newClients, period],
    ['Avg. Case Duration (months)', quickStats.avgCaseDurationMonths, period],
    ['Avg. Settlement Value', money(quickStats.avgSettlementValue), period],
    ['Cases in Negotiation', quickStats.casesInNegotiation, 'Now'],
    ['Pending Depositions', quickStats.pendingDepositions, 'Upcoming'],
    ['Expert Reports Due', quickStats.expertReportsDue, 'Now'],
    [],
    ['Revenue by Case Type'],
    ['Case type', 'Cases settled', 'Settlement total'],
    ...data.revenueByCaseType.map((row) => [CASE_TYPE_LABELS[row.caseType], row.settled, money(row.total)]),
    [],
    ['Case Success Rate'],
    ['Outcome', 'Cases'],
    ['Reached 90% of target', data.caseSuccess.reachedTarget],
    ['Below 90% of target', data.caseSuccess.belowTarget],
    ['No target', data.caseSuccess.noTarget],
    [],
    ['Monthly Performance Trends'],
    ['Month', 'Cases opened', 'Cases settled', 'Settlement total'],
    ...data.monthly.map((row) => [row.month, row.opened, row.settled, money(row.settlementTotal)]),
    [],
    ['Top Performing Cases'],
    ['Case', 'Client', 'Value', 'Status', 'Title', 'Settled'],
    ...data.topCases.map((row) => [
      row.caseNumber,
      row.clientName,
      money(row.settlementAmount),
      CASE_STATUS_LABELS[row.status],
      row.title,
      row.settledAt.slice(0, 10),
    ]),
  ];
  // A byte order mark, so spreadsheets read the names as UTF-8.
  return `\uFEFF${lines.map(line).join('\r\n')}\r\n`;
}
