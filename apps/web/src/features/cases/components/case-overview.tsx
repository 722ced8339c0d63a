import { Card } from '@/components/ui/card';
import type { CaseTabProps } from '../types';
import { caseTypeLabel, priorityLabel } from '../utils/format';
import { formatDay, formatDollars } from '@/lib/format';
import { Detail, notSet } from '@/components/ui/detail';
import { CaseFieldSuggestions } from './case-field-suggestions';

const orNone = (value: string | null | undefined) => (value ? value : notSet);
const dayOrNone = (value: string | null) =>
  value ? <time dateTime={value}>{formatDay(value)}</time> : notSet;
const usdOrNone = (value: number | null) => (value === null ? notSet : formatDollars(value));

const mailLink = 'text-brand-700 hover:text-brand-800 hover:underline';

/** The case's details: people, dates, the insurance claim and the amounts. */
export function CaseOverview({ detail, canManage }: CaseTabProps) {
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="space-y-6 lg:col-span-2">
        <Card title="Case details" headingLevel="h2">
          <dl className="grid gap-x-6 gap-y-4 text-sm sm:grid-cols-2">
            <Detail term="Client">
              <span className="block">{detail.client.name}</span>
              <a href={`mailto:${detail.client.email}`} className={`${mailLink} block break-all`}>
                {detail.client.email}
              </a>
              {detail.client.phone && (
                <a
                  href={`tel:${detail.client.phone.replace(/[^+\d]/g, '')}`}
                  className="block text-slate-700 hover:underline"
                >
                  {detail.client.phone}
                </a>
              )}
            </Detail>
            <Detail term="Lead attorney">
              {detail.leadAttorney ? (
                <>
                  <span className="block">{detail.leadAttorney.name}</span>
                  <a href={`mailto:${detail.leadAttorney.email}`} className={`${mailLink} block break-all`}>
                    {detail.leadAttorney.email}
                  </a>
                </>
              ) : (
                <span className="text-slate-500">Unassigned</span>
              )}
            </Detail>
            <Detail term="Case type">{caseTypeLabel(detail.caseType)}</Detail>
            <Detail term="Priority">{priorityLabel(detail.priority)}</Detail>
            <Detail term="Date opened">{dayOrNone(detail.dateOpened)}</Detail>
            <Detail term="Due date">{dayOrNone(detail.dueDate)}</Detail>
          </dl>
        </Card>

        <Card title="Description" headingLevel="h2">
          {detail.description ? (
            <p className="text-sm whitespace-pre-line text-slate-800">{detail.description}</p>
          ) : (
            <p className="text-sm text-slate-500">No description yet.</p>
          )}
        </Card>
      </div>

      <div className="space-y-6">
        {canManage && <CaseFieldSuggestions caseId={detail.id} />}
        <Card title="Insurance claim" headingLevel="h2">
          <dl className="grid gap-y-4 text-sm">
            <Detail term="Carrier">{orNone(detail.carrier)}</Detail>
            {detail.policyNumber !== undefined && (
              <Detail term="Policy number">{orNone(detail.policyNumber)}</Detail>
            )}
            {detail.claimNumber !== undefined && (
              <Detail term="Claim number">{orNone(detail.claimNumber)}</Detail>
            )}
            <Detail term="Date of loss">{dayOrNone(detail.dateOfLoss)}</Detail>
            <Detail term="Property address">
              {detail.propertyAddress ? (
                <span className="whitespace-pre-line">{detail.propertyAddress}</span>
              ) : (
                notSet
              )}
            </Detail>
          </dl>
        </Card>

        <Card title="Settlement" headingLevel="h2">
          <dl className="grid gap-y-4 text-sm">
            {detail.targetSettlement !== undefined && (
              <Detail term="Target settlement">{usdOrNone(detail.targetSettlement)}</Detail>
            )}
            <Detail term="Settlement amount">{usdOrNone(detail.settlementAmount)}</Detail>
          </dl>
        </Card>
      </div>
    </div>
  );
}
