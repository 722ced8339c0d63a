/**
 * @sentinel/deadlines: the claim deadline engine (shared/reference/claim-deadlines.md). Rules are
 * data, one file per jurisdiction; day counting uses Luxon and date-holidays; no clock, no I/O.
 */
export { computeDeadlines, type DeadlineInput, type DeadlineResult } from './engine';
export {
  addBusinessDays,
  addCalendarDays,
  addMonths,
  addYears,
  daysBetween,
  isBusinessDay,
  isLegalHoliday,
  isWeekend,
  legalHolidays,
  rollBackward,
  rollForward,
  weekdayName,
  type HolidayJurisdiction,
} from './counting';
export { RULE_SETS, RULES, STATE_RULE_SETS } from './rules';
export { RULES_FINGERPRINT } from './fingerprint';
export type {
  DeadlineRule,
  KeyDates,
  NoteRule,
  Period,
  PeriodUnit,
  RollDirection,
  Rule,
  RuleSet,
  RuleTrigger,
  RuleVersion,
  RuleVersions,
  VersionBasis,
} from './rules/types';
